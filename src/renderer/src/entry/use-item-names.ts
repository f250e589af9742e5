import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ImportSource } from '../../../shared/contract'
import type { ItemType } from '../../../shared/domain/item-type'
import { catalogueNamesQuery, importedNamesQuery } from '../api/item-name-queries'
import type { ListCheck } from './list-check'

const NO_LINE_NAMES: ReadonlyMap<number, string> = new Map()
const NO_VALUE_NAMES: ReadonlyMap<string, string> = new Map()

/**
 * Each listed line's item name: the imported file's own when it named its items, else the one the
 * item catalogue learned from earlier imports.
 */
export function useListItemNames(source: ImportSource | null, itemType: ItemType, check: ListCheck | null): ReadonlyMap<number, string> {
  const imported = useQuery(importedNamesQuery(source)).data ?? NO_LINE_NAMES
  const named = source?.nameColumn != null
  const values = useMemo(() => {
    if (check === null || named) return []
    const distinct = new Set<string>()
    for (const lines of Object.values(check.listed)) for (const line of lines) if (line.value !== null) distinct.add(line.value)
    return [...distinct].sort()
  }, [check, named])
  const catalogue = useQuery(catalogueNamesQuery(itemType, values, !named)).data ?? NO_VALUE_NAMES
  return useMemo(() => {
    if (named || check === null || catalogue.size === 0) return imported
    const byLine = new Map<number, string>()
    for (const lines of Object.values(check.listed)) {
      for (const line of lines) {
        const name = line.value === null ? undefined : catalogue.get(line.value)
        if (name !== undefined) byLine.set(line.line, name)
      }
    }
    return byLine
  }, [named, check, catalogue, imported])
}
