import { itemAsOf, widenAsOf, type AsOfRange } from '../../../shared/domain/as-of'
import type { ItemType } from '../../../shared/domain/item-type'
import type { FinalLineStatus, LineResult } from '../../../shared/domain/line-result'
import { LineEntry } from './line-entry'
import type { RowStatus } from '../grid/row-status'
import { ItemRow } from './view-rows'

export type StatusCounts = Readonly<Record<FinalLineStatus, number>>

/**
 * The job's result log reduced to one entry per store and line: the one source of every count the
 * screen shows (progress card, chips, summaries), so none of them can disagree with another.
 * Immutable: applying entries returns a new set, so React memos keyed on it stay honest.
 */
export interface ResultSet {
  readonly jobId: string
  readonly itemType: ItemType
  /** The lookup's stores in its order; entries go store by store. */
  readonly stores: readonly number[]
  /** Offset of the next unread entry of the job's append-only log. */
  readonly next: number
  /** The latest entry of each store and line that has one: store by store in the lookup's order, lines in order. */
  readonly lines: readonly LineEntry[]
  /** The same entries per store (by its position in `stores`), indexed by line number (dense: the rows of a list or a file). */
  readonly byStore: readonly (readonly (LineEntry | undefined)[])[]
  /** Entries per latest status (an entry being retried still counts as failed here). */
  readonly counts: StatusCounts
  /** Log offset at which a "Retry failed" began: failures logged before it are being looked up again. */
  readonly retryFrom: number
  /** Failed entries whose retry has not answered yet. */
  readonly retrying: number
  /** The earliest and latest time the API gave with the answers read so far; null while none gave one. */
  readonly asOf: AsOfRange | null
}

const ZERO_COUNTS: StatusCounts = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }

export function emptyResultSet(jobId: string, itemType: ItemType, stores: readonly number[] = []): ResultSet {
  return {
    jobId,
    itemType,
    stores,
    next: 0,
    lines: [],
    byStore: stores.map(() => []),
    counts: ZERO_COUNTS,
    retryFrom: 0,
    retrying: 0,
    asOf: null
  }
}

function isRetrying(entry: LineEntry, retryFrom: number): boolean {
  return entry.result.status === 'failed' && entry.logIndex < retryFrom
}

/** The entry of a store and line, if it has one. */
export function entryAt(set: ResultSet, storeNbr: number, line: number): LineEntry | undefined {
  const position = set.stores.indexOf(storeNbr)
  return position < 0 ? undefined : set.byStore[position]?.[line]
}

/** Applies log entries read up to `next`; a later entry for a store and line replaces the earlier one (retry). */
export function applyEntries(set: ResultSet, entries: readonly LineResult[], next: number): ResultSet {
  if (entries.length === 0) return next === set.next ? set : { ...set, next }
  let stores = set.stores
  const positions = new Map(stores.map((store, position) => [store, position]))
  const byStore = set.byStore.slice()
  // Copied on a store's first change only: stores this read did not touch keep their arrays.
  const copied = new Set<number>()
  const counts: Record<FinalLineStatus, number> = { ...set.counts }
  let retrying = set.retrying
  let asOf = set.asOf
  let added = false
  const first = next - entries.length
  for (let offset = 0; offset < entries.length; offset += 1) {
    const result = entries[offset] as LineResult
    let position = positions.get(result.storeNbr)
    if (position === undefined) {
      // A store the set was not told of (a set made before the lookup's stores were known) goes last.
      position = stores.length
      stores = [...stores, result.storeNbr]
      positions.set(result.storeNbr, position)
      byStore.push([])
    }
    let byLine = byStore[position] as (LineEntry | undefined)[]
    if (!copied.has(position)) {
      byLine = byLine.slice()
      byStore[position] = byLine
      copied.add(position)
    }
    const previous = byLine[result.line]
    if (previous === undefined) added = true
    else {
      counts[previous.result.status] -= 1
      if (isRetrying(previous, set.retryFrom)) retrying -= 1
    }
    counts[result.status] += 1
    asOf = widenAsOf(asOf, itemAsOf(result.item))
    const entry = new LineEntry(result, set.itemType, first + offset)
    // Read late, a failure logged before the retry began is being retried too.
    if (isRetrying(entry, set.retryFrom)) retrying += 1
    byLine[result.line] = entry
  }
  const lines = added ? inOrder(byStore) : set.lines.map((entry) => byStore[positions.get(entry.storeNbr) ?? -1]?.[entry.line] ?? entry)
  return { ...set, stores, next, lines, byStore, counts, retrying, asOf }
}

/**
 * `applyEntries`, `slice` entries at a time, awaiting `between` after each slice so the window can
 * paint and take input; the set it gives is the one `applyEntries` gives for all of them at once.
 */
export async function applyEntriesInSlices(
  set: ResultSet,
  entries: readonly LineResult[],
  next: number,
  slice: number,
  between: () => Promise<void>
): Promise<ResultSet> {
  let applied = set
  for (let start = 0; start === 0 || start < entries.length; start += slice) {
    if (start > 0) await between()
    const end = Math.min(entries.length, start + slice)
    // Each slice ends where its last entry's offset says, so every entry keeps its place in the log.
    applied = applyEntries(applied, entries.slice(start, end), next - (entries.length - end))
  }
  return applied
}

/** The entries store by store, lines in order: walking each store's index by line sorts them without a sort. */
function inOrder(byStore: readonly (readonly (LineEntry | undefined)[])[]): LineEntry[] {
  const lines: LineEntry[] = []
  for (const byLine of byStore) {
    for (let line = 0; line < byLine.length; line += 1) {
      const entry = byLine[line]
      if (entry !== undefined) lines.push(entry)
    }
  }
  return lines
}

/** A retry of the failed lines began when the log was `from` long: those failures count as pending until they are answered again. */
export function markRetry(set: ResultSet, from: number): ResultSet {
  if (from <= set.retryFrom) return set
  let retrying = 0
  for (const entry of set.lines) if (isRetrying(entry, from)) retrying += 1
  return { ...set, retryFrom: from, retrying }
}

/** The status an entry shows. */
export function rowStatus(set: ResultSet, entry: LineEntry, lowStockLevel: number): RowStatus {
  return isRetrying(entry, set.retryFrom) ? 'retrying' : entry.stockStatus(lowStockLevel)
}

/** The Items view's rows: one per store and line, judged by the low-stock level. */
export function itemRowsOf(set: ResultSet, lowStockLevel: number): ItemRow[] {
  const manyStores = set.stores.length > 1
  return set.lines.map((entry) => new ItemRow(entry, rowStatus(set, entry, lowStockLevel), manyStores))
}
