import { AppError, type AppErrorShape } from '../../shared/domain/app-error'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { JobProgress } from '../../shared/domain/job-progress'
import type { FinalLineStatus, InventoryItem } from '../../shared/domain/line-result'
import type { HistoryStore } from '../history/history-store'
import type { AnswerRow, LineCounts, LookupSource, RunFigures, StoredLookup } from '../history/history-types'
import type { HistoryWriter } from '../history/history-writer'
import { lookupGone, requireLookupId } from '../history/lookup-id'
import { HEARTBEAT_MS } from '../history/lookup-owner'
import type { ApiTarget, InventoryClient } from '../inventory/inventory-client'
import type { Logger } from '../logging/logger'
import { lookupKey, matchItems } from './match-items'
import { createProgressReporter, type ProgressReporter } from './progress-reporter'
import { classifyFailure, decideRetry, DEFAULT_RETRY_POLICY, type Failure, type RetryPolicy } from './retry-policy'
import type { SendOutcome } from './scheduler/rate-controller'
import type { Lane, Task } from './scheduler/request-scheduler'
import { createSchedulerPool, DEFAULT_MAX_CONCURRENCY } from './scheduler/scheduler-pool'
import {
  halves,
  storeBatches,
  storesDone,
  storeTallies,
  type Batch,
  type PendingLine,
  type StoreTally,
  type StoreWork
} from './store-batches'
import { progressFromStored } from './stored-progress'

export interface JobRunnerDeps {
  client: Pick<InventoryClient, 'searchBatch'>
  /** Where a lookup's stored state is read back from; the runner keeps only what is running. */
  history: HistoryStore
  /** Writes every lookup and each batch of answers as it arrives, in order, off main's thread in the app. */
  writer: HistoryWriter
  /** Who starts lookups through this runner, as History shows it: the app or the headless command. */
  source?: LookupSource
  now: () => number
  /** May resolve or reject when `signal` aborts; the runner copes with either. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  random: () => number
  log: Logger
  onProgress: (progress: JobProgress) => void
  /**
   * Calls `beat` every `ms` of wall-clock time until the returned function is called; by default a
   * timer that does not keep the process alive. A running lookup's heartbeat tells other processes
   * sharing the history that it is alive even while the server holds it back.
   */
  every?: (ms: number, beat: () => void) => () => void
  /** Searches in flight at once per API client, at most; below that the scheduler finds the rate the server allows. */
  concurrency?: number
  /** Where the scheduler's search for the rate starts. */
  initialConcurrency?: number
  /** Requests one batch may make for faults other than throttling. */
  maxAttempts?: number
  retryPolicy?: Partial<Omit<RetryPolicy, 'maxAttempts'>>
}

export interface JobParams {
  environment: EnvironmentId
  /** Every line is looked up in each of these stores, in this order. */
  stores: number[]
  itemType: ItemType
}

export interface StartParams extends JobParams {
  lines: { line: number; input: string }[]
  target: ApiTarget
  /** An imported file's other columns: their names, and per line (aligned with `lines`) its cells joined by `CELL_SEPARATOR`. */
  carried?: CarriedInput
}

export interface CarriedInput {
  columns: string[]
  rows: readonly (string | null)[]
}

/** How a run was stopped: `cancelled` by the person, `interrupted` by quitting or a signal. */
export type StopReason = 'cancelled' | 'interrupted'

