import type { EnvironmentId } from '../../../shared/domain/item-type'
import type { StoreGroup } from '../../../shared/settings'
import { SAMPLE_STORE_GROUP } from './sample-values'

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** The groups the Stores field offers: the saved ones, and in Demo the sample group unless one of that name is saved. */
export function groupsOffered(saved: readonly StoreGroup[], environment: EnvironmentId): StoreGroup[] {
  if (environment !== 'demo' || saved.some((group) => sameName(group.name, SAMPLE_STORE_GROUP.name))) return [...saved]
  return [...saved, SAMPLE_STORE_GROUP]
}

/** The group that holds exactly these stores (in any order), so the field can say which group it shows. */
export function groupWithStores(groups: readonly StoreGroup[], stores: readonly number[]): StoreGroup | null {
  if (stores.length === 0) return null
  const wanted = new Set(stores)
  return groups.find((group) => group.stores.length === wanted.size && group.stores.every((store) => wanted.has(store))) ?? null
}

export function groupNamed(groups: readonly StoreGroup[], name: string): StoreGroup | null {
  return groups.find((group) => sameName(group.name, name)) ?? null
}

/** The saved groups with `group` added, replacing one of the same name (names differ only in case count as the same). */
export function withGroup(groups: readonly StoreGroup[], group: StoreGroup): StoreGroup[] {
  const kept = groups.filter((candidate) => !sameName(candidate.name, group.name))
  return [...kept, { name: group.name.trim(), stores: [...group.stores] }].sort((a, b) => a.name.localeCompare(b.name))
}

export function withoutGroup(groups: readonly StoreGroup[], name: string): StoreGroup[] {
  return groups.filter((group) => !sameName(group.name, name))
}
