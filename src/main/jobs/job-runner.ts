import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import type { FinalLineStatus } from '../../shared/domain/line-result'
import type { StoppedState, StoredLookup } from '../history/history-types'
import { lookupGone, requireLookupId } from '../history/lookup-id'
import type { ApiTarget } from '../inventory/inventory-client'
import type { JobRunner, JobRunnerDeps, StopReason } from './job-types'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy'
import { createRunRecorder, wallClockDelay } from './run-recorder'
import { logEnd, openRun, type Run, type RunHooks, type RunParts } from './running-lookup'
import { createSchedulerPool, DEFAULT_MAX_CONCURRENCY } from './scheduler/scheduler-pool'
import { pendingFromPacked } from './pending-lines'
import { workToRedo, type StoreWork } from './store-batches'
import { progressFromStored } from './stored-progress'

/**
 * The lookups running in this process, by id: starts, stops, resumes and retries them, and says
 * how each is doing. Each run is opened by `openRun` (running-lookup): its accounts are its ledger,
 * its searches its dispatcher's, and what History hears of it its recorder's.
 */
export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { history, log } = deps
  const after = deps.after ?? wallClockDelay
  const recorder = createRunRecorder({
    writer: deps.writer,
    history,
    log,
    after,
    ...(deps.every === undefined ? {} : { every: deps.every })
  })
  const schedulers = createSchedulerPool({
    now: deps.now,
    sleep: deps.sleep,
    random: deps.random,
    maxConcurrency: Math.max(1, Math.floor(deps.concurrency ?? DEFAULT_MAX_CONCURRENCY)),
    ...(deps.initialConcurrency === undefined ? {} : { initialConcurrency: deps.initialConcurrency }),
    onUnexpectedError: (error) => log.error('the search scheduler failed', { error })
  })
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...deps.retryPolicy,
    maxAttempts: Math.max(1, Math.floor(deps.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts))
  }
  const active = new Map<number, Run>()
  /** Runs that have stopped and whose end History is writing: shown stopped at once, settled once written. */
  const stopping = new Map<number, { run: Run; progress: JobProgress }>()
  /** Lookups being taken over for a resume or a retry. */
  const claiming = new Set<number>()

  function stored(id: number): StoredLookup {
    const lookup = history.lookup(id)
    if (lookup === null) throw lookupGone()
    return lookup
  }

  function emit(progress: JobProgress): void {
    try {
      deps.onProgress(progress)
    } catch (error) {
      log.error('a progress listener failed', { error })
    }
  }

  function progressOf(id: number): JobProgress {
    const run = active.get(id)
    if (run !== undefined) {
      const now = deps.now()
      return run.ledger.snapshot(now, run.lane.state(now))
    }
    return stopping.get(id)?.progress ?? progressFromStored(stored(id))
  }

  const parts: RunParts = { client: deps.client, schedulers, recorder, policy, now: deps.now, after, random: deps.random, log }
  const hooks: RunHooks = {
    isCurrent: (run) => active.get(run.id) === run,
    sent: (run) => finishIfDone(run),
    refused: (run) => endRun(run, 'interrupted'),
    snapshot: progressOf,
    emit
  }

  function beginRun(lookup: StoredLookup, target: ApiTarget, work: readonly StoreWork[], endState: StoppedState): void {
    const { run, batches } = openRun(parts, hooks, lookup, target, work, endState)
    active.set(run.id, run)
    run.reporter.changed()
    run.dispatcher.enqueueAll(batches)
    finishIfDone(run)
  }

  function finishIfDone(run: Run): void {
    if (active.get(run.id) === run && run.dispatcher.idle) endRun(run, 'finished')
  }

  /**
   * Ends the run; History gets the final state, and a `cancelled` result for every line left
   * unanswered. A stop is shown at once; writing 200,000 unanswered lines takes History a second.
   */
  function endRun(run: Run, reason: 'finished' | StopReason): void {
    if (active.get(run.id) !== run) return
    active.delete(run.id)
    const now = deps.now()
    run.abort.abort()
    run.record.stopBeating()
    const figures = run.ledger.figures(run.lane.state(deps.now()).throttledMs)
    run.lane.close()
    const valuesPerSecond = run.ledger.rateAt(now)
    // A stop is shown at once. A finish is shown once History has it, with the run's summary, so that
    // nothing that follows the progress (Since the last run, a watchlist's figures) reads History first.
    const gate = run.lane.state(deps.now())
    const shown = reason === 'finished' ? run.ledger.snapshot(now, gate) : run.ledger.stopped(run.ledger.shownState(reason), now, gate)
    const ending = { run, progress: shown }
    stopping.set(run.id, ending)
    if (reason !== 'finished') emit(ending.progress)
    void run.record
      .finish((refused) => run.ledger.finalState(reason, refused), { ...figures, valuesPerSecond }, now)
      .then((lookup) => {
        const progress = lookup === null ? run.ledger.stopped('interrupted', now, run.lane.state(deps.now())) : progressFromStored(lookup)
        ending.progress = progress
        run.reporter.final()
        stopping.delete(run.id)
        logEnd(log, run.ledger.jobId, progress)
        run.resolveSettled(progress)
      })
  }

  /** Looks up again, under the same lookup, the lines whose current result has one of `statuses`. */
  async function rerun(jobId: string, statuses: readonly FinalLineStatus[], target: ApiTarget, what: string): Promise<JobProgress> {
    const id = requireLookupId(jobId)
    if (active.has(id) || claiming.has(id))
      throw new AppError('invalid_input', `This lookup is still running; wait for it to finish, then ${what}.`)
    claiming.add(id)
    try {
      // A run that has just stopped is still writing its end.
      await stopping.get(id)?.run.settled
      stored(id)
      const claimed = await recorder.claim(id, statuses)
      if (claimed === null) return progressFromStored(stored(id))
      const work = workToRedo(claimed.lines)
      log.info(`lookup: ${what}`, { jobId, values: claimed.lines.length, stores: work.length })
      beginRun(stored(id), target, work, claimed.prior)
      return progressOf(id)
    } finally {
      claiming.delete(id)
    }
  }

  function stopRun(id: number, reason: StopReason): void {
    const run = active.get(id)
    if (run !== undefined) endRun(run, reason)
  }

  return {
    async start(params) {
      // Checked at the lookup service's door; the values are validated, and the size of stores x values checked, where History stores them.
      const created = await recorder.create(params, deps.source ?? 'app', deps.now())
      // Every store looks up the same values: one list, as History packed it, shared by the stores' batches.
      const pending = pendingFromPacked(created.toLookUp)
      log.info('lookup started', {
        jobId: String(created.id),
        environment: params.environment,
        lines: params.packed.lines.length,
        stores: params.stores.length,
        lookups: pending.count * params.stores.length
      })
      const work = params.stores.map((storeNbr) => ({ storeNbr, lines: pending }))
      beginRun(stored(created.id), params.target, work, 'finished')
      // A list with nothing to look up has every line answered already, and finishes as soon as History has it.
      return progressOf(created.id)
    },

    cancel(jobId) {
      const id = requireLookupId(jobId)
      stopRun(id, 'cancelled')
      return progressOf(id)
    },

    stop(jobId, reason) {
      const id = requireLookupId(jobId)
      stopRun(id, reason)
      return progressOf(id)
    },

    interruptSendingTo(baseUrl) {
      for (const [id, run] of [...active]) if (run.target.baseUrl === baseUrl) stopRun(id, 'interrupted')
    },

    async stopAll(reason) {
      for (const id of [...active.keys()]) stopRun(id, reason)
      await Promise.all([...stopping.values()].map(({ run }) => run.settled))
    },

    retryFailed: (jobId, target) => rerun(jobId, ['failed'], target, 'retry the failed values'),
    resume: (jobId, target) => rerun(jobId, ['cancelled'], target, 'resume it'),
    progress: (jobId) => progressOf(requireLookupId(jobId)),

    whenSettled(jobId) {
      const id = requireLookupId(jobId)
      const run = active.get(id) ?? stopping.get(id)?.run
      return run === undefined ? Promise.resolve(progressFromStored(stored(id))) : run.settled
    },

    isRunning: (jobId) => active.has(requireLookupId(jobId)),
    runningCount: () => active.size
  }
}
