import type { DatabaseSync } from 'node:sqlite'
import type { InputLine } from '../../shared/contract'
import { scheduledRunReasonSchema, type ScheduledRunReason } from '../../shared/schedules/scheduled-run'
import { cellsOfRow, createCarriedSliceReads, legacyRow } from './carried-slices'

/** Where a lookup came from, when it was not typed or imported afresh. */
export interface LookupOrigin {
  /** The watchlist it is a run of, and its name when the run started (History's label). */
  watchlistId: string | null
  watchlistName: string | null
  /** The earlier lookup "Since the last run" compares it with: the watchlist's run before, or the lookup a Run again came from. */
  follows: number | null
  /** Why a watchlist's run started by itself; absent or null, a person started it. */
  scheduled?: ScheduledRunReason | null
}

interface OriginRow {
  lookup_id: number
  watchlist_id: string | null
  watchlist_name: string | null
  follows: number | null
  scheduled: string | null
}

/** A lookup's input line as typed or imported, with its cells in the lookup's carried columns: what Run again looks up. */
export interface StoredInput {
  line: number
  input: string
  cells: string[]
}

/** Origins are few and small: read by id for a page of History, the latest finished run by the watchlist's index. */
export function createOriginReads(db: DatabaseSync) {
  const byId = db.prepare('SELECT lookup_id, watchlist_id, watchlist_name, follows, scheduled FROM lookup_origins WHERE lookup_id = ?')
  const latestFinished = db.prepare(
    `SELECT o.lookup_id AS id FROM lookup_origins o JOIN lookups l ON l.id = o.lookup_id
     WHERE o.watchlist_id = ? AND l.state = 'finished' ORDER BY o.lookup_id DESC LIMIT 1`
  )
  // Newest first along the watchlist's index; runs still going on have no summary yet, so nothing to draw.
  const summarisedRuns = db.prepare(
    `SELECT o.lookup_id AS id FROM lookup_origins o
     WHERE o.watchlist_id = ? AND EXISTS (SELECT 1 FROM run_summaries s WHERE s.lookup_id = o.lookup_id)
     ORDER BY o.lookup_id DESC LIMIT ?`
  )
  const inputsOf = db.prepare('SELECT line, input, carried FROM lookup_lines WHERE lookup_id = ? AND line > ? ORDER BY line LIMIT ?')
  const inputLinesOf = db.prepare('SELECT line, input FROM lookup_lines WHERE lookup_id = ? AND line > ? ORDER BY line LIMIT ?')
  const slices = createCarriedSliceReads(db)
  return {
    /** Input lines in line order, cells padded to `width` columns: every one, or those after line `after`, at most `limit`. */
    inputs(id: number, width: number, { after = 0, limit = -1 }: { after?: number; limit?: number } = {}): StoredInput[] {
      // SQLite reads a negative LIMIT as none.
      const rows = inputsOf.all(id, after, limit) as unknown as { line: number; input: string; carried: string | null }[]
      const sliceRow = slices.reader(id)
      return rows.map((row) => ({
        line: row.line,
        input: row.input,
        cells: cellsOfRow(row.carried === null ? sliceRow(row.line) : legacyRow(row.carried), width)
      }))
    },
    /** Input lines after line `after`, at most `limit`, in line order: the line and what was typed or imported, no carried cell read. */
    inputLines(id: number, after: number, limit: number): InputLine[] {
      return (inputLinesOf.all(id, after, limit) as unknown as InputLine[]).map(({ line, input }) => ({ line, input }))
    },
    origin(id: number): LookupOrigin | null {
      const row = byId.get(id) as OriginRow | undefined
      if (row === undefined) return null
      const scheduled = scheduledRunReasonSchema.safeParse(row.scheduled)
      return {
        watchlistId: row.watchlist_id,
        watchlistName: row.watchlist_name,
        follows: row.follows,
        scheduled: scheduled.success ? scheduled.data : null
      }
    },
    /** The watchlist's latest `limit` runs that have a summary (ended), newest first: what its trends draw. */
    summarisedRuns(watchlistId: string, limit: number): number[] {
      return (summarisedRuns.all(watchlistId, limit) as { id: number }[]).map((row) => row.id)
    },
    /** The watchlist's latest finished run, the one its next run follows. */
    latestFinishedRun(watchlistId: string): number | null {
      const row = latestFinished.get(watchlistId) as { id: number } | undefined
      return row?.id ?? null
    }
  }
}

export function createOriginWrites(db: DatabaseSync) {
  const insert = db.prepare(
    'INSERT INTO lookup_origins (lookup_id, watchlist_id, watchlist_name, follows, scheduled) VALUES (?, ?, ?, ?, ?)'
  )
  return {
    /** Labels a lookup as it is created, inside its creation's transaction. */
    label(id: number, origin: LookupOrigin): void {
      insert.run(id, origin.watchlistId, origin.watchlistName, origin.follows, origin.scheduled ?? null)
    }
  }
}
