import type { DatabaseSync } from 'node:sqlite'
import type { InputLine } from '../../shared/contract'
import type { AppErrorShape } from '../../shared/domain/app-error'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { FinalLineStatus, InvalidReason, InventoryItem, LineResult } from '../../shared/domain/line-result'
import type { StockInput } from '../../shared/compare/compare-lookups'
import { compareForSinceLastRun, type StockComparison } from '../../shared/watchlists/stock-comparison'
import type {
  CurrentAfter,
  CurrentLine,
  HistoryListQuery,
  LineCounts,
  LineToLookUp,
  LookupSource,
  LookupState,
  StoredLookup,
  StoreLine
} from './history-types'
import { cellsOfRow, createCarriedSliceReads, legacyRow } from './carried-slices'
import { unpackItems, unpackLocations } from './item-batch'
import { createItemNameReads } from './item-name-reads'
import { listStatement } from './list-statement'
import { createOriginReads, type StoredInput } from './lookup-origins'
import { createSummaryStockReads } from './summary-stock-reads'

interface LookupRow {
  id: number
  environment: string
  auth_url: string
  base_url: string
  client_id: string
  item_type: string
  source: string
  carried_columns: string
  line_count: number
  started_at: number
  finished_at: number | null
  state: string
  next_seq: number
  requests: number
  retries: number
  throttled_ms: number
  batches_done: number
  batches_total: number
  values_per_second: number
  answers_removed_at: number | null
}

interface StoreRow extends Record<FinalLineStatus, number> {
  store_nbr: number
}

interface StockRow {
  line: number
  status: FinalLineStatus
  locations: string | null
  batch_id: number | null
  item_index: number | null
  input: string
  value: string | null
}

interface ResultRow {
  seq: number
  store_nbr: number
  line: number
  status: FinalLineStatus
  batch_id: number | null
  item_index: number | null
  error: string | null
  input: string
  value: string | null
  note: string | null
  invalid_reason: string | null
  duplicate_of: number | null
  carried: string | null
}

const RESULT_COLUMNS = `r.seq, r.store_nbr, r.line, r.status, r.batch_id, r.item_index, r.error,
  l.input, l.value, l.note, l.invalid_reason, l.duplicate_of, l.carried`
const RESULT_JOIN = 'results r JOIN lookup_lines l ON l.lookup_id = r.lookup_id AND l.line = r.line'

