import { randomUUID } from 'node:crypto'
import { AppError, type AppErrorShape } from '../../shared/domain/app-error'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { JobProgress, JobState } from '../../shared/domain/job-progress'
import type { FinalLineStatus, InventoryItem, LineResult } from '../../shared/domain/line-result'
import { validateLines, type ValidatedLine } from '../../shared/domain/values'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import type { ApiTarget, InventoryClient } from '../inventory/inventory-client'
import type { Logger } from '../logging/logger'
import { toBatches } from './batching'
import { lookupKey, matchItems } from './match-items'
import { createProgressReporter, type ProgressReporter } from './progress-reporter'
import { classifyFailure, decideRetry, DEFAULT_RETRY_POLICY, type Failure, type RetryPolicy } from './retry-policy'
import type { SendOutcome } from './scheduler/rate-controller'
import type { Lane, Task } from './scheduler/request-scheduler'
import { createSchedulerPool, DEFAULT_MAX_CONCURRENCY } from './scheduler/scheduler-pool'

export interface JobRunnerDeps {
  client: Pick<InventoryClient, 'searchBatch'>
  now: () => number
  /** May resolve or reject when `signal` aborts; the runner copes with either. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  random: () => number
  log: Logger
  onProgress: (progress: JobProgress) => void
  /** Searches in flight at once per API client, at most; below that the scheduler finds the rate the server allows. */
  concurrency?: number
  /** Where the scheduler's search for the rate starts. */
  initialConcurrency?: number
  /** Requests one batch may make for faults other than throttling. */
  maxAttempts?: number
  /** Finished jobs kept in memory; the oldest go first. */
  keepJobs?: number
  retryPolicy?: Partial<Omit<RetryPolicy, 'maxAttempts'>>
}

export interface JobParams {
  environment: EnvironmentId
  storeNbr: number
  itemType: ItemType
}

export interface StartParams extends JobParams {
  lines: { line: number; input: string }[]
  target: ApiTarget
  /** `validateLines` of `lines` (same order), when done elsewhere (off main's thread); done here when absent. */
  validated?: readonly ValidatedLine[]
  /** An imported file's other columns: their names, and per line (aligned with `lines`) its cells joined by `CELL_SEPARATOR`. */
  carried?: CarriedInput
}

export interface CarriedInput {
  columns: string[]
  rows: readonly (string | null)[]
}

export interface JobRunner {
  /** Returns at once; the lookup runs in the background and reports through `onProgress`. */
  start(params: StartParams): JobProgress
  cancel(jobId: string): JobProgress
  cancelAll(): void
  /** Looks up the failed values again under the same job id; `target` replaces the job's (e.g. after fixing credentials). */
  retryFailed(jobId: string, target?: ApiTarget): JobProgress
  progress(jobId: string): JobProgress
  /** The job's append-only log from `from`; a later entry for a line supersedes an earlier one. */
  results(jobId: string, from: number, limit?: number): { entries: LineResult[]; next: number }
  /**
   * The latest state of every line that has one, in input order (lines still pending are left out).
   * `carried: false` leaves out the imported file's cells, for a caller that adds them a slice at a
   * time with `carry` (an export of 200,000 lines, without holding main for the whole list).
   */
  latest(jobId: string, options?: { carried?: boolean }): { params: JobParams; lines: LineResult[] }
  /** `results` with their lines' carried cells. */
  carry(jobId: string, results: readonly LineResult[]): LineResult[]
  /** Resolves when the current run has finished or been cancelled. */
  whenSettled(jobId: string): Promise<JobProgress>
}

/** A batch gives up after this many 429s; by then the server has paused the job for many windows. */
const MAX_THROTTLED_PER_BATCH = 20

interface Batch {
  values: string[]
  /** The batch's place in the job; a retry keeps it, so it goes before the batches behind it. */
  order: number[]
  /** Requests that failed with a transient fault. */
  attempts: number
  throttled: number
  notBefore: number
}

interface Run {
  startedAt: number
  endedAt: number | null
  answered: number
  lane: Lane<BatchTask>
  inFlight: number
  abort: AbortController
  reporter: ProgressReporter
  settled: Promise<JobProgress>
  resolveSettled: (progress: JobProgress) => void
}