export interface JobRunner {
  /**
   * Resolves once the lookup is stored (its lines validated where it is written); the lookup then
   * runs in the background and reports through `onProgress`.
   */
  start(params: StartParams): Promise<JobProgress>
  /**
   * Stops the lookup and answers at once with it stopped: its unanswered lines are written as
   * cancelled after (`whenSettled`), and a last progress says when they are.
   */
  cancel(jobId: string): JobProgress
  stop(jobId: string, reason: StopReason): JobProgress
  /** Stops every lookup running here (the app quitting); resolves when History has all of them. */
  stopAll(reason: StopReason): Promise<void>
  /** Looks up the failed values again under the same job id, with `target` as it is now (credentials may have been fixed). */
  retryFailed(jobId: string, target: ApiTarget): Promise<JobProgress>
  /** Looks up the lines a cancelled or interrupted lookup never answered, under the same job id. */
  resume(jobId: string, target: ApiTarget): Promise<JobProgress>
  progress(jobId: string): JobProgress
  /** Resolves when the current run has finished or been stopped. */
  whenSettled(jobId: string): Promise<JobProgress>
  /** Whether the lookup is running in this process right now. */
  isRunning(jobId: string): boolean
  /** How many lookups are running in this process (quitting asks first when there are any). */
  runningCount(): number
}

/** A batch gives up after this many 429s; by then the server has paused the job for many windows. */
const MAX_THROTTLED_PER_BATCH = 20

type SearchResponse = Awaited<ReturnType<InventoryClient['searchBatch']>>
type SendReport = Awaited<ReturnType<Task['send']>>

interface BatchTask extends Task {
  batch: Batch
}

/** A lookup while it runs in this process: only what the run needs. Its results live in History. */
interface ActiveJob {
  id: number
  jobId: string
  params: JobParams
  target: ApiTarget
  carriedColumns: string[]
  startedAt: number
  lines: number
  /** Per store, in the lookup's order: what this run still waits for. */
  tallies: StoreTally[]
  tallyOf: Map<number, StoreTally>
  /** Store and value pairs still waiting for an answer. */
  pending: number
  counts: LineCounts
  resultsCount: number
  figures: RunFigures
  /** The state a run that reaches its end leaves: a retry of a stopped lookup with lines still unanswered keeps it stopped. */
  endState: 'finished' | 'cancelled' | 'interrupted'
  runStartedAt: number
  answered: number
  lane: Lane<BatchTask>
  inFlight: number
  abort: AbortController
  /** Batches of answers on their way to History; the run's end waits for them. */
  saving: Set<Promise<unknown>>
  /** A batch of answers History could not take: the run ends interrupted, its lines cancelled, to be resumed. */
  saveFailed: boolean
  reporter: ProgressReporter
  stopHeartbeat: () => void
  settled: Promise<JobProgress>
  resolveSettled: (progress: JobProgress) => void
}

/** The server limits a client, not a lookup: lookups against the same client share one scheduler. */
function clientKey(target: ApiTarget): string {
  return JSON.stringify([target.environment, target.baseUrl, target.searchPath, target.clientId])
}

function sendOutcome(failure: Failure): SendOutcome {
  if (failure.kind === 'throttled') return 'throttled'
  return failure.kind === 'cancelled' ? 'cancelled' : 'failure'
}

function wallClockTimer(ms: number, beat: () => void): () => void {
  const timer = setInterval(beat, ms)
  timer.unref()
  return () => clearInterval(timer)
}

