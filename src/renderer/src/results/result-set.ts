import type { ItemType } from '../../../shared/domain/item-type'
import type { FinalLineStatus, LineResult } from '../../../shared/domain/line-result'
import { rowsForLine, type ResultRow } from './result-row'

export type StatusCounts = Readonly<Record<FinalLineStatus, number>>

/**
 * The job's result log reduced to one result per line, with the grid rows built from it.
 * Immutable: applying entries returns a new set, so React memos keyed on it stay honest.
 */
export interface ResultSet {
  readonly jobId: string
  readonly itemType: ItemType
  /** Offset of the next unread entry of the job's append-only log. */
  readonly next: number
  readonly byLine: ReadonlyMap<number, LineResult>
  readonly rowsByLine: ReadonlyMap<number, readonly ResultRow[]>
  /** All rows, by line then location. */
  readonly rows: readonly ResultRow[]
  /** Lines per status. */
  readonly counts: StatusCounts
}

const ZERO_COUNTS: StatusCounts = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }

export function emptyResultSet(jobId: string, itemType: ItemType): ResultSet {
  return { jobId, itemType, next: 0, byLine: new Map(), rowsByLine: new Map(), rows: [], counts: ZERO_COUNTS }
}

function flattenByLine(rowsByLine: ReadonlyMap<number, readonly ResultRow[]>): ResultRow[] {
  const lines = Float64Array.from(rowsByLine.keys()).sort()
  const rows: ResultRow[] = []
  for (const line of lines) {
    const lineRows = rowsByLine.get(line)
    if (lineRows !== undefined) for (const row of lineRows) rows.push(row)
  }
  return rows
}

/** Applies log entries read up to `next`; a later entry for a line replaces the earlier one (retry). */
export function applyEntries(set: ResultSet, entries: readonly LineResult[], next: number): ResultSet {
  if (entries.length === 0) return next === set.next ? set : { ...set, next }
  const byLine = new Map(set.byLine)
  const rowsByLine = new Map(set.rowsByLine)
  const counts: Record<FinalLineStatus, number> = { ...set.counts }
  for (const entry of entries) {
    const previous = byLine.get(entry.line)
    if (previous !== undefined) counts[previous.status] -= 1
    counts[entry.status] += 1
    byLine.set(entry.line, entry)
    rowsByLine.set(entry.line, rowsForLine(entry, set.itemType))
  }
  return { ...set, next, byLine, rowsByLine, rows: flattenByLine(rowsByLine), counts }
}
