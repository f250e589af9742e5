import { afterEach, describe, expect, it } from 'vitest'
import type { JobProgress } from '../../shared/domain/job-progress'
import { MAX_STORE_VALUE_PAIRS } from '../../shared/domain/store-list'
import { searchPathFor } from '../../shared/environments'
import type { HistoryStore } from '../history/history-store'
import { memoryHistory } from '../history/test-support/memory-history'
import type { ApiTarget } from '../inventory/inventory-client'
import { createMemoryLogger } from '../logging/logger'
import { GROUP_WAIT_MS } from './answer-groups'
import { checkJobInvariant, checkSearchCalls } from './job-invariant'
import { createJobRunner } from './job-runner'
import type { JobRunnerDeps } from './job-types'
import { createFakeClock } from './test-support/fake-clock'
import { createFakeInventory, faults, type FakeInventoryOptions } from './test-support/fake-inventory'
import { asLines, validGtins } from './test-support/gtin-fixtures'
import { latestResults } from '../history/test-support/latest-results'
import { packLines } from '../workers/packed-lines'

/** A lookup over several stores, on the fake clock: order, per-store completion, stop, resume and retry across stores. */
const target: ApiTarget = {
  environment: 'demo',
  authUrl: 'http://127.0.0.1:9',
  baseUrl: 'http://127.0.0.1:9',
  boundInventoryOrigin: 'http://127.0.0.1:9',
  searchPath: searchPathFor('demo'),
  clientId: 'stores-client',
  clientSecret: 'stores-secret-value',
  bearerPrefix: false
}

const opened: HistoryStore[] = []
afterEach(() => {
  for (const history of opened.splice(0)) history.close()
})

function harness(inventory: Omit<FakeInventoryOptions, 'clock'> = {}, runner: Partial<JobRunnerDeps> = {}) {
  const clock = createFakeClock()
  const fake = createFakeInventory({ clock, ...inventory })
  const log = createMemoryLogger()
  const { history, writer, results } = memoryHistory(clock.now, log)
  opened.push(history)
  const progress: JobProgress[] = []
  let draws = 0
  const jobs = createJobRunner({
    client: fake,
    history,
    writer,
    now: clock.now,
    sleep: clock.sleep,
    after: clock.setTimer,
    random: () => ((draws += 1) * 0.381_966) % 1,
    log,
    onProgress: (value) => progress.push(value),
    ...runner
  })
  return {
    clock,
    fake,
    jobs,
    history,
    results,
    progress,
    async settle(jobId: string, lines: { line: number; input: string }[]): Promise<JobProgress> {
      const final = await clock.runUntilSettled(jobs.whenSettled(jobId))
      expect(checkJobInvariant(lines, (await results.page(jobId, 0)).entries, final)).toEqual([])
      expect(checkSearchCalls(fake.calls)).toEqual([])
      return final
    }
  }
}

/** When each store's last answer was recorded, in the order the stores were listed. */
function finishOrder(calls: { storeNbr?: number; at: number }[], latencyMs: number): number[] {
  const last = new Map<number, number>()
  for (const call of calls)
    if (call.storeNbr !== undefined) last.set(call.storeNbr, Math.max(last.get(call.storeNbr) ?? 0, call.at + latencyMs))
  return [...last.entries()].sort((a, b) => a[1] - b[1]).map(([store]) => store)
}