const NOT_SAVED_MESSAGE =
  'The lookup could not be saved to History. Check that the disk is not full and that no other program holds the history file, then try again.'

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { history, writer } = deps
  const every = deps.every ?? wallClockTimer
  const schedulers = createSchedulerPool({
    now: deps.now,
    sleep: deps.sleep,
    random: deps.random,
    maxConcurrency: Math.max(1, Math.floor(deps.concurrency ?? DEFAULT_MAX_CONCURRENCY)),
    ...(deps.initialConcurrency === undefined ? {} : { initialConcurrency: deps.initialConcurrency }),
    onUnexpectedError: (error) => deps.log.error('the search scheduler failed', { error })
  })
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...deps.retryPolicy,
    maxAttempts: Math.max(1, Math.floor(deps.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts))
  }
  const active = new Map<number, ActiveJob>()
  /** Runs that have stopped and whose end History is writing: shown stopped at once, settled once written. */
  const stopping = new Map<number, { job: ActiveJob; progress: JobProgress }>()
  /** Lookups being taken over for a resume or a retry. */
  const claiming = new Set<number>()

  function stored(id: number): StoredLookup {
    const lookup = history.lookup(id)
    if (lookup === null) throw lookupGone()
    return lookup
  }

  /** A write to History that fails for a reason other than the user's (a full disk, a lock held too long) says so in a sentence. */
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (error instanceof AppError) throw error
      deps.log.error('a lookup could not be saved to History', { error })
      throw new AppError('file_write_failed', NOT_SAVED_MESSAGE)
    }
  }

  function emit(progress: JobProgress): void {
    try {
      deps.onProgress(progress)
    } catch (error) {
      deps.log.error('a progress listener failed', { error })
    }
  }

  function figuresNow(job: ActiveJob): RunFigures {
    return { ...job.figures, throttledMs: job.figures.throttledMs + job.lane.state(deps.now()).throttledMs }
  }

  /**
   * Records the answers for a batch's values, in one transaction, once. If History cannot take
   * them, the run stops: an answer that cannot be kept is not an answer the user has. The batch is
   * settled here at once (History writes in the order asked, so a stop asked later finds its
   * answers written); the log grows, for the window to read, once they are committed.
   */
  function settleBatch(job: ActiveJob, batch: Batch, settle: (value: string) => Pick<AnswerRow, 'status' | 'item' | 'error'>): void {
    if (active.get(job.id) !== job || batch.settled || batch.lines.length === 0) return
    const rows = batch.lines.map((pending): AnswerRow => ({
      ...settle(pending.value),
      storeNbr: batch.storeNbr,
      line: pending.line,
      ...(pending.replaces === undefined ? {} : { replaces: pending.replaces })
    }))
    batch.settled = true
    job.pending -= rows.length
    const tally = job.tallyOf.get(batch.storeNbr)
    if (tally !== undefined) tally.pending -= rows.length
    for (const row of rows) job.counts[row.status] += 1
    const saved = writer.appendResults(job.id, rows, figuresNow(job)).then(
      (resultsCount) => {
        job.resultsCount = Math.max(job.resultsCount, resultsCount)
        job.reporter.changed()
      },
      (error: unknown) => {
        deps.log.error('answers could not be saved to History; stopping the lookup', { jobId: job.jobId, error })
        job.saveFailed = true
        endRun(job, 'interrupted')
      }
    )
    job.saving.add(saved)
    void saved.finally(() => job.saving.delete(saved))
  }

  function failBatch(job: ActiveJob, batch: Batch, error: AppErrorShape): void {
    job.figures.batchesDone += 1
    settleBatch(job, batch, () => ({ status: 'failed', error }))
    job.reporter.changed()
  }

  function snapshot(job: ActiveJob): JobProgress {
    const now = deps.now()
    const gate = job.lane.state(now)
    const elapsedMs = now - job.runStartedAt
    const valuesPerSecond = elapsedMs <= 0 ? 0 : (job.answered * 1000) / elapsedMs
    const pending = job.pending
    let etaMs: number | null = null
    if (pending === 0) etaMs = 0
    else if (valuesPerSecond > 0) etaMs = Math.round((pending / valuesPerSecond) * 1000)
    if (gate.resumeAt != null) etaMs = Math.max(etaMs ?? 0, gate.resumeAt - now)
    return {
      jobId: job.jobId,
      environment: job.params.environment,
      stores: job.params.stores,
      storesDone: storesDone(job.tallies),
      itemType: job.params.itemType,
      carriedColumns: job.carriedColumns,
      startedAt: new Date(job.startedAt).toISOString(),
      finishedAt: null,
      state: gate.throttled ? 'throttled' : 'running',
      lines: job.lines,
      batchesDone: job.figures.batchesDone,
      batchesTotal: job.figures.batchesTotal,
      found: job.counts.found,
      notFound: job.counts.not_found,
      invalid: job.counts.invalid,
      duplicate: job.counts.duplicate,
      failed: job.counts.failed,
      cancelled: job.counts.cancelled,
      pending,
      requests: job.figures.requests,
      retries: job.figures.retries,
      throttledMs: Math.round(job.figures.throttledMs + gate.throttledMs),
      resumeAt: gate.resumeAt == null ? null : new Date(gate.resumeAt).toISOString(),
      etaMs,
      valuesPerSecond: Math.round(valuesPerSecond * 10) / 10,
      resultsCount: job.resultsCount
    }
  }

  function progressOf(id: number): JobProgress {
    const job = active.get(id)
    if (job !== undefined) return snapshot(job)
    return stopping.get(id)?.progress ?? progressFromStored(stored(id))
  }

  /** The run as it ends: every line it did not answer counted cancelled, as History is about to write them. */
  function stoppedProgress(job: ActiveJob, state: JobProgress['state'], now: number): JobProgress {
    const progress = snapshot(job)
    return {
      ...progress,
      state,
      finishedAt: new Date(now).toISOString(),
      cancelled: progress.cancelled + progress.pending,
      pending: 0,
      etaMs: null,
      resumeAt: null,
      valuesPerSecond: rateAt(job, now)
    }
  }

  /** Values answered per second of the run up to `now`, as History stores it and the stopped lookup shows it. */
  function rateAt(job: ActiveJob, now: number): number {
    const elapsedMs = now - job.runStartedAt
    return elapsedMs <= 0 ? 0 : Math.round(((job.answered * 1000) / elapsedMs) * 10) / 10
  }

  /**
   * Ends the run; History gets the final state, and a `cancelled` result for every line left
   * unanswered. A stop is shown at once; writing 200,000 unanswered lines takes History a second.
   */
  function endRun(job: ActiveJob, state: 'finished' | 'cancelled' | 'interrupted'): void {
    if (active.get(job.id) !== job) return
    active.delete(job.id)
    const now = deps.now()
    job.abort.abort()
    job.stopHeartbeat()
    const figures = figuresNow(job)
    job.lane.close()
    const valuesPerSecond = rateAt(job, now)
    const ending = { job, progress: stoppedProgress(job, state === 'finished' ? job.endState : state, now) }
    stopping.set(job.id, ending)
    if (state !== 'finished') emit(ending.progress)
    void writeEnd(job, state, { ...figures, valuesPerSecond }, now).then((progress) => {
      ending.progress = progress
      job.reporter.final()
      stopping.delete(job.id)
      logEnd(job, progress)
      job.resolveSettled(progress)
    })
  }

  async function writeEnd(
    job: ActiveJob,
    state: 'finished' | 'cancelled' | 'interrupted',
    figures: RunFigures & { valuesPerSecond: number },
    now: number
  ): Promise<JobProgress> {
    await Promise.allSettled(job.saving)
    const final = job.saveFailed ? 'interrupted' : state === 'finished' ? (job.counts.cancelled > 0 ? job.endState : 'finished') : state
    try {
      await writer.finishRun(job.id, final, figures, now)
      return progressFromStored(stored(job.id))
    } catch (error) {
      deps.log.error('the end of a lookup could not be saved to History', { jobId: job.jobId, error })
      return stoppedProgress(job, 'interrupted', now)
    }
  }

  function logEnd(job: ActiveJob, progress: JobProgress): void {
    deps.log.info(`lookup ${progress.state}`, {
      jobId: job.jobId,
      lines: progress.lines,
      found: progress.found,
      notFound: progress.notFound,
      failed: progress.failed,
      cancelled: progress.cancelled,
      requests: progress.requests,
      retries: progress.retries,
      throttledMs: progress.throttledMs
    })
  }

  function beginRun(lookup: StoredLookup, target: ApiTarget, work: readonly StoreWork[], endState: ActiveJob['endState']): void {
    let resolveSettled: (progress: JobProgress) => void = () => undefined
    const settled = new Promise<JobProgress>((resolve) => {
      resolveSettled = resolve
    })
    const now = deps.now()
    const positions = new Map(lookup.stores.map((store, index) => [store, index]))
    const batches = storeBatches(work, (store) => positions.get(store) ?? lookup.stores.length, now)
    const counts = { ...lookup.counts }
    let pending = 0
    for (const { lines } of work) {
      pending += lines.length
      for (const { replaces } of lines) if (replaces !== undefined) counts[replaces.status] -= 1
    }
    const tallies = storeTallies(
      lookup.stores,
      lookup.storeCounts.map((storeCounts) => storeCounts.cancelled),
      work
    )
    const job: ActiveJob = {
      id: lookup.id,
      jobId: String(lookup.id),
      params: { environment: lookup.environment, stores: lookup.stores, itemType: lookup.itemType },
      target,
      carriedColumns: lookup.carriedColumns,
      startedAt: lookup.startedAt,
      lines: lookup.lines,
      tallies,
      tallyOf: new Map(tallies.map((tally) => [tally.storeNbr, tally])),
      pending,
      counts,
      resultsCount: lookup.resultsCount,
      figures: {
        requests: lookup.requests,
        retries: lookup.retries,
        throttledMs: lookup.throttledMs,
        batchesDone: lookup.batchesDone,
        batchesTotal: lookup.batchesTotal + batches.length
      },
      endState,
      runStartedAt: now,
      answered: 0,
      lane: schedulers.forClient(clientKey(target)).openLane<BatchTask>({ onThrottleChange: () => job.reporter.changed() }),
      inFlight: 0,
      abort: new AbortController(),
      saving: new Set(),
      saveFailed: false,
      reporter: { changed: () => undefined, final: () => undefined },
      stopHeartbeat: () => undefined,
      settled,
      resolveSettled
    }
    job.reporter = createProgressReporter({ snapshot: () => progressOf(job.id), emit, now: deps.now, sleep: deps.sleep })
    active.set(job.id, job)
    job.stopHeartbeat = every(HEARTBEAT_MS, () => {
      writer
        .heartbeat(job.id)
        .catch((error: unknown) => deps.log.warn('the heartbeat of a running lookup could not be saved', { jobId: job.jobId, error }))
    })
    job.reporter.changed()
    for (const batch of batches) enqueue(job, batch)
    finishIfDone(job)
  }

  function enqueue(job: ActiveJob, batch: Batch): void {
    job.lane.push({ batch, order: batch.order, notBefore: batch.notBefore, send: () => send(job, batch) })
  }

  function finishIfDone(job: ActiveJob): void {
    if (active.get(job.id) === job && job.inFlight === 0 && job.lane.queued === 0) endRun(job, 'finished')
  }

  function send(job: ActiveJob, batch: Batch): Promise<SendReport> {
    job.inFlight += 1
    job.figures.requests += 1
    const { itemType } = job.params
    // Wrapped so that a client that throws synchronously is handled like one that rejects.
    return new Promise<SearchResponse>((resolve) =>
      resolve(
        deps.client.searchBatch(job.target, { storeNbr: batch.storeNbr, itemType, values: [...batch.values], signal: job.abort.signal })
      )
    )
      .then(
        (response): SendReport => {
          if (!job.abort.signal.aborted) recordAnswers(job, batch, response.items)
          return { outcome: 'success', rateLimit: response.rateLimit }
        },
        (error: unknown): SendReport => {
          const failure = classifyFailure(error)
          if (!job.abort.signal.aborted) handleFailure(job, batch, failure)
          return { outcome: sendOutcome(failure), rateLimit: failure.rateLimit }
        }
      )
      .catch((error: unknown): SendReport => {
        // A bug, not a server fault: account for the values rather than leave the job hanging.
        deps.log.error('a lookup result could not be recorded', { jobId: job.jobId, error })
        failBatch(job, batch, { code: 'internal', message: 'The answer for these values could not be read; retry the failed values.' })
        return { outcome: 'failure', rateLimit: null }
      })
      .finally(() => {
        job.inFlight -= 1
        job.reporter.changed()
        finishIfDone(job)
      })
  }

  function recordAnswers(job: ActiveJob, batch: Batch, items: readonly InventoryItem[]): void {
    const { itemType } = job.params
    const { found, unmatched } = matchItems(itemType, batch.values, items)
    if (unmatched > 0) deps.log.warn('the server returned items that match no value asked for', { jobId: job.jobId, unmatched })
    job.answered += batch.values.length
    job.figures.batchesDone += 1
    settleBatch(job, batch, (value) => {
      const item = found.get(lookupKey(itemType, value))
      return item === undefined ? { status: 'not_found' } : { status: 'found', item }
    })
  }

  function handleFailure(job: ActiveJob, batch: Batch, failure: Failure): void {
    const now = deps.now()
    if (failure.kind === 'throttled') {
      batch.throttled += 1
      if (batch.throttled > MAX_THROTTLED_PER_BATCH) {
        failBatch(job, batch, failure.error)
        return
      }
      job.figures.retries += 1
      // Not ready in the instant of the 429 itself: the scheduler hears of the 429 only after this
      // handler returns, and a batch ready now would go straight back to the throttled server.
      batch.notBefore = now + 1
      enqueue(job, batch)
      return
    }
    if (failure.kind === 'transient' || failure.kind === 'cancelled') {
      batch.attempts += 1
      const decision = decideRetry({ ...failure, kind: 'transient' }, batch.attempts, policy, deps.random)
      deps.log.warn('a search failed', {
        jobId: job.jobId,
        code: failure.error.code,
        status: failure.error.status,
        attempt: batch.attempts,
        retry: decision.retry
      })
      if (decision.retry) {
        job.figures.retries += 1
        batch.notBefore = now + Math.max(1, decision.delayMs)
        enqueue(job, batch)
        return
      }
      failBatch(job, batch, failure.error)
      return
    }
    if (failure.kind === 'not_mapped') {
      splitUnmapped(job, batch, now)
      return
    }
    deps.log.warn('a search was refused', { jobId: job.jobId, code: failure.error.code, status: failure.error.status })
    failBatch(job, batch, failure.error)
    if (failure.kind === 'job') {
      // Wrong credentials fail every request alike: account for the rest instead of sending them.
      for (const queued of job.lane.drain()) failBatch(job, queued.batch, failure.error)
    }
  }

  /**
   * The 404 does not say which value is not the supplier's, nor whether the others were looked
   * up, so the batch is halved until each unmapped value stands alone; a lone value so refused
   * is not found. A batch in which every value is unmapped costs one request per split.
   */
  function splitUnmapped(job: ActiveJob, batch: Batch, now: number): void {
    if (batch.values.length === 1) {
      job.answered += 1
      job.figures.batchesDone += 1
      settleBatch(job, batch, () => ({ status: 'not_found' }))
      return
    }
    // The refused batch is done, its lines now the halves': new batches, in its place.
    batch.settled = true
    for (const half of halves(batch, now)) enqueue(job, half)
    job.figures.batchesDone += 1
    job.figures.batchesTotal += 2
  }

  /** Looks up again, under the same lookup, the lines whose current result has one of `statuses`. */
  async function rerun(jobId: string, statuses: readonly FinalLineStatus[], target: ApiTarget, what: string): Promise<JobProgress> {
    const id = requireLookupId(jobId)
    if (active.has(id) || claiming.has(id))
      throw new AppError('invalid_input', `This lookup is still running; wait for it to finish, then ${what}.`)
    claiming.add(id)
    try {
      // A run that has just stopped is still writing its end.
      await stopping.get(id)?.job.settled
      stored(id)
      const claimed = await saving(() => writer.claimRun(id, statuses))
      if (claimed === null) return progressFromStored(stored(id))
      const byStore = new Map<number, PendingLine[]>()
      let values = 0
      for (const line of claimed.lines) {
        let lines = byStore.get(line.storeNbr)
        if (lines === undefined) {
          lines = []
          byStore.set(line.storeNbr, lines)
        }
        lines.push({ line: line.line, value: line.value, replaces: { seq: line.seq, status: line.status } })
        values += 1
      }
      deps.log.info(`lookup: ${what}`, { jobId, values, stores: byStore.size })
      beginRun(
        stored(id),
        target,
        [...byStore].map(([storeNbr, lines]) => ({ storeNbr, lines })),
        claimed.prior
      )
      return progressOf(id)
    } finally {
      claiming.delete(id)
    }
  }

  function stopJob(id: number, reason: StopReason): void {
    const job = active.get(id)
    if (job !== undefined) endRun(job, reason)
  }

  return {
    async start(params) {
      const seen = new Set<number>()
      for (const { line } of params.lines) {
        if (seen.has(line)) throw new AppError('invalid_input', `Line ${line} appears twice in the list; give each line its own number.`)
        seen.add(line)
      }
      if (params.stores.length === 0) throw new AppError('invalid_input', 'Enter at least one store.')
      if (new Set(params.stores).size !== params.stores.length)
        throw new AppError('invalid_input', 'A store is listed twice; list each store once.')
      const carried = params.carried === undefined || params.carried.columns.length === 0 ? null : params.carried
      if (carried !== null && carried.rows.length !== params.lines.length) throw new Error('carried rows do not match the lines')
      // Validated, checked against the size limit of stores x values, and stored on History's thread.
      const created = await saving(() =>
        writer.createLookup({
          lookup: {
            environment: params.environment,
            authUrl: params.target.authUrl,
            baseUrl: params.target.baseUrl,
            clientId: params.target.clientId,
            itemType: params.itemType,
            source: deps.source ?? 'app',
            carriedColumns: carried?.columns ?? [],
            stores: params.stores,
            startedAt: deps.now()
          },
          lines: params.lines,
          ...(carried === null ? {} : { carried: carried.rows })
        })
      )
      // Every store looks up the same values: one list, shared by the stores' batches.
      const pending: readonly PendingLine[] = created.toLookUp
      deps.log.info('lookup started', {
        jobId: String(created.id),
        environment: params.environment,
        lines: params.lines.length,
        stores: params.stores.length,
        lookups: pending.length * params.stores.length
      })
      beginRun(
        stored(created.id),
        params.target,
        params.stores.map((storeNbr) => ({ storeNbr, lines: pending })),
        'finished'
      )
      // A list with nothing to look up has already finished.
      return progressOf(created.id)
    },

    cancel(jobId) {
      const id = requireLookupId(jobId)
      stopJob(id, 'cancelled')
      return progressOf(id)
    },

    stop(jobId, reason) {
      const id = requireLookupId(jobId)
      stopJob(id, reason)
      return progressOf(id)
    },

    async stopAll(reason) {
      for (const id of [...active.keys()]) stopJob(id, reason)
      await Promise.all([...stopping.values()].map(({ job }) => job.settled))
    },

    retryFailed: (jobId, target) => rerun(jobId, ['failed'], target, 'retry the failed values'),

    resume: (jobId, target) => rerun(jobId, ['cancelled'], target, 'resume it'),

    progress: (jobId) => progressOf(requireLookupId(jobId)),

    whenSettled(jobId) {
      const id = requireLookupId(jobId)
      const job = active.get(id) ?? stopping.get(id)?.job
      return job === undefined ? Promise.resolve(progressFromStored(stored(id))) : job.settled
    },

    isRunning: (jobId) => active.has(requireLookupId(jobId)),

    runningCount: () => active.size
  }
}
