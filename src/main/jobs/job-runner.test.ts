import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import { searchPathFor } from '../../shared/environments'
import type { ApiTarget } from '../inventory/inventory-client'
import type { HistoryStore } from '../history/history-store'
import type { LookupResults } from '../history/lookup-results'
import { memoryHistory } from '../history/test-support/memory-history'
import { createMemoryLogger } from '../logging/logger'
import { checkJobInvariant, checkSearchCalls } from './job-invariant'
import { createJobRunner } from './job-runner'
import type { JobRunner, JobRunnerDeps } from './job-types'
import { createFakeClock, type FakeClock } from './test-support/fake-clock'
import { createFakeInventory, faults, type FakeInventoryOptions } from './test-support/fake-inventory'
import { asLines, validGtins } from './test-support/gtin-fixtures'
import { latestResults } from '../history/test-support/latest-results'
import { packLines } from '../workers/packed-lines'

const target: ApiTarget = {
  environment: 'demo',
  authUrl: 'http://127.0.0.1:9',
  baseUrl: 'http://127.0.0.1:9',
  boundInventoryOrigin: 'http://127.0.0.1:9',
  searchPath: searchPathFor('demo'),
  clientId: 'unit-client',
  clientSecret: 'unit-secret-value',
  bearerPrefix: false
}

interface Harness {
  clock: FakeClock
  inventory: ReturnType<typeof createFakeInventory>
  runner: JobRunner
  progress: { at: number; value: JobProgress }[]
  log: ReturnType<typeof createMemoryLogger>
  history: HistoryStore
  results: LookupResults
  /** Runs a job to its end on the fake clock and checks the job's promise. */
  settle(jobId: string, lines: { line: number; input: string }[]): Promise<JobProgress>
}

/** Jobs started and jobs whose end was checked, in the current test. */
const started = new Set<string>()
const checked = new Set<string>()
const opened: HistoryStore[] = []

function harness(inventory: Omit<FakeInventoryOptions, 'clock'> = {}, runner: Partial<JobRunnerDeps> = {}): Harness {
  const clock = createFakeClock()
  const fake = createFakeInventory({ clock, ...inventory })
  const progress: { at: number; value: JobProgress }[] = []
  const log = createMemoryLogger()
  const { history, writer, results } = memoryHistory(clock.now, log)
  opened.push(history)
  let draws = 0
  const jobs = createJobRunner({
    client: fake,
    history,
    writer,
    now: clock.now,
    sleep: clock.sleep,
    after: clock.setTimer,
    // Deterministic, spread-out jitter.
    random: () => ((draws += 1) * 0.381_966) % 1,
    log,
    onProgress: (value) => progress.push({ at: clock.now(), value }),
    ...runner
  })
  return {
    clock,
    inventory: fake,
    runner: jobs,
    progress,
    log,
    history,
    results,
    async settle(jobId, lines) {
      const final = await clock.runUntilSettled(jobs.whenSettled(jobId))
      const { entries } = await results.page(jobId, 0)
      expect(checkJobInvariant(lines, entries, final)).toEqual([])
      expect(checkSearchCalls(fake.calls)).toEqual([])
      checked.add(jobId)
      return final
    }
  }
}

afterEach(() => {
  for (const history of opened.splice(0)) history.close()
  // Every job a test starts must end with the invariant check.
  const unchecked = [...started].filter((id) => !checked.has(id))
  started.clear()
  checked.clear()
  expect(unchecked).toEqual([])
})

async function start(h: Harness, inputs: string[], itemType: 'gtin' | 'wm_item_number' = 'gtin') {
  const lines = asLines(inputs)
  const progress = await h.runner.start({ environment: 'demo', stores: [1234], itemType, packed: packLines(lines), target })
  started.add(progress.jobId)
  return { lines, progress, jobId: progress.jobId }
}