/** Everything that reads the history: one prepared statement per question. */
export function createLookupReads(db: DatabaseSync) {
  const lookupById = db.prepare('SELECT * FROM lookups WHERE id = ?')
  const storesOf = db.prepare(
    'SELECT store_nbr, found, not_found, invalid, duplicate, failed, cancelled FROM lookup_stores WHERE lookup_id = ? ORDER BY position'
  )
  const logPage = db.prepare(`SELECT ${RESULT_COLUMNS} FROM ${RESULT_JOIN} WHERE r.lookup_id = ? AND r.seq >= ? ORDER BY r.seq LIMIT ?`)
  const logShape = db.prepare('SELECT next_seq, carried_columns FROM lookups WHERE id = ?')
  const carriedOf = db.prepare('SELECT carried FROM lookup_lines WHERE lookup_id = ? AND line = ?')
  const slices = createCarriedSliceReads(db)
  const origins = createOriginReads(db)
  const currentOfStore = db.prepare(
    `SELECT ${RESULT_COLUMNS} FROM ${RESULT_JOIN} WHERE r.lookup_id = ? AND r.store_nbr = ? AND r.superseded = 0 AND r.line > ? ORDER BY r.line LIMIT ?`
  )
  const stockOfStore = db.prepare(
    `SELECT r.line, r.status, r.locations, r.batch_id, r.item_index, l.input, l.value FROM ${RESULT_JOIN}
     WHERE r.lookup_id = ? AND r.store_nbr = ? AND r.superseded = 0 ORDER BY r.line`
  )
  const currentOfPair = db.prepare(
    `SELECT ${RESULT_COLUMNS} FROM ${RESULT_JOIN} WHERE r.lookup_id = ? AND r.store_nbr = ? AND r.line = ? AND r.superseded = 0`
  )
  const answeredLines = db.prepare(
    `SELECT l.line FROM lookup_lines l WHERE l.lookup_id = ? AND l.line > ? AND EXISTS (
       SELECT 1 FROM results r WHERE r.lookup_id = l.lookup_id AND r.line = l.line AND r.superseded = 0
         AND r.store_nbr IN (SELECT store_nbr FROM lookup_stores WHERE lookup_id = l.lookup_id))
     ORDER BY l.line LIMIT ?`
  )
  const batchById = db.prepare('SELECT items FROM item_batches WHERE id = ?')
  const earlierAlike = db.prepare(
    "SELECT * FROM lookups WHERE id < ? AND environment = ? AND item_type = ? AND state <> 'running' ORDER BY id DESC LIMIT 50"
  )
  const withStatuses = db.prepare(
    `SELECT r.store_nbr, r.line, l.value, r.seq, r.status FROM ${RESULT_JOIN}
     WHERE r.lookup_id = ? AND r.superseded = 0 AND l.value IS NOT NULL AND r.status IN (SELECT value FROM json_each(?))
     ORDER BY r.seq`
  )

  function toLookup(row: LookupRow): StoredLookup {
    const counts: LineCounts = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }
    const stores: number[] = []
    const storeCounts: LineCounts[] = []
    for (const store of storesOf.all(row.id) as unknown as StoreRow[]) {
      stores.push(store.store_nbr)
      const own: LineCounts = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }
      for (const status of Object.keys(counts) as FinalLineStatus[]) {
        own[status] = store[status]
        counts[status] += store[status]
      }
      storeCounts.push(own)
    }
    return {
      id: row.id,
      environment: row.environment as EnvironmentId,
      authUrl: row.auth_url,
      baseUrl: row.base_url,
      clientId: row.client_id,
      itemType: row.item_type as ItemType,
      source: row.source as LookupSource,
      carriedColumns: parseStrings(row.carried_columns) ?? [],
      stores,
      storeCounts,
      lines: row.line_count,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      state: row.state as LookupState,
      counts,
      resultsCount: row.next_seq,
      requests: row.requests,
      retries: row.retries,
      throttledMs: row.throttled_ms,
      batchesDone: row.batches_done,
      batchesTotal: row.batches_total,
      valuesPerSecond: row.values_per_second,
      answersRemovedAt: row.answers_removed_at
    }
  }

  /** Item batches met while reading one page or one lookup; each is unpacked once. */
  function itemReader(): (batchId: number, index: number) => InventoryItem | undefined {
    const cache = new Map<number, InventoryItem[]>()
    return (batchId, index) => {
      let items = cache.get(batchId)
      if (items === undefined) {
        const row = batchById.get(batchId) as { items: Uint8Array } | undefined
        items = row === undefined ? [] : unpackItems(row.items)
        cache.set(batchId, items)
      }
      return items[index]
    }
  }

  /** How many carried columns a lookup has: each result then carries that many cells, blank where the file had none. */
  function widthOf(id: number): { length: number; carriedWidth: number } {
    const row = logShape.get(id) as { next_seq: number; carried_columns: string } | undefined
    return { length: row?.next_seq ?? 0, carriedWidth: row === undefined ? 0 : (parseStrings(row.carried_columns)?.length ?? 0) }
  }

  /** A lookup's carried rows by line: from its slices, or from the JSON list a lookup stored before slices keeps per line. */
  function rowReader(id: number, carriedWidth: number): (line: number, legacy: string | null) => string[] {
    if (carriedWidth === 0) return () => []
    const sliceRow = slices.reader(id)
    return (line, legacy) => cellsOfRow(legacy === null ? sliceRow(line) : legacyRow(legacy), carriedWidth)
  }

  function toLineResult(
    row: ResultRow,
    itemAt: (batchId: number, index: number) => InventoryItem | undefined,
    carriedAt: (line: number, legacy: string | null) => string[]
  ): LineResult {
    const result: LineResult = { storeNbr: row.store_nbr, line: row.line, input: row.input, value: row.value, status: row.status }
    if (row.note !== null) result.note = row.note
    if (row.status === 'invalid' && row.invalid_reason !== null) result.invalidReason = row.invalid_reason as InvalidReason
    if (row.status === 'duplicate' && row.duplicate_of !== null) result.duplicateOf = row.duplicate_of
    if (row.error !== null) result.error = JSON.parse(row.error) as AppErrorShape
    if (row.batch_id !== null && row.item_index !== null) {
      const item = itemAt(row.batch_id, row.item_index)
      if (item !== undefined) result.item = item
    }
    const carried = carriedAt(row.line, row.carried)
    if (carried.length > 0) result.carried = carried
    return result
  }

  /** Runs `read` on one snapshot of the file, so two statements agree even while another process writes. */
  function snapshot<T>(read: () => T): T {
    if (db.isTransaction) return read()
    db.exec('BEGIN')
    try {
      return read()
    } finally {
      db.exec('COMMIT')
    }
  }

  const names = createItemNameReads(db)
  const summarised = createSummaryStockReads(db)

  function stockInputs(id: number): StockInput[] {
    return snapshot(() => {
      const itemAt = itemReader()
      const out: StockInput[] = []
      for (const { store_nbr: storeNbr } of storesOf.all(id) as unknown as StoreRow[]) {
        for (const row of stockOfStore.iterate(id, storeNbr) as Iterable<StockRow>) {
          let locations: StockInput['locations'] = []
          if (row.locations !== null) locations = unpackLocations(row.locations)
          else if (row.batch_id !== null && row.item_index !== null)
            locations = itemAt(row.batch_id, row.item_index)?.inventory_locations ?? []
          out.push({ storeNbr, line: row.line, input: row.input, value: row.value, status: row.status, locations })
        }
      }
      return out
    })
  }

  return {
    snapshot,

    lookup(id: number): StoredLookup | null {
      return snapshot(() => {
        const row = lookupById.get(id) as LookupRow | undefined
        return row === undefined ? null : toLookup(row)
      })
    },

    /** Lookups newest first, as a History search finds them. */
    list(query: HistoryListQuery = {}): StoredLookup[] {
      const { sql, params } = listStatement(query)
      return snapshot(() => (db.prepare(sql).all(...params) as unknown as LookupRow[]).map(toLookup))
    },

    /** The latest earlier lookup of the same environment, stores and item type: what "Compare with previous" compares with. */
    previous(id: number): StoredLookup | null {
      return snapshot(() => {
        const row = lookupById.get(id) as LookupRow | undefined
        if (row === undefined) return null
        const lookup = toLookup(row)
        const candidates = (earlierAlike.all(id, lookup.environment, lookup.itemType) as unknown as LookupRow[]).map(toLookup)
        // The same set of stores, in whatever order they were listed.
        const stores = sortedStores(lookup.stores)
        return candidates.find((candidate) => sortedStores(candidate.stores) === stores) ?? null
      })
    },

    /** The result log from `from`, at most `limit` entries; `next` is where the following page starts. */
    log(id: number, from: number, limit: number): { entries: LineResult[]; next: number } {
      return snapshot(() => {
        const { length, carriedWidth } = widthOf(id)
        const start = Math.min(Math.max(0, from), length)
        if (limit <= 0 || start >= length) return { entries: [], next: start }
        const itemAt = itemReader()
        const rows = logPage.all(id, start, Math.min(limit, length - start)) as unknown as ResultRow[]
        const carriedAt = rowReader(id, carriedWidth)
        const entries = rows.map((row) => toLineResult(row, itemAt, carriedAt))
        const last = rows.at(-1)
        return { entries, next: last === undefined ? length : last.seq + 1 }
      })
    },

    /**
     * Lines' current results, store by store in the lookup's order, lines in input order, from the
     * line after `after` (null: the first), at most `limit` of them: one slice of a long read that
     * the caller spreads out. `carried: false` leaves the imported file's cells out.
     */
    current(id: number, after: CurrentAfter, limit: number, options: { carried?: boolean } = {}): CurrentLine[] {
      return snapshot(() => {
        const itemAt = itemReader()
        const carriedAt = rowReader(id, options.carried === false ? 0 : widthOf(id).carriedWidth)
        const stores = (storesOf.all(id) as unknown as StoreRow[]).map((store) => store.store_nbr)
        const out: CurrentLine[] = []
        let index = after === null ? 0 : stores.indexOf(after.storeNbr)
        let afterLine = after === null ? 0 : after.line
        for (; index >= 0 && index < stores.length && out.length < limit; index += 1, afterLine = 0) {
          const storeNbr = stores[index] ?? 0
          for (const row of currentOfStore.iterate(id, storeNbr, afterLine, limit - out.length) as Iterable<ResultRow>) {
            out.push({ storeNbr, result: toLineResult(row, itemAt, carriedAt) })
          }
        }
        return out
      })
    },

    /** The current results of these store and line pairs, in the order asked; a pair without one is left out. */
    currentOf(id: number, pairs: readonly StoreLine[], options: { carried?: boolean } = {}): LineResult[] {
      return snapshot(() => {
        const itemAt = itemReader()
        const carriedAt = rowReader(id, options.carried === false ? 0 : widthOf(id).carriedWidth)
        const out: LineResult[] = []
        for (const { storeNbr, line } of pairs) {
          const row = currentOfPair.get(id, storeNbr, line) as ResultRow | undefined
          if (row !== undefined) out.push(toLineResult(row, itemAt, carriedAt))
        }
        return out
      })
    },

    /** The lines after `after` with a current result in any store, in input order, at most `limit`. */
    answeredLines: (id: number, after: number, limit: number): number[] =>
      (answeredLines.all(id, after, limit) as unknown as { line: number }[]).map((row) => row.line),

    /** Every line's outcome and location rows, without unpacking the items: what a comparison reads. */
    stockInputs,

    /**
     * "Since the last run" of `nowId` against `thenId` (none: its rate only), in one snapshot: from
     * the runs' summaries when they are of their current answers, else from both runs' stock.
     */
    sinceLastRun(thenId: number | null, nowId: number, lowStockLevel: number): StockComparison {
      return snapshot(
        () =>
          summarised.sinceLastRun(thenId, nowId) ??
          compareForSinceLastRun(thenId === null ? null : stockInputs(thenId), stockInputs(nowId), lowStockLevel)
      )
    },

    /** The carried cells of these lines, one per carried column (blank where the file had none). */
    carriedCells(id: number, lines: readonly number[]): Map<number, string[]> {
      return snapshot(() => {
        const carriedAt = rowReader(id, widthOf(id).carriedWidth)
        const cells = new Map<number, string[]>()
        for (const line of lines) {
          const row = carriedOf.get(id, line) as { carried: string | null } | undefined
          cells.set(line, carriedAt(line, row?.carried ?? null))
        }
        return cells
      })
    },

    /** Each line's item name, for a lookup whose list had names (from its file or the item catalogue). */
    itemNames: (id: number): Map<number, string> => names.itemNames(id),

    /** The input lines after line `after`, at most `limit`, each with its carried cells. */
    inputs: (id: number, after: number, limit: number): StoredInput[] =>
      snapshot(() => origins.inputs(id, widthOf(id).carriedWidth, { after, limit })),

    /** The input lines after line `after`, at most `limit`, without their carried cells: what Edit puts in the form. */
    inputLines: (id: number, after: number, limit: number): InputLine[] => origins.inputLines(id, after, limit),

    /** Lines whose current result has one of `statuses`, in the order they were answered. */
    linesWith(id: number, statuses: readonly FinalLineStatus[]): LineToLookUp[] {
      const rows = withStatuses.all(id, JSON.stringify(statuses)) as unknown as {
        store_nbr: number
        line: number
        value: string
        seq: number
        status: FinalLineStatus
      }[]
      return rows.map((row) => ({ storeNbr: row.store_nbr, line: row.line, value: row.value, seq: row.seq, status: row.status }))
    }
  }
}

export type LookupReads = ReturnType<typeof createLookupReads>

function sortedStores(stores: readonly number[]): string {
  return [...stores].sort((a, b) => a - b).join(',')
}

function parseStrings(text: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) && parsed.every((cell) => typeof cell === 'string') ? parsed : null
  } catch {
    return null
  }
}