interface Job {
  id: string
  params: JobParams
  carriedColumns: string[]
  /**
   * Each line's carried cells, joined: one string per line costs the file's text, where an array
   * per line would cost an object per cell. Split only when results leave the runner.
   */
  carriedByLine: Map<number, string> | null
  target: ApiTarget
  startedAt: number
  finishedAt: number | null
  state: JobState
  lines: { line: number; input: string }[]
  /** The looked-up value of each line (null for invalid lines). */
  values: (string | null)[]
  notes: (string | undefined)[]
  /** Index of the line each distinct valid value is looked up for. */
  lineOfValue: Map<string, number>
  /** Current state of each line; null while its value is being looked up. */
  current: (LineResult | null)[]
  entries: LineResult[]
  counts: Record<FinalLineStatus, number>
  pending: number
  batchesDone: number
  batchesTotal: number
  requests: number
  retries: number
  throttledMsBefore: number
  run: Run | null
  /** The last run, kept after it ends for its rate figures. */
  lastRun: Run | null
}

type SearchResponse = Awaited<ReturnType<InventoryClient['searchBatch']>>
type SendReport = Awaited<ReturnType<Task['send']>>

interface BatchTask extends Task {
  batch: Batch
}

/** The server limits a client, not a lookup: lookups against the same client share one scheduler. */
function clientKey(target: ApiTarget): string {
  return JSON.stringify([target.environment, target.baseUrl, target.searchPath, target.clientId])
}

function sendOutcome(failure: Failure): SendOutcome {
  if (failure.kind === 'throttled') return 'throttled'
  return failure.kind === 'cancelled' ? 'cancelled' : 'failure'
}

