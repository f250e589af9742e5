import { afterEach, describe, expect, it } from 'vitest'
import type { ItemType } from '../../shared/domain/item-type'
import type { JobProgress } from '../../shared/domain/job-progress'
import { SEARCH_PATHS } from '../../shared/environments'
import type { DemoFaults } from '../demo-api/demo-api'
import { canonicalValue, isMapped } from '../demo-api/demo-inventory'
import type { HistoryStore } from '../history/history-store'
import { memoryHistory } from '../history/test-support/memory-history'
import { postOverFetch } from '../http/http-post'
import { testDemoApi } from '../http/test-support/loopback-servers'
import { createInventoryClient, type ApiTarget } from '../inventory/inventory-client'
import { valueList } from '../inventory/search-request'
import { createMemoryLogger } from '../logging/logger'
import { createTokenManager } from '../token/token-manager'
import { checkJobInvariant, checkSearchCalls, type SearchCall } from './job-invariant'
import { createJobRunner } from './job-runner'
import { asLines, validGtins } from './test-support/gtin-fixtures'
import { createScaledClock, realClock, type Clock } from './test-support/scaled-clock'
import { latestResults } from '../history/test-support/latest-results'
import { packLines } from '../workers/packed-lines'

/**
 * The runner against the real Demo API over loopback, with the real token manager, inventory
 * client and Node's fetch. Every test ends with the job's invariant, the search-call check and a
 * search of every log line and progress payload for the secret and the token.
 */

/** Jobs started and jobs whose end was checked, in the current test. */
const started = new Set<string>()
const checked = new Set<string>()
const opened: HistoryStore[] = []

afterEach(async () => {
  for (const history of opened.splice(0)) history.close()
  // Every job a test starts must end with the invariant check.
  const unchecked = [...started].filter((id) => !checked.has(id))
  started.clear()
  checked.clear()
  expect(unchecked).toEqual([])
})

interface StackOptions {
  faults?: Partial<DemoFaults>
  clock?: Clock
  concurrency?: number
  maxAttempts?: number
}

async function stack(options: StackOptions = {}) {
  const clock = options.clock ?? realClock
  const demo = await testDemoApi({ faults: options.faults ?? {}, now: clock.now })
  const log = createMemoryLogger()
  const tokens = createTokenManager({ post: postOverFetch(fetch), now: clock.now, log })
  const client = createInventoryClient({ fetch, tokens, log, now: clock.now, timeoutMs: 5_000 })
  const calls: SearchCall[] = []
  const progress: JobProgress[] = []
  const { history, writer, results } = memoryHistory(clock.now, log)
  opened.push(history)
  const runner = createJobRunner({
    history,
    writer,
    client: {
      async searchBatch(target, request) {
        const call: SearchCall = { values: valueList(request.values), answered: false, storeNbr: request.storeNbr }
        calls.push(call)
        const response = await client.searchBatch(target, request)
        call.answered = true
        return response
      }
    },
    now: clock.now,
    sleep: clock.sleep,
    random: Math.random,
    log,
    onProgress: (p) => progress.push(p),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts })
  })
  const target: ApiTarget = {
    environment: 'demo',
    authUrl: demo.url,
    baseUrl: demo.url,
    boundInventoryOrigin: new URL(demo.url).origin,
    searchPath: SEARCH_PATHS.production,
    clientId: demo.credentials.clientId,
    clientSecret: demo.credentials.clientSecret,
    bearerPrefix: false
  }
  log.redact(target.clientSecret)

  return {
    demo,
    target,
    runner,
    results,
    tokens,
    log,
    calls,
    progress,
    async start(inputs: string[], itemType: ItemType = 'gtin', stores: number[] = [1234]) {
      const lines = asLines(inputs)
      const first = await runner.start({ environment: 'demo', stores, itemType, packed: packLines(lines), target })
      started.add(first.jobId)
      return { lines, jobId: first.jobId, first }
    },
    /** Waits for the job, then checks everything a job promises. */
    async settle(jobId: string, lines: { line: number; input: string }[]) {
      const final = await runner.whenSettled(jobId)
      const { entries } = await results.page(jobId, 0)
      expect(checkJobInvariant(lines, entries, final)).toEqual([])
      expect(checkSearchCalls(calls)).toEqual([])
      const { token } = await tokens.getToken(target)
      const everything = [...log.lines, JSON.stringify(progress), JSON.stringify(entries)].join('\n')
      expect(everything).not.toContain(target.clientSecret)
      expect(everything).not.toContain(token)
      checked.add(jobId)
      return final
    }
  }
}

