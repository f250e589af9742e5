import type { ItemType } from '../../../shared/domain/item-type'
import type { FinalLineStatus, LineResult } from '../../../shared/domain/line-result'
import { LineEntry, rowsOfLine } from './result-row'
import { ResultTable } from './result-table'

export type StatusCounts = Readonly<Record<FinalLineStatus, number>>

/**
 * The job's result log reduced to one result per line, with the grid's table built from it.
 * Immutable: applying entries returns a new set, so React memos keyed on it stay honest.
 */
export interface ResultSet {
  readonly jobId: string
  readonly itemType: ItemType
  /** Offset of the next unread entry of the job's append-only log. */
  readonly next: number
  readonly table: ResultTable
  /** Lines per status. */
  readonly counts: StatusCounts
}

const ZERO_COUNTS: StatusCounts = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }

export function emptyResultSet(jobId: string, itemType: ItemType): ResultSet {
  return { jobId, itemType, next: 0, table: new ResultTable(new Map()), counts: ZERO_COUNTS }
}

/** Applies log entries read up to `next`; a later entry for a line replaces the earlier one (retry). */
export function applyEntries(set: ResultSet, entries: readonly LineResult[], next: number): ResultSet {
  if (entries.length === 0) return next === set.next ? set : { ...set, next }
  const rowsByLine = new Map(set.table.rowsByLine)
  const counts: Record<FinalLineStatus, number> = { ...set.counts }
  for (const entry of entries) {
    const previous = rowsByLine.get(entry.line)?.[0]
    if (previous !== undefined) counts[previous.status] -= 1
    counts[entry.status] += 1
    rowsByLine.set(entry.line, rowsOfLine(new LineEntry(entry, set.itemType)))
  }
  return { ...set, next, table: new ResultTable(rowsByLine), counts }
}