describe('createJobRunner', () => {
  it("attaches an imported file's other columns to each line's results, blank for lines the file did not have", async () => {
    const h = harness()
    const gtins = validGtins(3)
    const lines = [
      { line: 2, input: gtins[0] ?? '' },
      { line: 5, input: 'not a gtin' },
      { line: 9, input: gtins[1] ?? '' }
    ]
    const carried = { columns: ['Description', 'Case Pack'], rows: ['Oat milk\u000012', 'Rye bread\u00006', null] }
    const progress = await h.runner.start({
      environment: 'demo',
      stores: [1234],
      itemType: 'gtin',
      packed: packLines(lines),
      target,
      carried
    })
    started.add(progress.jobId)
    expect(progress.carriedColumns).toEqual(['Description', 'Case Pack'])
    await h.settle(progress.jobId, lines)
    const byLine = (results: { line: number; carried?: string[] }[]) =>
      Object.fromEntries(results.map((result) => [result.line, result.carried]))
    const expected = { 2: ['Oat milk', '12'], 5: ['Rye bread', '6'], 9: ['', ''] }
    expect(byLine((await h.results.page(progress.jobId, 0)).entries)).toEqual(expected)
    expect(byLine(await latestResults(h.results, progress.jobId))).toEqual(expected)
    const bare = await latestResults(h.results, progress.jobId, { carried: false })
    expect(bare.every((result) => result.carried === undefined)).toBe(true)
  })

  it('looks up every distinct valid value once, in batches of 100, and accounts for every line', async () => {
    const gtins = validGtins(250)
    const carried = new Set(gtins.filter((_, i) => i % 5 !== 0))
    const h = harness({ carries: (value) => carried.has(value) })
    const inputs = [...gtins, 'abc', '', gtins[3] ?? '', gtins[0]?.slice(3) ?? '']
    const { lines, jobId, progress } = await start(h, inputs)

    expect(progress).toMatchObject({ state: 'running', lines: 254, invalid: 2, duplicate: 2, pending: 250, batchesTotal: 3 })
    const final = await h.settle(jobId, lines)

    expect(final).toMatchObject({ state: 'finished', found: 200, notFound: 50, invalid: 2, duplicate: 2, failed: 0, pending: 0 })
    expect(final).toMatchObject({ batchesDone: 3, batchesTotal: 3, requests: 3, retries: 0, throttledMs: 0, resultsCount: 254 })
    expect(h.inventory.calls.map((c) => c.values.length)).toEqual([100, 100, 50])
    expect(final.valuesPerSecond).toBeGreaterThan(0)
    expect(final.finishedAt).not.toBeNull()

    expect(h.history.lookup(Number(jobId))).toMatchObject({ environment: 'demo', stores: [1234], itemType: 'gtin' })
    const latest = await latestResults(h.results, jobId)
    expect(latest.map((r) => r.line)).toEqual(lines.map((l) => l.line))
    expect(latest[253]).toMatchObject({ status: 'duplicate', duplicateOf: 1 })
    expect(latest[1]).toMatchObject({ status: 'found', value: gtins[1], item: { gtin: gtins[1]?.replace(/^0+/, '') } })
    expect(latest[0]).toMatchObject({ status: 'not_found', value: gtins[0] })
  })

  it('serves the append-only log from any offset', async () => {
    const h = harness()
    const { lines, jobId } = await start(h, [...validGtins(3), 'x'])
    await h.settle(jobId, lines)
    const all = await h.results.page(jobId, 0)
    expect(all.next).toBe(4)
    expect(all.entries[0]).toMatchObject({ line: 4, status: 'invalid' })
    expect(await h.results.page(jobId, 2)).toEqual({ entries: all.entries.slice(2), next: 4 })
    expect(await h.results.page(jobId, 1, 2)).toEqual({ entries: all.entries.slice(1, 3), next: 3 })
    expect(await h.results.page(jobId, 99)).toEqual({ entries: [], next: 4 })
  })

  it('finishes at once when no line needs a lookup', async () => {
    const h = harness()
    const { lines, jobId, progress } = await start(h, ['', 'abc'])
    // Every line is answered at once; Finished is said once History has the end of the run.
    expect(progress).toMatchObject({ state: 'running', invalid: 2, pending: 0, batchesTotal: 0 })
    expect(await h.settle(jobId, lines)).toMatchObject({ state: 'finished', invalid: 2 })
    expect(h.inventory.calls).toEqual([])
  })

  it('never has more searches in flight than its concurrency', async () => {
    const h = harness({ latencyMs: 250 }, { concurrency: 3 })
    const { lines, jobId } = await start(h, validGtins(1_500))
    await h.settle(jobId, lines)
    expect(h.inventory.maxInFlight()).toBe(3)
  })

  it('retries server faults with growing, jittered backoff and then succeeds', async () => {
    const h = harness({ script: (_call, i) => (i < 3 ? faults.server() : undefined) }, { concurrency: 1 })
    const { lines, jobId } = await start(h, validGtins(20))
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ found: 20, failed: 0, requests: 4, retries: 3 })
    const gaps = h.inventory.calls.slice(1).map((c, i) => c.at - (h.inventory.calls[i]?.at ?? 0) - 100)
    expect(gaps.every((gap) => gap >= 0)).toBe(true)
    expect(gaps[2]).toBeLessThan(2_000)
    expect(h.log.lines.filter((l) => l.includes('a search failed'))).toHaveLength(3)
  })

  it('gives up after the bounded attempts, keeps the error, then "retry failed" looks up only those values', async () => {
    let broken = true
    const h = harness(
      { script: (call) => (broken && call.values.includes(validGtins(1, 101)[0] ?? '') ? faults.server() : undefined) },
      { maxAttempts: 3 }
    )
    const { lines, jobId } = await start(h, validGtins(250))
    const first = await h.settle(jobId, lines)
    expect(first).toMatchObject({ state: 'finished', found: 150, failed: 100, retries: 2, requests: 5 })
    const failed = (await latestResults(h.results, jobId)).filter((r) => r.status === 'failed')
    expect(failed[0]?.error).toEqual({ code: 'server_error', message: 'An internal server error has occurred.', status: 500 })

    broken = false
    const callsBefore = h.inventory.calls.length
    const retrying = await h.runner.retryFailed(jobId, target)
    expect(retrying).toMatchObject({ jobId, state: 'running', failed: 0, pending: 100, batchesTotal: 4 })
    const second = await h.settle(jobId, lines)
    expect(second).toMatchObject({ jobId, state: 'finished', found: 250, failed: 0, batchesDone: 4, resultsCount: 350 })
    expect(h.inventory.calls.slice(callsBefore).flatMap((c) => c.values)).toEqual(failed.map((r) => r.value))
  })

  it('fails a batch the server rejects without retrying it, with the server message', async () => {
    const h = harness({ script: (_call, i) => (i === 0 ? faults.badRequest() : undefined) }, { concurrency: 1 })
    const { lines, jobId } = await start(h, validGtins(150))
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ found: 50, failed: 100, requests: 2, retries: 0 })
    expect((await latestResults(h.results, jobId))[0]?.error).toEqual({ code: 'bad_request', message: 'Invalid parameter.', status: 400 })
  })

  it('stops sending when the credentials are refused, failing the rest with the same message', async () => {
    const h = harness({ script: () => faults.auth() }, { concurrency: 1 })
    const { lines, jobId } = await start(h, validGtins(500))
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ failed: 500, requests: 1, batchesDone: 5 })
    expect(new Set((await latestResults(h.results, jobId)).map((r) => r.error?.code))).toEqual(new Set(['not_subscribed']))
  })

  it('halves a batch refused as "not mapped to the Supplier" until the unmapped values stand alone', async () => {
    const gtins = validGtins(100)
    const unmapped = new Set([gtins[17], gtins[64]])
    // The stricter reading: one unmapped value spoils the whole search.
    const h = harness({
      carries: (value) => !unmapped.has(value),
      script: (call) => (call.values.some((v) => unmapped.has(v)) ? faults.notMapped() : undefined)
    })
    const { lines, jobId } = await start(h, gtins)
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ found: 98, notFound: 2, failed: 0, retries: 0 })
    expect(final.batchesTotal).toBe(final.requests)
    expect((await latestResults(h.results, jobId)).filter((r) => r.status === 'not_found').map((r) => r.value)).toEqual([
      gtins[17],
      gtins[64]
    ])
    // Two lone values among 100 are found in far fewer searches than one per value.
    expect(final.requests).toBeLessThan(30)
  })

  it('pauses the whole job on a 429 until Retry-After, then resumes with lower concurrency', async () => {
    let throttledUntil = 0
    const h = harness(
      {
        latencyMs: 100,
        script: (call, i) => {
          if (i === 2) throttledUntil = call.at + 100 + 5_000
          return call.at < throttledUntil ? faults.throttled({ remaining: 0, resetAt: null, retryAfterMs: 5_000 }) : undefined
        }
      },
      { concurrency: 4 }
    )
    const { lines, jobId } = await start(h, validGtins(2_000))
    await h.clock.advance(150)
    expect(h.runner.progress(jobId)).toMatchObject({ state: 'throttled', resumeAt: new Date(throttledUntil).toISOString() })
    const final = await h.settle(jobId, lines)

    expect(final).toMatchObject({ state: 'finished', found: 2_000, failed: 0 })
    const pausedSends = h.inventory.calls.filter((c) => c.at > throttledUntil - 5_000 && c.at < throttledUntil)
    expect(pausedSends).toEqual([])
    expect(final.retries).toBe(2)
    expect(final.throttledMs).toBeGreaterThanOrEqual(4_900)
    expect(final.resumeAt).toBeNull()
    // Right after the pause only two searches go together (half of four).
    const resumed = h.inventory.calls.filter((c) => c.at === throttledUntil)
    expect(resumed).toHaveLength(2)
    expect(h.progress.some((p) => p.value.state === 'throttled')).toBe(true)
  })

  it('honours the remaining-token count proactively, so the window is never overrun', async () => {
    const windowMs = 60_000
    const perWindow = 5
    let windowStart = createFakeClock().now()
    let used = 0
    let overruns = 0
    const h = harness({
      latencyMs: 50,
      script: (call) => {
        if (call.at >= windowStart + windowMs) {
          windowStart += windowMs * Math.floor((call.at - windowStart) / windowMs)
          used = 0
        }
        used += 1
        if (used > perWindow) {
          overruns += 1
          return faults.throttled({ remaining: 0, resetAt: windowStart + windowMs, retryAfterMs: windowStart + windowMs - call.at })
        }
        return { remaining: perWindow - used, resetAt: windowStart + windowMs, retryAfterMs: null }
      }
    })
    const { lines, jobId } = await start(h, validGtins(1_200))
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ found: 1_200, batchesDone: 12 })
    // Only the very first burst, sent before any figures came back, can overrun.
    expect(overruns).toBe(0)
    expect(final.requests).toBe(12)
    expect(final.throttledMs).toBeGreaterThan(100_000)
  })

  it('cancels: stops scheduling, aborts what is in flight, marks the rest cancelled and keeps what was found', async () => {
    const h = harness({ latencyMs: 1_000 }, { concurrency: 2 })
    const { lines, jobId } = await start(h, [...validGtins(1_000), 'bad'])
    await h.clock.advance(1_500)
    expect(h.runner.progress(jobId)).toMatchObject({ found: 200, pending: 800 })
    const cancelled = h.runner.cancel(jobId)
    expect(cancelled).toMatchObject({ state: 'cancelled', found: 200, invalid: 1, cancelled: 800, pending: 0 })
    expect(h.inventory.calls.filter((c) => !c.answered).every((c) => c.signal.aborted)).toBe(true)
    // Answered at once; the 800 cancelled lines reach the log (for the window to read) once History has written them.
    const final = await h.settle(jobId, lines)
    expect(final).toEqual({ ...cancelled, resultsCount: cancelled.resultsCount + 800 })
    expect(h.inventory.calls).toHaveLength(4)
    expect(h.progress.at(-1)?.value).toEqual(final)
    expect(h.runner.cancel(jobId)).toEqual(final)
  })

  it('reports progress at most ten times a second and always reports the end', async () => {
    const h = harness({ latencyMs: 50 }, { concurrency: 4 })
    const { lines, jobId } = await start(h, validGtins(5_000))
    await h.settle(jobId, lines)
    const times = h.progress.map((p) => p.at)
    const gaps = times.slice(1, -1).map((t, i) => t - (times[i] ?? 0))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100)
    expect(h.progress.at(-1)?.value).toMatchObject({ state: 'finished', found: 5_000, pending: 0 })
    // About 650 ms of work: one report at the start, about one per 100 ms, and the end.
    expect(h.progress.length).toBeGreaterThanOrEqual(5)
    expect(h.progress.length).toBeLessThanOrEqual(9)
  })

  it('keeps no finished lookup in memory: it is read back from History, and an unknown one is explained', async () => {
    const h = harness()
    const { lines, jobId } = await start(h, validGtins(3))
    const final = await h.settle(jobId, lines)
    expect(h.runner.isRunning(jobId)).toBe(false)
    expect(h.history.lookup(Number(jobId))).toMatchObject({ state: 'finished', counts: { found: 3 }, resultsCount: 3 })
    expect(h.runner.progress(jobId)).toEqual(final)
    const gone = new AppError('not_found', 'That lookup is no longer in History; it may have been deleted. Run it again.')
    expect(() => h.runner.progress('999')).toThrow(gone)
    expect(() => h.runner.progress('nope')).toThrow(gone)
    await expect(h.results.page('nope', 0)).rejects.toThrow(AppError)
    await expect(h.runner.retryFailed('nope', target)).rejects.toThrow(AppError)
  })

  it('refuses to retry or resume while the job runs', async () => {
    const h = harness()
    const { lines, jobId } = await start(h, validGtins(5))
    await expect(h.runner.retryFailed(jobId, target)).rejects.toThrow(/still running/)
    await expect(h.runner.resume(jobId, target)).rejects.toThrow(/still running/)
    await h.settle(jobId, lines)
  })

  it('keeps the validation note and the invalid reason with each line', async () => {
    const h = harness()
    const upc = validGtins(1)[0]?.slice(2) ?? ''
    const { lines, jobId } = await start(h, [upc, '7.61E+12'])
    await h.settle(jobId, lines)
    const [padded, scientific] = await latestResults(h.results, jobId)
    expect(padded).toMatchObject({ status: 'found', value: `00${upc}`, note: 'padded to 14 digits' })
    expect(scientific).toMatchObject({ status: 'invalid', value: null, invalidReason: 'scientific_notation' })
    expect(scientific?.note).toMatch(/scientific notation/)
  })

  it('matches Walmart item numbers returned without their leading zeros', async () => {
    const h = harness({ carries: (value) => value !== '000000042' })
    const { lines, jobId } = await start(h, ['000555555', '123456789', '000000042'], 'wm_item_number')
    const final = await h.settle(jobId, lines)
    expect(final).toMatchObject({ found: 2, notFound: 1 })
  })

  it('never puts the secret in a progress payload or a log line', async () => {
    const h = harness({ script: (_call, i) => (i === 0 ? faults.server() : undefined) })
    const { lines, jobId } = await start(h, validGtins(300))
    await h.settle(jobId, lines)
    const text = JSON.stringify(h.progress) + h.log.lines.join('\n') + JSON.stringify(await h.results.page(jobId, 0))
    expect(text).not.toContain(target.clientSecret)
  })
})
