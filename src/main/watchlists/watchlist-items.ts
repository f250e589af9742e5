import { IMPORT_VALUE_SEPARATOR, type InputLine } from '../../shared/contract'
import type { StoreGroup } from '../../shared/settings'
import type {
  WatchlistDefinition,
  WatchlistItem,
  WatchlistRecord,
  WatchlistStores,
  WatchlistSummary
} from '../../shared/watchlists/watchlist'
import { CARRIED_LINES_PER_ASK } from '../files/import/import-service'
import type { CarriedPart } from '../history/staged-carried'
import type { CarriedParts, CarriedRows } from '../jobs/job-types'
import type { StoredInput } from '../history/lookup-origins'

/**
 * Between a watchlist's items and a lookup's lines: the cells of an imported file's other columns
 * travel both ways joined as the job runner carries them.
 */

/** Items from the lines a form ran, with their imported cells when it had a file (`carried`, aligned with `lines`). */
export function itemsFromLines(lines: readonly InputLine[], carried: CarriedRows | null): { columns: string[]; items: WatchlistItem[] } {
  const columns = carried?.columns ?? []
  const items = lines.map(({ input }, index) => ({ input, cells: cellsOf(carried?.rows[index] ?? null, columns.length) }))
  return { columns, items }
}

/** Items from a lookup in History, with the cells it kept. */
export function itemsFromInputs(inputs: readonly StoredInput[]): WatchlistItem[] {
  return inputs.map(({ input, cells }) => ({ input, cells: trimEmpty(cells) }))
}

/**
 * A list saved again from the form without a file: the values that were in the watchlist keep
 * their cells, so editing a watchlist's stores or adding a value does not lose its columns.
 */
export function keepCells(previous: WatchlistDefinition, lines: readonly InputLine[]): { columns: string[]; items: WatchlistItem[] } {
  const cells = new Map<string, string[]>()
  for (const item of previous.items) if (!cells.has(item.input)) cells.set(item.input, item.cells)
  return { columns: previous.columns, items: lines.map(({ input }) => ({ input, cells: cells.get(input) ?? [] })) }
}

/**
 * What a run of the watchlist looks up: lines numbered from 1, and its columns carried when it has
 * any, a part at a time as History's writer stages them (each row joined only when its part is sent),
 * so no message carries every row's cells and main never holds them all joined.
 */
export function linesOf(definition: Pick<WatchlistDefinition, 'items' | 'columns'>): { lines: InputLine[]; carried: CarriedParts | null } {
  const lines = definition.items.map(({ input }, index) => ({ line: index + 1, input }))
  if (definition.columns.length === 0) return { lines, carried: null }
  return { lines, carried: inParts(definition.columns, lines, definition.items) }
}

/** A lookup's own lines, their numbers kept, and its columns carried a part at a time when it had any. */
export function linesOfLookup(inputs: readonly StoredInput[], columns: string[]): { lines: InputLine[]; carried: CarriedParts | null } {
  const lines = inputs.map(({ line, input }) => ({ line, input }))
  if (columns.length === 0) return { lines, carried: null }
  return { lines, carried: inParts(columns, lines, inputs) }
}

/** `lines` in line order, with each one's cells at the same index of `cells`. */
function inParts(columns: string[], lines: readonly InputLine[], cells: readonly { cells: readonly string[] }[]): CarriedParts {
  async function* parts(): AsyncGenerator<CarriedPart> {
    for (let start = 0; start < lines.length; start += CARRIED_LINES_PER_ASK) {
      const end = Math.min(start + CARRIED_LINES_PER_ASK, lines.length)
      yield {
        lines: lines.slice(start, end).map(({ line }) => line),
        rows: cells.slice(start, end).map((item) => joinCells(item.cells, columns.length))
      }
    }
  }
  return { columns, parts: parts() }
}

/** The stores a run takes now: a group's as settings have it, or those it had when saved if it is gone. */
export function storesNow(stores: WatchlistStores, groups: readonly StoreGroup[]): { stores: number[]; groupMissing: boolean } {
  if (stores.kind === 'list') return { stores: stores.stores, groupMissing: false }
  const group = groups.find((candidate) => candidate.name.toLowerCase() === stores.group.toLowerCase())
  return group === undefined ? { stores: stores.stores, groupMissing: true } : { stores: group.stores, groupMissing: false }
}

export function summaryOf(record: WatchlistRecord, groups: readonly StoreGroup[]): WatchlistSummary {
  const now = storesNow(record.stores, groups)
  return { ...record, storesNow: now.stores, groupMissing: now.groupMissing }
}

/** A name no other watchlist has: "Morning check (2)", "(3)"... */
export function freeName(wanted: string, taken: readonly string[], maxChars: number): string {
  const names = new Set(taken.map((name) => name.toLowerCase()))
  if (!names.has(wanted.toLowerCase())) return wanted
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`
    const candidate = `${wanted.slice(0, maxChars - suffix.length)}${suffix}`
    if (!names.has(candidate.toLowerCase())) return candidate
  }
}

function cellsOf(joined: string | null, width: number): string[] {
  if (joined === null || width === 0) return []
  return trimEmpty(joined.split(IMPORT_VALUE_SEPARATOR).slice(0, width))
}

function joinCells(cells: readonly string[], width: number): string {
  return Array.from({ length: width }, (_, index) => cells[index] ?? '').join(IMPORT_VALUE_SEPARATOR)
}

/** Trailing empty cells are not kept: a typed value has none, and a file's short row reads as empty cells anyway. */
function trimEmpty(cells: readonly string[]): string[] {
  let end = cells.length
  while (end > 0 && cells[end - 1] === '') end -= 1
  return cells.slice(0, end)
}
