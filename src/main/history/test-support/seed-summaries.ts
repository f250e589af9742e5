import type { DatabaseSync } from 'node:sqlite'
import { packStatuses } from '../../../shared/trends/status-blob'
import { countStatuses, SUMMARY_CODES, SUMMARY_STATUSES } from '../../../shared/trends/run-summary'
import { packTrendDigest, trendStoreOf, type TrendStore } from '../../../shared/trends/trend-digest'

export interface SeedShape {
  runs: number
  stores: number
  items: number
  /** When the first run finished; the others follow every `everyMs`. */
  startAt: number
  everyMs: number
}

/**
 * Finished runs with their summaries only (no lines, no raw answers), written straight into a
 * History database as a year of a watchlist's runs would leave them: about 5 % of items out of
 * stock and 3 % shelf empty in each store, drawn from run, store and item so they are the same
 * every time. Returns the lookups' ids, oldest first.
 */
export function seedRunSummaries(db: DatabaseSync, shape: SeedShape): number[] {
  const insertLookup = db.prepare(
    `INSERT INTO lookups (environment, auth_url, base_url, client_id, item_type, source, carried_columns, line_count, started_at, finished_at, state)
     VALUES ('demo', 'http://127.0.0.1:9', 'http://127.0.0.1:9', 'demo-client', 'gtin', 'app', '[]', ?, ?, ?, 'finished')`
  )
  const insertStore = db.prepare('INSERT INTO lookup_stores (lookup_id, store_nbr, position, found) VALUES (?, ?, ?, ?)')
  const insertValue = db.prepare("INSERT INTO summary_values (item_type, value) VALUES ('gtin', ?)")
  const insertRun = db.prepare('INSERT INTO run_summaries (lookup_id, value_ids, written_at, trend_digest) VALUES (?, ?, ?, ?)')
  const insertStoreSummary = db.prepare(
    `INSERT INTO run_store_summaries (lookup_id, store_nbr, position, ${SUMMARY_STATUSES.join(', ')}, statuses)
     VALUES (?, ?, ?, ${SUMMARY_STATUSES.map(() => '?').join(', ')}, ?)`
  )
  db.exec('BEGIN')
  try {
    const valueIds = new Uint32Array(shape.items)
    for (let item = 0; item < shape.items; item += 1) {
      valueIds[item] = Number(insertValue.run(String(10_000_000_000_000 + item)).lastInsertRowid)
    }
    const idsBlob = new Uint8Array(valueIds.buffer)
    const ids: number[] = []
    for (let run = 0; run < shape.runs; run += 1) {
      const at = shape.startAt + run * shape.everyMs
      const id = Number(insertLookup.run(shape.items, at - 60_000, at).lastInsertRowid)
      const trendStores: TrendStore[] = []
      for (let store = 0; store < shape.stores; store += 1) {
        const statuses = new Uint8Array(shape.items)
        for (let item = 0; item < shape.items; item += 1) {
          const draw = mix(run, store, item) % 100
          statuses[item] = draw < 5 ? SUMMARY_CODES.out_of_stock : draw < 8 ? SUMMARY_CODES.shelf_empty : SUMMARY_CODES.in_stock
        }
        const counts = countStatuses(statuses)
        insertStore.run(id, 1000 + store, store, shape.items)
        insertStoreSummary.run(id, 1000 + store, store, ...SUMMARY_STATUSES.map((status) => counts[status]), packStatuses(statuses))
        trendStores.push(trendStoreOf(1000 + store, statuses, counts))
      }
      insertRun.run(id, idsBlob, at, packTrendDigest(shape.items, trendStores))
      ids.push(id)
    }
    db.exec('COMMIT')
    return ids
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** A small integer hash of three numbers (Knuth's multiplicative mix), enough to spread statuses evenly. */
function mix(a: number, b: number, c: number): number {
  let h = Math.imul(a + 1, 0x9e3779b1) ^ Math.imul(b + 7, 0x85ebca6b) ^ Math.imul(c + 13, 0xc2b2ae35)
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  h ^= h >>> 12
  return h >>> 0
}
