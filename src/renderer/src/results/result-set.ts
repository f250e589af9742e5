import type { ItemType } from '../../../shared/domain/item-type'
import type { FinalLineStatus, LineResult } from '../../../shared/domain/line-result'
import { LineEntry } from './line-entry'
import { ItemRow, type RowStatus } from './view-rows'

export type StatusCounts = Readonly<Record<FinalLineStatus, number>>

/**
 * The job's result log reduced to one entry per line: the one source of every count the screen
 * shows (progress card, chips, summaries), so none of them can disagree with another. Immutable:
 * applying entries returns a new set, so React memos keyed on it stay honest.
 */
export interface ResultSet {
  readonly jobId: string
  readonly itemType: ItemType
  /** Offset of the next unread entry of the job's append-only log. */
  readonly next: number
  /** The latest entry of each line that has one, ordered by line. */
  readonly lines: readonly LineEntry[]
  /** The same entries indexed by line number (line numbers are dense: the rows of a list or a file). */
  readonly byLine: readonly (LineEntry | undefined)[]
  /** Lines per latest status (a line being retried still counts as failed here). */
  readonly counts: StatusCounts
  /** Log offset at which a "Retry failed" began: failures logged before it are being looked up again. */
  readonly retryFrom: number
  /** Failed lines whose retry has not answered yet. */
  readonly retrying: number
}

const ZERO_COUNTS: StatusCounts = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }

export function emptyResultSet(jobId: string, itemType: ItemType): ResultSet {
  return { jobId, itemType, next: 0, lines: [], byLine: [], counts: ZERO_COUNTS, retryFrom: 0, retrying: 0 }
}

function isRetrying(entry: LineEntry, retryFrom: number): boolean {
  return entry.result.status === 'failed' && entry.logIndex < retryFrom
}

/** Applies log entries read up to `next`; a later entry for a line replaces the earlier one (retry). */
export function applyEntries(set: ResultSet, entries: readonly LineResult[], next: number): ResultSet {
  if (entries.length === 0) return next === set.next ? set : { ...set, next }
  const byLine = set.byLine.slice()
  const counts: Record<FinalLineStatus, number> = { ...set.counts }
  let retrying = set.retrying
  let added = false
  const first = next - entries.length
  for (let offset = 0; offset < entries.length; offset += 1) {
    const result = entries[offset] as LineResult
    const previous = byLine[result.line]
    if (previous === undefined) added = true
    else {
      counts[previous.result.status] -= 1
      if (isRetrying(previous, set.retryFrom)) retrying -= 1
    }
    counts[result.status] += 1
    const entry = new LineEntry(result, set.itemType, first + offset)
    // Read late, a failure logged before the retry began is being retried too.
    if (isRetrying(entry, set.retryFrom)) retrying += 1
    byLine[result.line] = entry
  }
  const lines = added ? inLineOrder(byLine) : set.lines.map((entry) => byLine[entry.line] ?? entry)
  return { ...set, next, lines, byLine, counts, retrying }
}

/** The entries in line order: walking the index by line sorts them without a sort. */
function inLineOrder(byLine: readonly (LineEntry | undefined)[]): LineEntry[] {
  const lines: LineEntry[] = []
  for (let line = 0; line < byLine.length; line += 1) {
    const entry = byLine[line]
    if (entry !== undefined) lines.push(entry)
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

/** The status a line shows. */
export function rowStatus(set: ResultSet, entry: LineEntry, lowStockLevel: number): RowStatus {
  return isRetrying(entry, set.retryFrom) ? 'retrying' : entry.stockStatus(lowStockLevel)
}

/** The Items view's rows: one per line, judged by the low-stock level. */
export function itemRowsOf(set: ResultSet, lowStockLevel: number): ItemRow[] {
  return set.lines.map((entry) => new ItemRow(entry, rowStatus(set, entry, lowStockLevel)))
}
