import type { DatabaseSync } from 'node:sqlite'
import { SUMMARY_STATUSES, summarizeRun, type SummaryCounts, type SummaryInput } from '../../shared/trends/run-summary'
import { packOnHand } from '../../shared/trends/on-hand-blob'
import { packStatuses } from '../../shared/trends/status-blob'
import {
  packTrendDigest,
  trendStoreFromBlob,
  trendStoreOf,
  unpackTrendDigest,
  wordsOf,
  type TrendStore
} from '../../shared/trends/trend-digest'
import { buildTrends, type TrendRunInput } from '../../shared/trends/build-trends'
import type { PackedTrends } from '../../shared/trends/packed-trends'

/**
 * Run summaries in History (tables made by schema step 3): a run's values as integer ids (4 bytes each, one blob per run) and one
 * row per run and store with its counts and a packed status blob (a byte per value), so a year of
 * twice-daily runs of 2,000 items in 50 stores is about 75 MB instead of 73 million rows; beside the
 * run, its trend digest (step 7) is what opening the trends reads. They outlive the raw answers,
 * which retention drops sooner.
 */
const COUNT_COLUMNS = SUMMARY_STATUSES.join(', ')

type CountRow = Record<(typeof SUMMARY_STATUSES)[number], number>

/** The summary writes, on History's writer connection; each runs inside the caller's transaction. */
export function createSummaryWrites(db: DatabaseSync) {
  const findValue = db.prepare('SELECT id FROM summary_values WHERE item_type = ? AND value = ?')
  const insertValue = db.prepare('INSERT INTO summary_values (item_type, value) VALUES (?, ?)')
  const lookupOf = db.prepare('SELECT item_type, next_seq FROM lookups WHERE id = ?')
  const storesOf = db.prepare('SELECT store_nbr FROM lookup_stores WHERE lookup_id = ? ORDER BY position')
  const answersOf = db.prepare(
    `SELECT r.store_nbr, r.line, r.status, r.locations, r.batch_id, r.item_index, l.value
     FROM results r JOIN lookup_lines l ON l.lookup_id = r.lookup_id AND l.line = r.line
     WHERE r.lookup_id = ? AND r.superseded = 0 ORDER BY r.store_nbr, r.line`
  )
  const upsertRun = db.prepare(
    'INSERT OR REPLACE INTO run_summaries (lookup_id, value_ids, written_at, trend_digest, answers_seq) VALUES (?, ?, ?, ?, ?)'
  )
  const clearStores = db.prepare('DELETE FROM run_store_summaries WHERE lookup_id = ?')
  const insertStore = db.prepare(
    `INSERT INTO run_store_summaries (lookup_id, store_nbr, position, ${COUNT_COLUMNS}, statuses, on_hand)
     VALUES (?, ?, ?, ${SUMMARY_STATUSES.map(() => '?').join(', ')}, ?, ?)`
  )
  const deleteRun = db.prepare('DELETE FROM run_summaries WHERE lookup_id = ?')
  const hasSummary = db.prepare('SELECT 1 FROM run_summaries WHERE lookup_id = ?')
  const answersOlderThan = db.prepare(
    `SELECT id FROM lookups WHERE coalesce(finished_at, started_at) < ? AND state <> 'running' AND answers_removed_at IS NULL ORDER BY id`
  )
  const dropResults = db.prepare('DELETE FROM results WHERE lookup_id = ?')
  const dropBatches = db.prepare('DELETE FROM item_batches WHERE lookup_id = ?')
  const markRemoved = db.prepare('UPDATE lookups SET answers_removed_at = ? WHERE id = ?')
  // Only Since the last run reads it, and only beside the raw answers.
  const dropOnHand = db.prepare('UPDATE run_store_summaries SET on_hand = NULL WHERE lookup_id = ?')
  const removedAt = db.prepare('SELECT answers_removed_at FROM lookups WHERE id = ?')

  function valueId(itemType: string, value: string): number {
    const row = findValue.get(itemType, value) as { id: number } | undefined
    return row?.id ?? Number(insertValue.run(itemType, value).lastInsertRowid)
  }

  return {
    /**
     * Summarises a stopped run from its current answers; a run resumed later is summarised again.
     * `locationsOf` reads a found answer's location rows where a row has none of its own (older rows).
     */
    record(lookupId: number, now: number, locationsOf: (answer: AnswerRow) => SummaryInput['locations']): boolean {
      const lookup = lookupOf.get(lookupId) as { item_type: string; next_seq: number } | undefined
      if (lookup === undefined) return false
      const stores = (storesOf.all(lookupId) as { store_nbr: number }[]).map((row) => row.store_nbr)
      const answers = function* (): Iterable<SummaryInput> {
        for (const row of answersOf.iterate(lookupId) as Iterable<AnswerRow>) {
          const locations = row.status === 'found' ? locationsOf(row) : []
          yield { storeNbr: row.store_nbr, line: row.line, value: row.value, status: row.status, locations }
        }
      }
      const summary = summarizeRun(stores, answers())
      const ids = Uint32Array.from(summary.values, (value) => valueId(lookup.item_type, value))
      const digest = packTrendDigest(
        summary.values.length,
        summary.stores.map((store) => trendStoreOf(store.storeNbr, store.statuses, store.counts))
      )
      upsertRun.run(lookupId, new Uint8Array(ids.buffer), now, digest, lookup.next_seq)
      clearStores.run(lookupId)
      summary.stores.forEach((store, position) => {
        insertStore.run(
          lookupId,
          store.storeNbr,
          position,
          ...SUMMARY_STATUSES.map((status) => store.counts[status]),
          packStatuses(store.statuses),
          packOnHand(store.onHand)
        )
      })
      return true
    },

    /** Stopped runs that ended before `cutoff` and still have their raw answers. */
    withAnswersBefore(cutoff: number): number[] {
      return (answersOlderThan.all(cutoff) as { id: number }[]).map((row) => row.id)
    },

    /** Drops a run's raw answers (its lines and counts stay), summarising it first if it never was. */
    removeAnswers(lookupId: number, now: number, locationsOf: (answer: AnswerRow) => SummaryInput['locations']): void {
      if (hasSummary.get(lookupId) === undefined) this.record(lookupId, now, locationsOf)
      dropResults.run(lookupId)
      dropBatches.run(lookupId)
      dropOnHand.run(lookupId)
      markRemoved.run(now, lookupId)
    },

    answersRemovedAt(lookupId: number): number | null {
      return (removedAt.get(lookupId) as { answers_removed_at: number | null } | undefined)?.answers_removed_at ?? null
    },

    remove(lookupId: number): void {
      deleteRun.run(lookupId)
      clearStores.run(lookupId)
    }
  }
}