const NOT_FOUND_MESSAGE = 'That lookup is no longer available; run it again.'

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const schedulers = createSchedulerPool({
    now: deps.now,
    sleep: deps.sleep,
    random: deps.random,
    maxConcurrency: Math.max(1, Math.floor(deps.concurrency ?? DEFAULT_MAX_CONCURRENCY)),
    ...(deps.initialConcurrency === undefined ? {} : { initialConcurrency: deps.initialConcurrency }),
    onUnexpectedError: (error) => deps.log.error('the search scheduler failed', { error })
  })
  const keepJobs = Math.max(1, Math.floor(deps.keepJobs ?? 20))
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...deps.retryPolicy,
    maxAttempts: Math.max(1, Math.floor(deps.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts))
  }
  const jobs = new Map<string, Job>()

  function getJob(jobId: string): Job {
    const job = jobs.get(jobId)
    if (job === undefined) throw new AppError('not_found', NOT_FOUND_MESSAGE)
    return job
  }

  function emit(progress: JobProgress): void {
    try {
      deps.onProgress(progress)
    } catch (error) {
      deps.log.error('a progress listener failed', { error })
    }
  }

  function record(job: Job, index: number, result: LineResult): void {
    const previous = job.current[index]
    if (previous === undefined) return
    if (previous === null) job.pending -= 1
    else job.counts[previous.status] -= 1
    job.current[index] = result
    job.counts[result.status] += 1
    job.entries.push(result)
  }

  function resultFor(job: Job, index: number, status: 'found' | 'not_found' | 'failed' | 'cancelled', extra: Partial<LineResult> = {}): LineResult {
    const source = job.lines[index]
    const note = job.notes[index]
    return {
      line: source?.line ?? 0,
      input: source?.input ?? '',
      value: job.values[index] ?? null,
      status,
      ...(note === undefined ? {} : { note }),
      ...extra
    }
  }

  function settleValues(job: Job, values: readonly string[], settle: (index: number) => LineResult): void {
    for (const value of values) {
      const index = job.lineOfValue.get(value)
      if (index !== undefined && job.current[index] === null) record(job, index, settle(index))
    }
  }

  function failBatch(job: Job, run: Run, batch: Batch, error: AppErrorShape): void {
    settleValues(job, batch.values, (index) => resultFor(job, index, 'failed', { error }))
    job.batchesDone += 1
    run.reporter.changed()
  }

  function snapshot(job: Job): JobProgress {
    const now = deps.now()
    const run = job.run
    const gate = run?.lane.state(now)
    const rateRun = run ?? job.lastRun
    const elapsedMs = rateRun === null ? 0 : (rateRun.endedAt ?? now) - rateRun.startedAt
    const valuesPerSecond = rateRun === null || elapsedMs <= 0 ? 0 : (rateRun.answered * 1000) / elapsedMs
    let etaMs: number | null = null
    if (run !== null) {
      if (job.pending === 0) etaMs = 0
      else if (valuesPerSecond > 0) etaMs = Math.round((job.pending / valuesPerSecond) * 1000)
      if (gate?.resumeAt != null) etaMs = Math.max(etaMs ?? 0, gate.resumeAt - now)
    }
    return {
      jobId: job.id,
      environment: job.params.environment,
      storeNbr: job.params.storeNbr,
      itemType: job.params.itemType,
      carriedColumns: job.carriedColumns,
      startedAt: new Date(job.startedAt).toISOString(),
      finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
      state: run === null ? job.state : gate?.throttled === true ? 'throttled' : 'running',
      lines: job.lines.length,
      batchesDone: job.batchesDone,
      batchesTotal: job.batchesTotal,
      found: job.counts.found,
      notFound: job.counts.not_found,
      invalid: job.counts.invalid,
      duplicate: job.counts.duplicate,
      failed: job.counts.failed,
      cancelled: job.counts.cancelled,
      pending: job.pending,
      requests: job.requests,
      retries: job.retries,
      throttledMs: Math.round(job.throttledMsBefore + (gate?.throttledMs ?? 0)),
      resumeAt: gate?.resumeAt == null ? null : new Date(gate.resumeAt).toISOString(),
      etaMs,
      valuesPerSecond: Math.round(valuesPerSecond * 10) / 10,
      resultsCount: job.entries.length
    }
  }

  function endRun(job: Job, run: Run, state: 'finished' | 'cancelled'): void {
    if (job.run !== run) return
    const now = deps.now()
    run.lane.close()
    job.throttledMsBefore += run.lane.state(now).throttledMs
    run.endedAt = now
    job.run = null
    job.lastRun = run
    job.state = state
    job.finishedAt = now
    run.reporter.final()
    const progress = snapshot(job)
    deps.log.info(`lookup ${state}`, {
      jobId: job.id,
      lines: progress.lines,
      found: progress.found,
      notFound: progress.notFound,
      failed: progress.failed,
      cancelled: progress.cancelled,
      requests: progress.requests,
      retries: progress.retries,
      throttledMs: progress.throttledMs
    })
    run.resolveSettled(progress)
  }

  function beginRun(job: Job, values: string[]): void {
    let resolveSettled: (progress: JobProgress) => void = () => undefined
    const settled = new Promise<JobProgress>((resolve) => {
      resolveSettled = resolve
    })
    const now = deps.now()
    const batches = toBatches(values).map((batchValues, index): Batch => ({ values: batchValues, order: [index], attempts: 0, throttled: 0, notBefore: now }))
    const reporter = createProgressReporter({ snapshot: () => snapshot(job), emit, now: deps.now, sleep: deps.sleep })
    const run: Run = {
      startedAt: now,
      endedAt: null,
      answered: 0,
      lane: schedulers.forClient(clientKey(job.target)).openLane<BatchTask>({ onThrottleChange: () => reporter.changed() }),
      inFlight: 0,
      abort: new AbortController(),
      reporter,
      settled,
      resolveSettled
    }
    job.batchesTotal += batches.length
    job.run = run
    job.state = 'running'
    job.finishedAt = null
    run.reporter.changed()
    for (const batch of batches) enqueue(job, run, batch)
    finishIfDone(job, run)
  }

  function enqueue(job: Job, run: Run, batch: Batch): void {
    run.lane.push({ batch, order: batch.order, notBefore: batch.notBefore, send: () => send(job, run, batch) })
  }

  function finishIfDone(job: Job, run: Run): void {
    if (job.run === run && run.inFlight === 0 && run.lane.queued === 0) endRun(job, run, 'finished')
  }

  function send(job: Job, run: Run, batch: Batch): Promise<SendReport> {
    run.inFlight += 1
    job.requests += 1
    const { storeNbr, itemType } = job.params
    // Wrapped so that a client that throws synchronously is handled like one that rejects.
    return new Promise<SearchResponse>((resolve) =>
      resolve(deps.client.searchBatch(job.target, { storeNbr, itemType, values: batch.values, signal: run.abort.signal }))
    )
      .then(
        (response): SendReport => {
          if (!run.abort.signal.aborted) recordAnswers(job, run, batch, response.items)
          return { outcome: 'success', rateLimit: response.rateLimit }
        },
        (error: unknown): SendReport => {
          const failure = classifyFailure(error)
          if (!run.abort.signal.aborted) handleFailure(job, run, batch, failure)
          return { outcome: sendOutcome(failure), rateLimit: failure.rateLimit }
        }
      )
      .catch((error: unknown): SendReport => {
        // A bug, not a server fault: account for the values rather than leave the job hanging.
        deps.log.error('a lookup result could not be recorded', { jobId: job.id, error })
        failBatch(job, run, batch, { code: 'internal', message: 'The answer for these values could not be read; retry the failed values.' })
        return { outcome: 'failure', rateLimit: null }
      })
      .finally(() => {
        run.inFlight -= 1
        run.reporter.changed()
        finishIfDone(job, run)
      })
  }

  function recordAnswers(job: Job, run: Run, batch: Batch, items: readonly InventoryItem[]): void {
    const { itemType } = job.params
    const { found, unmatched } = matchItems(itemType, batch.values, items)
    if (unmatched > 0) deps.log.warn('the server returned items that match no value asked for', { jobId: job.id, unmatched })
    settleValues(job, batch.values, (index) => {
      const item = found.get(lookupKey(itemType, job.values[index] ?? ''))
      return item === undefined ? resultFor(job, index, 'not_found') : resultFor(job, index, 'found', { item })
    })
    run.answered += batch.values.length
    job.batchesDone += 1
  }

  function handleFailure(job: Job, run: Run, batch: Batch, failure: Failure): void {
    const now = deps.now()
    if (failure.kind === 'throttled') {
      batch.throttled += 1
      if (batch.throttled > MAX_THROTTLED_PER_BATCH) {
        failBatch(job, run, batch, failure.error)
        return
      }
      job.retries += 1
      // Not ready in the instant of the 429 itself: the scheduler hears of the 429 only after this
      // handler returns, and a batch ready now would go straight back to the throttled server.
      batch.notBefore = now + 1
      enqueue(job, run, batch)
      return
    }
    if (failure.kind === 'transient' || failure.kind === 'cancelled') {
      batch.attempts += 1
      const decision = decideRetry({ ...failure, kind: 'transient' }, batch.attempts, policy, deps.random)
      deps.log.warn('a search failed', { jobId: job.id, code: failure.error.code, status: failure.error.status, attempt: batch.attempts, retry: decision.retry })
      if (decision.retry) {
        job.retries += 1
        batch.notBefore = now + Math.max(1, decision.delayMs)
        enqueue(job, run, batch)
        return
      }
      failBatch(job, run, batch, failure.error)
      return
    }
    if (failure.kind === 'not_mapped') {
      splitUnmapped(job, run, batch, now)
      return
    }
    deps.log.warn('a search was refused', { jobId: job.id, code: failure.error.code, status: failure.error.status })
    failBatch(job, run, batch, failure.error)
    if (failure.kind === 'job') {
      // Wrong credentials fail every request alike: account for the rest instead of sending them.
      for (const queued of run.lane.drain()) failBatch(job, run, queued.batch, failure.error)
    }
  }

  /**
   * The 404 does not say which value is not the supplier's, nor whether the others were looked
   * up, so the batch is halved until each unmapped value stands alone; a lone value so refused
   * is not found. A batch in which every value is unmapped costs one request per split.
   */
  function splitUnmapped(job: Job, run: Run, batch: Batch, now: number): void {
    if (batch.values.length === 1) {
      settleValues(job, batch.values, (index) => resultFor(job, index, 'not_found'))
      run.answered += 1
      job.batchesDone += 1
      return
    }
    const middle = Math.ceil(batch.values.length / 2)
    const halves = [batch.values.slice(0, middle), batch.values.slice(middle)]
    halves.forEach((values, half) => enqueue(job, run, { values, order: [...batch.order, half], attempts: 0, throttled: 0, notBefore: now }))
    // The refused batch is done; its halves are new batches.
    job.batchesDone += 1
    job.batchesTotal += 2
  }

  function evictOldJobs(): void {
    for (const [id, job] of jobs) {
      if (jobs.size <= keepJobs) return
      if (job.run === null) jobs.delete(id)
    }
  }

  function cancelJob(job: Job): void {
    const run = job.run
    if (run === null) return
    run.abort.abort()
    run.lane.close()
    job.current.forEach((state, index) => {
      if (state === null) record(job, index, resultFor(job, index, 'cancelled'))
    })
    endRun(job, run, 'cancelled')
  }

  return {
    start(params) {
      const seen = new Set<number>()
      for (const { line } of params.lines) {
        if (seen.has(line)) throw new AppError('invalid_input', `Line ${line} appears twice in the list; give each line its own number.`)
        seen.add(line)
      }
      // `validateLines` keeps the order of the lines: a line's result is at its own index.
      const validated = params.validated ?? validateLines(params.lines, params.itemType)
      if (validated.length !== params.lines.length) throw new Error('validated lines do not match the lines')
      const job: Job = {
        id: randomUUID(),
        params: { environment: params.environment, storeNbr: params.storeNbr, itemType: params.itemType },
        carriedColumns: params.carried?.columns ?? [],
        carriedByLine: carriedByLine(params),
        target: params.target,
        startedAt: deps.now(),
        finishedAt: null,
        state: 'running',
        lines: params.lines.map(({ line, input }) => ({ line, input })),
        values: [],
        notes: [],
        lineOfValue: new Map(),
        current: params.lines.map(() => null),
        entries: [],
        counts: { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 },
        pending: params.lines.length,
        batchesDone: 0,
        batchesTotal: 0,
        requests: 0,
        retries: 0,
        throttledMsBefore: 0,
        run: null,
        lastRun: null
      }
      const lookups: string[] = []
      validated.forEach((result, index) => {
        const base = { line: result.line, input: result.input }
        if (result.kind === 'invalid') {
          job.values[index] = null
          record(job, index, { ...base, value: null, status: 'invalid', invalidReason: result.reason, note: result.message })
        } else if (result.kind === 'duplicate') {
          job.values[index] = result.value
          record(job, index, { ...base, value: result.value, status: 'duplicate', duplicateOf: result.duplicateOf })
        } else {
          job.values[index] = result.value
          job.notes[index] = result.note
          job.lineOfValue.set(result.value, index)
          lookups.push(result.value)
        }
      })
      jobs.set(job.id, job)
      deps.log.info('lookup started', { jobId: job.id, environment: params.environment, lines: params.lines.length, lookups: lookups.length })
      beginRun(job, lookups)
      evictOldJobs()
      return snapshot(job)
    },

    cancel(jobId) {
      const job = getJob(jobId)
      cancelJob(job)
      return snapshot(job)
    },

    cancelAll() {
      for (const job of jobs.values()) cancelJob(job)
    },

    retryFailed(jobId, target) {
      const job = getJob(jobId)
      if (job.run !== null) throw new AppError('invalid_input', 'This lookup is still running; wait for it to finish, then retry the failed values.')
      const retry: string[] = []
      job.current.forEach((state, index) => {
        const value = job.values[index]
        if (state?.status !== 'failed' || value == null) return
        job.counts.failed -= 1
        job.pending += 1
        job.current[index] = null
        retry.push(value)
      })
      if (retry.length === 0) return snapshot(job)
      if (target !== undefined) job.target = target
      deps.log.info('retrying failed values', { jobId: job.id, values: retry.length })
      beginRun(job, retry)
      return snapshot(job)
    },

    progress: (jobId) => snapshot(getJob(jobId)),

    results(jobId, from, limit = Number.POSITIVE_INFINITY) {
      const job = getJob(jobId)
      const start = Math.min(Math.max(0, from), job.entries.length)
      const end = Math.min(job.entries.length, start + Math.max(0, limit))
      return { entries: job.entries.slice(start, end).map((entry) => withCarried(job, entry)), next: end }
    },

    latest(jobId, options = {}) {
      const job = getJob(jobId)
      // `current` holds each line's latest entry, in input order.
      const lines: LineResult[] = []
      const carried = options.carried !== false
      for (const result of job.current) if (result !== null) lines.push(carried ? withCarried(job, result) : result)
      return { params: { ...job.params }, lines }
    },

    carry(jobId, results) {
      const job = getJob(jobId)
      return results.map((result) => withCarried(job, result))
    },

    whenSettled(jobId) {
      const job = getJob(jobId)
      return job.run === null ? Promise.resolve(snapshot(job)) : job.run.settled
    }
  }
}

function carriedByLine(params: StartParams): Map<number, string> | null {
  const carried = params.carried
  if (carried === undefined || carried.columns.length === 0) return null
  if (carried.rows.length !== params.lines.length) throw new Error('carried rows do not match the lines')
  const byLine = new Map<number, string>()
  params.lines.forEach(({ line }, index) => {
    const row = carried.rows[index]
    if (row != null) byLine.set(line, row)
  })
  return byLine
}

/** A result as it leaves the runner: with its line's carried cells, one per carried column (blank for lines the file did not have). */
function withCarried(job: Job, result: LineResult): LineResult {
  if (job.carriedByLine === null) return result
  const cells = (job.carriedByLine.get(result.line) ?? '').split(CELL_SEPARATOR)
  const carried = job.carriedColumns.map((_name, index) => cells[index] ?? '')
  return { ...result, carried }
}