/** Distinct valid GTINs with a few invalid and repeated lines mixed in. */
function mixedInputs(count: number): { inputs: string[]; unique: number; invalid: number; duplicates: number } {
  const gtins = validGtins(count)
  const inputs = [...gtins, 'not a gtin', '7.61E+12', gtins[0] ?? '', gtins[1] ?? '', '']
  return { inputs, unique: count, invalid: 3, duplicates: 2 }
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('job runner against the Demo API', () => {
  it('looks up a list with one token and one search per 100 distinct valid values', async () => {
    const s = await stack({ faults: { latencyMs: 5 } })
    const { inputs, unique, invalid, duplicates } = mixedInputs(1_234)
    const { lines, jobId } = await s.start(inputs)
    const final = await s.settle(jobId, lines)

    expect(final).toMatchObject({ state: 'finished', invalid, duplicate: duplicates, failed: 0, cancelled: 0, retries: 0 })
    expect(final.found + final.notFound).toBe(unique)
    // The Demo catalogue leaves about 8 % of values unmapped.
    expect(final.notFound).toBeGreaterThan(unique * 0.03)
    expect(final.notFound).toBeLessThan(unique * 0.15)
    expect(s.demo.stats()).toMatchObject({ tokenRequests: 1, searchRequests: 13, throttled: 0, valuesSearched: unique })
    const found = (await latestResults(s.results, jobId)).find((r) => r.status === 'found')
    expect(found?.item?.gtin).toBe(found?.value)
  })

  it('looks up Walmart item numbers', async () => {
    const s = await stack()
    const numbers = Array.from({ length: 150 }, (_, i) => String(100_000_001 + i * 7919))
    const { lines, jobId } = await s.start([...numbers, '12ab', numbers[5] ?? ''], 'wm_item_number')
    const final = await s.settle(jobId, lines)
    expect(final).toMatchObject({ invalid: 1, duplicate: 1, failed: 0 })
    expect(final.found + final.notFound).toBe(150)
    expect(final.found).toBeGreaterThan(100)
    const found = (await latestResults(s.results, jobId)).find((r) => r.status === 'found')
    expect(found?.item?.wm_item_number).toBe(found?.value)
  })

  it('reads "not mapped to the Supplier" (404) as not found for each value', async () => {
    // Values the supplier does not own (a store's not carrying an item is a different answer: 200 without it).
    const unmapped = validGtins(300)
      .filter((value) => !isMapped('gtin', canonicalValue('gtin', value) ?? ''))
      .slice(0, 6)
    expect(unmapped.length).toBe(6)

    const s = await stack({ faults: { notMappedError: true } })
    const { lines, jobId } = await s.start(unmapped)
    const final = await s.settle(jobId, lines)
    expect(final).toMatchObject({ notFound: 6, failed: 0 })
    // 6 values, all unmapped: halved down to single values, 2 x 6 - 1 searches.
    expect(s.demo.stats().searchRequests).toBe(11)
  })

  it('keeps searches in flight within its concurrency', async () => {
    const s = await stack({ faults: { latencyMs: 40 }, concurrency: 3 })
    const { lines, jobId } = await s.start(validGtins(2_000))
    await s.settle(jobId, lines)
    expect(s.demo.stats().maxConcurrentSearches).toBe(3)
  })

  it('recovers when the server stops accepting the token mid-job', async () => {
    const s = await stack({ faults: { latencyMs: 30 }, concurrency: 2 })
    const { lines, jobId } = await s.start(validGtins(3_000))
    await until(() => s.runner.progress(jobId).batchesDone >= 5)
    s.demo.expireAllTokens()
    const final = await s.settle(jobId, lines)
    expect(final).toMatchObject({ failed: 0, found: expect.any(Number) })
    expect(final.found + final.notFound).toBe(3_000)
    expect(s.demo.stats().tokenRequests).toBe(2)
  })

  it('recovers when tokens run out on their own during a long job', async () => {
    // 60x time: each token lives 15 simulated minutes (15 real seconds) would be too slow, so they live 2 minutes (2 s).
    const clock = createScaledClock(60)
    const s = await stack({ clock, faults: { latencyMs: 50, tokenLifetimeSeconds: 120 }, concurrency: 2 })
    const { lines, jobId } = await s.start(validGtins(8_000))
    const final = await s.settle(jobId, lines)
    expect(final).toMatchObject({ failed: 0 })
    expect(final.found + final.notFound).toBe(8_000)
    expect(s.demo.stats().tokenRequests).toBeGreaterThanOrEqual(2)
  })

  it('rides out a 429 storm: pauses the whole job, resumes, loses nothing and rarely hits the limit', async () => {
    // 120x time: the 60-second rate window passes in half a real second.
    const clock = createScaledClock(120)
    const s = await stack({ clock, faults: { latencyMs: 20, rateLimitPerWindow: 3 }, concurrency: 8 })
    const { lines, jobId } = await s.start(validGtins(2_000))
    await until(() => s.progress.some((p) => p.state === 'throttled'))
    const throttled = s.progress.find((p) => p.state === 'throttled')
    expect(throttled?.resumeAt).not.toBeNull()
    const final = await s.settle(jobId, lines)

    const stats = s.demo.stats()
    expect(final).toMatchObject({ state: 'finished', failed: 0, batchesDone: 20 })
    expect(final.found + final.notFound).toBe(2_000)
    expect(stats.throttled).toBeGreaterThan(0)
    // Only the opening burst, sent before the server's figures were known, may overrun the window.
    expect(stats.throttled).toBeLessThanOrEqual(8)
    expect(final.requests).toBe(20 + final.retries)
    expect(stats.searchRequests).toBe(final.requests)
    // About six full windows of 60 simulated seconds spent waiting for the next one.
    expect(final.throttledMs).toBeGreaterThan(3 * 60_000)
  })

  it('looks up 20 stores in one lookup inside a rate window, with faults: one rate, one token, every store and value accounted for', async () => {
    // 20x time: the 5-second window passes in a quarter of a real second; 5 ms of real latency is 100 simulated.
    const clock = createScaledClock(20)
    const faults = { latencyMs: 5, rateLimitPerWindow: 20, rateWindowMs: 5_000, serverErrorRate: 0.1, dropConnectionRate: 0.05, seed: 11 }
    const s = await stack({ clock, faults })
    const { inputs, unique, invalid, duplicates } = mixedInputs(300)
    const stores = Array.from({ length: 20 }, (_, i) => 500 + i)
    const { jobId, lines, first } = await s.start(inputs, 'gtin', stores)
    expect(first).toMatchObject({ stores, storesDone: 0, batchesTotal: 60, pending: 20 * unique })
    const final = await s.settle(jobId, lines)

    const stats = s.demo.stats()
    expect(final).toMatchObject({
      state: 'finished',
      storesDone: 20,
      failed: 0,
      pending: 0,
      invalid: 20 * invalid,
      duplicate: 20 * duplicates
    })
    expect(final.found + final.notFound).toBe(20 * unique)
    const { entries } = await s.results.page(jobId, 0)
    // Each store carries and stocks its own mix, so the stores do not all find the same values.
    const foundPerStore = stores.map((store) => entries.filter((entry) => entry.storeNbr === store && entry.status === 'found').length)
    expect(new Set(foundPerStore).size).toBeGreaterThan(1)
    expect(stats.serverErrors + stats.dropped).toBeGreaterThan(0)
    expect(stats.throttled / stats.searchRequests).toBeLessThan(0.02)
    expect(stats.tokenRequests).toBe(1)
    expect(final.batchesTotal).toBe(60)
    expect(stats.searchRequests).toBe(final.batchesTotal + final.retries)
    expect(final.requests).toBe(stats.searchRequests)
    // Stores finish in turn: each store's last answer lands in the log in the lookup's order, give or take a retry.
    const lastAnswer = stores.map((store) => entries.findLastIndex((entry) => entry.storeNbr === store))
    expect(lastAnswer.slice(0, 5).every((at) => at < Math.min(...lastAnswer.slice(15)))).toBe(true)
    const done = s.progress.filter((progress) => progress.jobId === jobId).map((progress) => progress.storesDone)
    expect(done).toEqual([...done].sort((a, b) => a - b))
  })

  it('retries 5xx answers until every value is answered', async () => {
    const s = await stack({ faults: { serverErrorRate: 0.1, seed: 7 } })
    const { lines, jobId } = await s.start(validGtins(5_000))
    const final = await s.settle(jobId, lines)
    const stats = s.demo.stats()
    expect(stats.serverErrors).toBeGreaterThan(0)
    expect(final).toMatchObject({ failed: 0, retries: stats.serverErrors })
    expect(final.found + final.notFound).toBe(5_000)
  })

  it('retries dropped connections', async () => {
    const s = await stack({ faults: { dropConnectionRate: 0.15, seed: 3 } })
    const { lines, jobId } = await s.start(validGtins(3_000))
    const final = await s.settle(jobId, lines)
    expect(s.demo.stats().dropped).toBeGreaterThan(0)
    expect(final).toMatchObject({ failed: 0, retries: s.demo.stats().dropped })
    expect(final.found + final.notFound).toBe(3_000)
  })

  it('retries answers whose JSON is malformed', async () => {
    const s = await stack({ faults: { malformedBodyRate: 0.2, seed: 11 } })
    const { lines, jobId } = await s.start(validGtins(3_000))
    const final = await s.settle(jobId, lines)
    expect(s.demo.stats().malformed).toBeGreaterThan(0)
    expect(final).toMatchObject({ failed: 0, retries: s.demo.stats().malformed })
    expect(final.found + final.notFound).toBe(3_000)
  })

  it('fails values after bounded attempts, then "retry failed" looks up only those once the faults stop', async () => {
    const s = await stack({ faults: { serverErrorRate: 1 }, maxAttempts: 2 })
    const { lines, jobId } = await s.start([...validGtins(250), 'bad'])
    const failedRun = await s.settle(jobId, lines)
    expect(failedRun).toMatchObject({ failed: 250, invalid: 1, requests: 6, retries: 3 })
    const error = (await latestResults(s.results, jobId))[0]?.error
    expect(error?.code).toBe('server_error')

    s.demo.setFaults({ serverErrorRate: 0 })
    s.demo.resetStats()
    await s.runner.retryFailed(jobId, s.target)
    const final = await s.settle(jobId, lines)
    expect(final).toMatchObject({ jobId, failed: 0, invalid: 1, resultsCount: 1 + 250 + 250 })
    expect(final.found + final.notFound).toBe(250)
    expect(s.demo.stats()).toMatchObject({ searchRequests: 3, valuesSearched: 250 })
  })

  it('cancels mid-job: nothing more is sent, pending lines are cancelled, answers so far are kept', async () => {
    const s = await stack({ faults: { latencyMs: 150 }, concurrency: 2 })
    const { lines, jobId } = await s.start(validGtins(5_000))
    await until(() => s.runner.progress(jobId).batchesDone >= 4)
    const cancelled = s.runner.cancel(jobId)
    const sentAtCancel = s.calls.length
    expect(cancelled).toMatchObject({ state: 'cancelled', pending: 0 })
    expect(cancelled.found + cancelled.notFound).toBeGreaterThanOrEqual(400)
    expect(cancelled.cancelled).toBe(5_000 - cancelled.found - cancelled.notFound)
    const final = await s.settle(jobId, lines)
    // Settled: every search in flight has ended. A search aborted on its way may still reach the
    // server, but none was sent after the cancel.
    expect(s.calls).toHaveLength(sentAtCancel)
    expect(s.demo.stats().searchRequests).toBeLessThanOrEqual(sentAtCancel)
    expect(s.calls.filter((c) => !c.answered).length).toBeGreaterThan(0)
    // Shown cancelled at once; the cancelled lines reach the log once History has written them.
    expect(final).toEqual({ ...cancelled, resultsCount: 5_000 })
    expect(s.progress.at(-1)).toEqual(final)
  })

  it('resumes a cancelled lookup: only the cancelled lines are looked up, under the same lookup, and every line ends once', async () => {
    const s = await stack({ faults: { latencyMs: 60 }, concurrency: 2 })
    const { lines, jobId } = await s.start([...validGtins(3_000), 'bad', validGtins(1)[0] ?? ''])
    await until(() => s.runner.progress(jobId).batchesDone >= 3)
    const cancelled = s.runner.cancel(jobId)
    expect(cancelled.cancelled).toBeGreaterThan(0)
    const stopped = await s.settle(jobId, lines)
    const answeredBefore = new Set(
      (await latestResults(s.results, jobId)).filter((r) => r.status === 'found' || r.status === 'not_found').map((r) => r.value)
    )

    s.demo.setFaults({ latencyMs: 0 })
    const callsBefore = s.calls.length
    const resumed = await s.runner.resume(jobId, s.target)
    expect(resumed).toMatchObject({ jobId, state: 'running', pending: cancelled.cancelled, cancelled: 0 })
    const final = await s.settle(jobId, lines)
    expect(final).toMatchObject({ jobId, state: 'finished', cancelled: 0, invalid: 1, duplicate: 1, failed: 0 })
    expect(final.found + final.notFound).toBe(3_000)
    const askedAgain = s.calls.slice(callsBefore).flatMap((call) => call.values)
    expect(askedAgain).toHaveLength(cancelled.cancelled)
    expect(askedAgain.filter((value) => answeredBefore.has(value))).toEqual([])
    expect(final.resultsCount).toBe(stopped.resultsCount + cancelled.cancelled)
  })
})