export interface AnswerRow {
  store_nbr: number
  line: number
  status: SummaryInput['status']
  locations: string | null
  batch_id: number | null
  item_index: number | null
  value: string | null
}

/** The summary reads: what the trends and History's list need, never a raw answer. */
export function createSummaryReads(db: DatabaseSync) {
  const runsOf = db.prepare(
    `SELECT s.lookup_id, s.value_ids, s.trend_digest, l.started_at, l.finished_at, l.answers_removed_at
     FROM run_summaries s JOIN lookups l ON l.id = s.lookup_id WHERE s.lookup_id IN (SELECT value FROM json_each(?))`
  )
  // Only for runs summarised before trend digests were kept (or with one this version cannot read).
  const storesOfRun = db.prepare(
    `SELECT store_nbr, ${COUNT_COLUMNS}, statuses FROM run_store_summaries WHERE lookup_id = ? ORDER BY position`
  )
  const countsOf = db.prepare(`SELECT store_nbr, ${COUNT_COLUMNS} FROM run_store_summaries WHERE lookup_id = ? ORDER BY position`)
  const valueOf = db.prepare('SELECT value FROM summary_values WHERE id = ?')

  function storesFromRows(lookupId: number, values: number): TrendStore[] {
    return (storesOfRun.all(lookupId) as unknown as (CountRow & { store_nbr: number; statuses: Uint8Array })[]).map((row) =>
      trendStoreFromBlob(row.store_nbr, countsFrom(row), row.statuses, values)
    )
  }

  function runInputs(lookupIds: readonly number[]): TrendRunInput[] {
    const runs: TrendRunInput[] = []
    for (const row of runsOf.iterate(JSON.stringify(lookupIds)) as Iterable<RunRow>) {
      const blob = row.value_ids
      const itemIds = wordsOf(blob)
      const at = row.finished_at ?? row.started_at
      const stores =
        (row.trend_digest === null ? null : unpackTrendDigest(row.trend_digest)) ?? storesFromRows(row.lookup_id, itemIds.length)
      runs.push({ lookupId: row.lookup_id, at, answersRemovedAt: row.answers_removed_at, itemIds, stores })
    }
    return runs.sort((a, b) => a.at - b.at || a.lookupId - b.lookupId)
  }

  return {
    /** Each store's counts in a run's summary, in the run's store order; empty when it has none. */
    storeCounts(lookupId: number): { storeNbr: number; counts: SummaryCounts }[] {
      return (countsOf.all(lookupId) as unknown as (CountRow & { store_nbr: number })[]).map((row) => ({
        storeNbr: row.store_nbr,
        counts: countsFrom(row)
      }))
    },

    /** The trends of these runs, oldest first; runs without a summary (still running, deleted) are left out. */
    trends(lookupIds: readonly number[]): PackedTrends {
      // One snapshot, so a run deleted or summarised meanwhile is read whole or not at all.
      const own = !db.isTransaction
      if (own) db.exec('BEGIN')
      try {
        const values = new Map<number, string>()
        return buildTrends(
          runInputs(lookupIds),
          (id) => {
            let value = values.get(id)
            if (value === undefined) {
              value = (valueOf.get(id) as { value: string } | undefined)?.value ?? ''
              values.set(id, value)
            }
            return value
          },
          String
        )
      } finally {
        if (own) db.exec('COMMIT')
      }
    }
  }
}

interface RunRow {
  lookup_id: number
  value_ids: Uint8Array
  trend_digest: Uint8Array | null
  started_at: number
  finished_at: number | null
  answers_removed_at: number | null
}

function countsFrom(row: CountRow): SummaryCounts {
  return {
    in_stock: row.in_stock,
    out_of_stock: row.out_of_stock,
    shelf_empty: row.shelf_empty,
    not_found: row.not_found,
    failed: row.failed,
    cancelled: row.cancelled,
    not_asked: row.not_asked
  }
}

export type SummaryWrites = ReturnType<typeof createSummaryWrites>
export type SummaryReads = ReturnType<typeof createSummaryReads>