describe('a lookup over several stores', () => {
  it('looks every distinct value up once per store, stores x ceil(values / 100) searches, and accounts for every pair', async () => {
    const h = harness({ carries: (value) => !value.endsWith('5') })
    const inputs = [...validGtins(250), 'abc', validGtins(1)[0] ?? '']
    const lines = asLines(inputs)
    const stores = [300, 100, 200]
    const started = await h.jobs.start({ environment: 'demo', stores, itemType: 'gtin', packed: packLines(lines), target })
    expect(started).toMatchObject({ stores, storesDone: 0, lines: 252, invalid: 3, duplicate: 3, pending: 750, batchesTotal: 9 })

    const final = await h.settle(started.jobId, lines)
    expect(final).toMatchObject({
      state: 'finished',
      storesDone: 3,
      requests: 9,
      batchesDone: 9,
      invalid: 3,
      duplicate: 3,
      failed: 0,
      pending: 0
    })
    expect(final.found + final.notFound).toBe(750)
    expect(h.fake.calls.map((call) => call.storeNbr)).toEqual([300, 300, 300, 100, 100, 100, 200, 200, 200])

    expect(h.history.lookup(Number(started.jobId))?.stores).toEqual(stores)
    const latest = await latestResults(h.results, started.jobId)
    // Store by store in the lookup's order, lines in input order within each store.
    expect(latest.map((result) => result.storeNbr)).toEqual(stores.flatMap((store) => Array<number>(252).fill(store)))
    expect(latest.filter((result) => result.status === 'found').every((result) => result.item?.store_nbr === result.storeNbr)).toBe(true)
  })

  it('finishes the stores in turn while keeping the allowed requests in flight, and counts each store done as it completes', async () => {
    const h = harness({ latencyMs: 100 }, { concurrency: 4, initialConcurrency: 4 })
    const lines = asLines(validGtins(1_000))
    const stores = [7, 3, 9, 1]
    const { jobId } = await h.jobs.start({ environment: 'demo', stores, itemType: 'gtin', packed: packLines(lines), target })

    // Ten batches a store at four in flight: store 7 is answered within 300 ms, while the others wait their turn.
    await h.clock.advance(320)
    const early = h.jobs.progress(jobId)
    expect(early.storesDone).toBe(1)
    // Its last answers reach History with their group, at most the group's wait later.
    await h.clock.advance(GROUP_WAIT_MS)
    const storeSeven = (await h.results.page(jobId, 0)).entries.filter((entry) => entry.storeNbr === 7)
    expect(storeSeven).toHaveLength(1_000)
    expect(h.fake.maxInFlight()).toBe(4)

    const final = await h.settle(jobId, lines)
    expect(final.storesDone).toBe(4)
    expect(finishOrder(h.fake.calls, 100)).toEqual(stores)
    // Done stores only ever grow, one store after another.
    const done = h.progress.map((progress) => progress.storesDone)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    expect(new Set(done)).toEqual(new Set([0, 1, 2, 3, 4]))
  })

  it('sends a retried batch before the later stores, so a failure does not leave its store behind', async () => {
    const h = harness(
      { latencyMs: 100, script: (_call, index) => (index === 0 ? faults.server() : undefined) },
      { concurrency: 2, initialConcurrency: 2 }
    )
    const lines = asLines(validGtins(400))
    const { jobId } = await h.jobs.start({ environment: 'demo', stores: [1, 2, 3], itemType: 'gtin', packed: packLines(lines), target })
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ storesDone: 3, retries: 1, failed: 0 })
    const retried = h.fake.calls.findIndex(
      (call, index) => index > 0 && call.storeNbr === 1 && call.values[0] === h.fake.calls[0]?.values[0]
    )
    // The retry of store 1's first batch goes out ahead of every batch of store 3.
    expect(retried).toBeLessThan(h.fake.calls.findIndex((call) => call.storeNbr === 3))
    expect(finishOrder(h.fake.calls, 100)).toEqual([1, 2, 3])
  })

  it('cancel leaves every unanswered pair cancelled, in every store; resume looks up only those, under the same lookup', async () => {
    const h = harness({ latencyMs: 1_000 }, { concurrency: 2, initialConcurrency: 2 })
    const lines = asLines(validGtins(300))
    const { jobId } = await h.jobs.start({ environment: 'demo', stores: [10, 20], itemType: 'gtin', packed: packLines(lines), target })
    await h.clock.advance(2_500)
    const cancelled = h.jobs.cancel(jobId)
    expect(cancelled).toMatchObject({ state: 'cancelled', storesDone: 1, found: 400, cancelled: 200, pending: 0 })
    await h.settle(jobId, lines)

    const callsBefore = h.fake.calls.length
    const resumed = await h.jobs.resume(jobId, target)
    expect(resumed).toMatchObject({ state: 'running', storesDone: 1, pending: 200, cancelled: 0 })
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ state: 'finished', storesDone: 2, found: 600, cancelled: 0 })
    expect(h.fake.calls.slice(callsBefore).every((call) => call.storeNbr === 20)).toBe(true)
    expect(h.fake.calls.slice(callsBefore).flatMap((call) => call.values)).toHaveLength(200)
  })

  it('retry failed looks up again only the failed pairs, in the stores where they failed', async () => {
    let broken = true
    const h = harness({ script: (call) => (broken && call.storeNbr === 2 ? faults.badRequest() : undefined) })
    const lines = asLines(validGtins(150))
    const { jobId } = await h.jobs.start({ environment: 'demo', stores: [1, 2, 3], itemType: 'gtin', packed: packLines(lines), target })
    const first = await h.settle(jobId, lines)
    expect(first).toMatchObject({ state: 'finished', found: 300, failed: 150, storesDone: 3 })

    broken = false
    const callsBefore = h.fake.calls.length
    expect(await h.jobs.retryFailed(jobId, target)).toMatchObject({ pending: 150, failed: 0, storesDone: 2 })
    const second = await h.settle(jobId, lines)
    expect(second).toMatchObject({ found: 450, failed: 0, storesDone: 3 })
    expect(new Set(h.fake.calls.slice(callsBefore).map((call) => call.storeNbr))).toEqual(new Set([2]))
  })

  it('refuses a lookup over the cap of stores x distinct values before anything is stored or sent', async () => {
    const h = harness()
    const values = Math.floor(MAX_STORE_VALUE_PAIRS / 500) + 1
    const lines = asLines(validGtins(values))
    const stores = Array.from({ length: 500 }, (_, index) => index + 1)
    await expect(h.jobs.start({ environment: 'demo', stores, itemType: 'gtin', packed: packLines(lines), target })).rejects.toThrow(
      '500 stores x 4,001 values makes 2,000,500 store and value pairs; one lookup takes at most 2,000,000, so use fewer stores or values.'
    )
    expect(h.fake.calls).toEqual([])
  })
})
