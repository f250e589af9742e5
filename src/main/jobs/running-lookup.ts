import type { JobProgress } from '../../shared/domain/job-progress'
import type { StoppedState, StoredLookup } from '../history/history-types'
import type { ApiTarget, InventoryClient } from '../inventory/inventory-client'
import type { Logger } from '../logging/logger'
import { createBatchDispatcher, type BatchDispatcher, type BatchTask } from './batch-dispatcher'
import { createProgressReporter, type ProgressReporter } from './progress-reporter'
import type { After } from './answer-groups'
import type { RetryPolicy } from './retry-policy'
import { createRunLedger, type RunLedger } from './run-ledger'
import type { RunRecord, RunRecorder } from './run-recorder'
import type { Lane } from './scheduler/request-scheduler'
import type { createSchedulerPool } from './scheduler/scheduler-pool'
import { storeBatches, type Batch, type StoreWork } from './store-batches'

/** A lookup while it runs in this process: only what the run needs. Its results live in History. */
export interface Run {
  id: number
  /** Where its searches go. */
  target: ApiTarget
  ledger: RunLedger
  lane: Lane<BatchTask>
  dispatcher: BatchDispatcher
  record: RunRecord
  reporter: ProgressReporter
  abort: AbortController
  settled: Promise<JobProgress>
  resolveSettled: (progress: JobProgress) => void
}

/** What every run of a runner shares: the API client and its schedulers, History's recorder, the clock. */
export interface RunParts {
  client: Pick<InventoryClient, 'searchBatch'>
  schedulers: ReturnType<typeof createSchedulerPool>
  recorder: RunRecorder
  policy: RetryPolicy
  now: () => number
  /** The timer of the progress reporter's coalesced emissions. */
  after: After
  random: () => number
  log: Logger
}

/** What a run asks of the runner that holds it. */
export interface RunHooks {
  /** Whether `run` is still the one running under its id: answers that come after its end are dropped. */
  isCurrent(run: Run): boolean
  /** A search came back and was dealt with: the run may be done. */
  sent(run: Run): void
  /** History refused the run's writes, or its writer stopped under them: it cannot go on. */
  refused(run: Run): void
  /** The lookup's progress as the window is shown it. */
  snapshot(id: number): JobProgress
  emit(progress: JobProgress): void
}

/** The server limits a client, not a lookup: lookups against the same client share one scheduler. */
function clientKey(target: ApiTarget): string {
  return JSON.stringify([target.environment, target.baseUrl, target.searchPath, target.clientId])
}

/**
 * One run of a lookup, its parts wired to each other: the ledger keeps its accounts, the dispatcher
 * sends its batches through its client's lane, the record tells History, the reporter the window.
 * Its batches are given back to be sent once the runner holds the run.
 */
export function openRun(
  parts: RunParts,
  hooks: RunHooks,
  lookup: StoredLookup,
  target: ApiTarget,
  work: readonly StoreWork[],
  endState: StoppedState
): { run: Run; batches: Batch[] } {
  const { now, log } = parts
  let resolveSettled: (progress: JobProgress) => void = () => undefined
  const settled = new Promise<JobProgress>((resolve) => {
    resolveSettled = resolve
  })
  const startedAt = now()
  const positions = new Map(lookup.stores.map((store, index) => [store, index]))
  const batches = storeBatches(work, (store) => positions.get(store) ?? lookup.stores.length, startedAt)
  const ledger = createRunLedger({ lookup, work, batches: batches.length, endState, now: startedAt })
  const abort = new AbortController()
  // The hooks below run once `run` exists: on later answers, throttling and writes.
  const lane = parts.schedulers.forClient(clientKey(target)).openLane<BatchTask>({ onThrottleChange: () => run.reporter.changed() })
  const dispatcher = createBatchDispatcher({
    client: parts.client,
    target,
    itemType: lookup.itemType,
    lane,
    signal: abort.signal,
    ledger,
    policy: parts.policy,
    now,
    random: parts.random,
    log,
    settle(batch, outcome) {
      if (!hooks.isCurrent(run)) return
      const answers = ledger.settle(batch, outcome)
      if (answers !== null) record.append(answers, ledger.figures(lane.state(now()).throttledMs))
    },
    changed: () => run.reporter.changed(),
    sent: () => hooks.sent(run)
  })
  const record = parts.recorder.open(lookup, {
    onRecorded(resultsCount) {
      ledger.recorded(resultsCount)
      run.reporter.changed()
    },
    onRefused: () => hooks.refused(run)
  })
  const reporter = createProgressReporter({ snapshot: () => hooks.snapshot(lookup.id), emit: hooks.emit, now, after: parts.after })
  const run: Run = { id: lookup.id, target, ledger, lane, dispatcher, record, reporter, abort, settled, resolveSettled }
  return { run, batches }
}

/** What the log keeps of a lookup's end: its counts, never its values. */
export function logEnd(log: Pick<Logger, 'info'>, jobId: string, progress: JobProgress): void {
  log.info(`lookup ${progress.state}`, {
    jobId,
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
