import type { DatabaseSync } from 'node:sqlite'
import { unpackOnHand } from '../../shared/trends/on-hand-blob'
import { unpackStatuses } from '../../shared/trends/status-blob'
import { SINCE_LAST_RUN_KINDS, sinceLastRunPairKey, type SinceLastRunKind } from '../../shared/watchlists/since-last-run'
import type { StockComparison } from '../../shared/watchlists/stock-comparison'
import { compareSummaries, type SummarisedRun, type SummarisedStore } from '../../shared/watchlists/summary-comparison'

interface RunRow {
  item_type: string
  next_seq: number
  answers_removed_at: number | null
  value_ids: Uint8Array | null
  answers_seq: number | null
}

interface StoreRow {
  store_nbr: number
  statuses: Uint8Array
  on_hand: Uint8Array | null
}

/** A run whose raw answers retention dropped: Compare reads no answer of it, so neither does this. */
const NO_ANSWERS: SummarisedRun = { valueIds: new Uint32Array(0), stores: [] }

/**
 * "Since the last run" read from the two runs' summaries (schema step 8) instead of their raw
 * answers: a few rows per run, about 60 KB a store for 2,000 values, where the raw answers of two
 * 2,000 x 50 runs are 200,000 rows whose location rows must be decoded. Only the values of the
 * pairs that changed are read as text. A run summarised before step 8, or before its latest
 * answers, is not read here: the caller compares its raw answers instead.
 */
export function createSummaryStockReads(db: DatabaseSync) {
  const runOf = db.prepare(
    `SELECT l.item_type, l.next_seq, l.answers_removed_at, s.value_ids, s.answers_seq
     FROM lookups l LEFT JOIN run_summaries s ON s.lookup_id = l.id WHERE l.id = ?`
  )
  const storesOf = db.prepare('SELECT store_nbr, statuses, on_hand FROM run_store_summaries WHERE lookup_id = ? ORDER BY position')
  const valuesOf = db.prepare('SELECT id, value FROM summary_values WHERE id IN (SELECT value FROM json_each(?))')

  /** The run's summarised stock with its item type, or null when its summary is not of its current answers. */
  function summarised(id: number): { itemType: string; run: SummarisedRun } | null {
    const row = runOf.get(id) as RunRow | undefined
    if (row === undefined) return null
    if (row.answers_removed_at !== null) return { itemType: row.item_type, run: NO_ANSWERS }
    if (row.value_ids === null || row.answers_seq !== row.next_seq) return null
    const blob = row.value_ids
    // A copy: the blob's bytes need not start on a 4-byte boundary.
    const valueIds = new Uint32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength))
    const stores: SummarisedStore[] = []
    for (const store of storesOf.iterate(id) as Iterable<StoreRow>) {
      const onHand = store.on_hand === null ? null : unpackOnHand(store.on_hand, valueIds.length)
      if (onHand === null) return null
      stores.push({ storeNbr: store.store_nbr, statuses: unpackStatuses(store.statuses, valueIds.length), onHand })
    }
    return { itemType: row.item_type, run: { valueIds, stores } }
  }

  function valueTexts(ids: Iterable<number>): Map<number, string> {
    const rows = valuesOf.all(JSON.stringify([...new Set(ids)])) as { id: number; value: string }[]
    return new Map(rows.map((row) => [row.id, row.value]))
  }

  return {
    /**
     * What `compareForSinceLastRun` gives for the runs' raw answers, from their summaries; null when
     * a summary cannot stand for its run's answers (the caller then compares those). Runs in one
     * snapshot: the caller's.
     */
    sinceLastRun(thenId: number | null, nowId: number): StockComparison | null {
      const now = summarised(nowId)
      const then = thenId === null ? null : summarised(thenId)
      if (now === null || (thenId !== null && then === null)) return null
      // Compare matches values by their text; ids stand for text only within one item type.
      if (then !== null && then.itemType !== now.itemType) return null
      const compared = compareSummaries(then?.run ?? null, now.run)
      if (compared === null) return null
      if (then === null) return { since: null, inStockRate: compared.inStockRate }
      const ids = now.run.valueIds
      const texts = valueTexts(SINCE_LAST_RUN_KINDS.flatMap((kind) => compared.pairs[kind].map((pair) => ids[pair.value] ?? 0)))
      const pairs = Object.fromEntries(
        SINCE_LAST_RUN_KINDS.map((kind) => [
          kind,
          compared.pairs[kind].map((pair) => sinceLastRunPairKey(pair.storeNbr, texts.get(ids[pair.value] ?? 0) ?? ''))
        ])
      ) as Record<SinceLastRunKind, string[]>
      return { since: { counts: compared.counts, pairs, changed: compared.changed }, inStockRate: compared.inStockRate }
    }
  }
}

export type SummaryStockReads = ReturnType<typeof createSummaryStockReads>
