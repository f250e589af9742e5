import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JobProgress } from '../../shared/domain/job-progress'
import { watchlistDefinitionSchema } from '../../shared/watchlists/watchlist'
import type { StoredLookup } from '../history/history-types'
import { NO_FIGURES } from '../history/test-support/sample-lookups'
import { createMemoryLogger } from '../logging/logger'
import { createWatchlistService } from './watchlist-service'
import { createWatchlistStore } from './watchlist-store'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchlist-finishes-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const NO_COUNTS = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }

/** `retried`: answers a retry added to its result log (a line's earlier result stays in the log). */
function lookup(id: number, found: number, failed: number, retried = 0): StoredLookup {
  const counts = { ...NO_COUNTS, found, failed }
  return {
    ...NO_FIGURES,
    id,
    environment: 'demo',
    authUrl: 'http://127.0.0.1:1',
    baseUrl: 'http://127.0.0.1:1',
    clientId: 'demo',
    itemType: 'gtin',
    source: 'app',
    carriedColumns: [],
    stores: [100],
    storeCounts: [counts],
    lines: found + failed,
    startedAt: Date.parse('2026-11-27T07:00:00Z') + id * 60_000,
    finishedAt: Date.parse('2026-11-27T07:00:30Z') + id * 60_000,
    state: 'finished',
    counts,
    resultsCount: found + failed + retried,
    valuesPerSecond: 1,
    answersRemovedAt: null
  }
}

const finished = (id: number): JobProgress =>
  ({ jobId: String(id), state: 'finished' }) as Pick<JobProgress, 'jobId' | 'state'> as JobProgress

/** A watchlist service over one watchlist whose runs are lookups 1..n; each run's in-stock rate is its share of found values. */
async function serviceWithRuns(runs: number, recorded?: (watchlistId: string) => void) {
  const store = createWatchlistStore({ dir, now: Date.now, log: createMemoryLogger() })
  const watchlist = await store.create(
    watchlistDefinitionSchema.parse({
      name: 'Morning check',
      environment: 'demo',
      itemType: 'gtin',
      stores: { kind: 'list', stores: [100] },
      columns: [],
      items: [{ input: '00012345678905', cells: [] }],
      lowStockLevel: 3
    })
  )
  const lookups = new Map(Array.from({ length: runs }, (_, index) => [index + 1, lookup(index + 1, 8, 2)]))
  const service = createWatchlistService({
    store,
    groups: () => [],
    history: {
      lookup: (id) => lookups.get(id) ?? null,
      origin: (id) =>
        lookups.has(id) ? { watchlistId: watchlist.id, watchlistName: 'Morning check', follows: null, scheduled: null } : null,
      inputs: () => [],
      latestFinishedRun: () => Math.max(...lookups.keys())
    },
    reader: {
      inputs: () => Promise.resolve([]),
      inputLines: () => Promise.resolve([]),
      sinceLastRun: (_then, id) => {
        const { found, failed } = lookups.get(id)?.counts ?? NO_COUNTS
        return Promise.resolve({ since: null, inStockRate: (100 * found) / (found + failed) })
      }
    },
    lowStockLevel: () => 3,
    start: () => Promise.reject(new Error('no run is started here')),
    carriedOf: () => Promise.reject(new Error('no file is read here')),
    log: createMemoryLogger(),
    now: Date.now,
    recorded
  })
  const lastRun = async () => (await store.get(watchlist.id)).record.lastRun
  return { service, lookups, lastRun }
}

describe("a watchlist run's finish", () => {
  it('is summed up onto its watchlist, and nothing is kept for it once that is written, however many runs finish', async () => {
    const { service, lastRun } = await serviceWithRuns(200)
    for (let id = 1; id <= 200; id += 1) {
      service.observe(finished(id))
      // The same finish heard twice while it is summed up is summed up once.
      service.observe(finished(id))
      expect(service.summingUp).toBe(1)
      await service.close()
      expect(service.summingUp).toBe(0)
    }
    expect(await lastRun()).toMatchObject({ jobId: '200', inStockRate: 80 })
  })

  it('summed up again after Retry failed finishes the latest run again, with its new answers', async () => {
    const { service, lookups, lastRun } = await serviceWithRuns(2)
    service.observe(finished(2))
    await service.close()
    expect(await lastRun()).toMatchObject({ jobId: '2', inStockRate: 80 })

    lookups.set(2, lookup(2, 10, 0, 2))
    service.observe(finished(2))
    await service.close()
    expect(await lastRun()).toMatchObject({ jobId: '2', inStockRate: 100 })
  })

  it('of an older run, finished again by a retry, leaves the latest run on the watchlist', async () => {
    const { service, lookups, lastRun } = await serviceWithRuns(2)
    service.observe(finished(2))
    await service.close()

    lookups.set(1, lookup(1, 10, 0, 2))
    service.observe(finished(1))
    await service.close()
    expect(await lastRun()).toMatchObject({ jobId: '2', inStockRate: 80 })
  })

  it('is told once its figures are on the watchlist, so the Watchlists screen that showed the run end asks again and finds them', async () => {
    const found: Promise<unknown>[] = []
    const { service, lastRun } = await serviceWithRuns(2, () => found.push(lastRun()))
    service.observe(finished(2))
    await service.close()
    expect(found).toHaveLength(1)
    expect(await found[0]).toMatchObject({ jobId: '2', inStockRate: 80 })
  })
})
