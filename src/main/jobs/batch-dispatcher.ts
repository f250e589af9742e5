import type { AppErrorShape } from '../../shared/domain/app-error'
import type { ItemType } from '../../shared/domain/item-type'
import type { ApiTarget, InventoryClient } from '../inventory/inventory-client'
import type { SearchAnswers } from '../inventory/search-reply'
import type { Logger } from '../logging/logger'
import { classifyFailure, decideRetry, type Failure, type RetryPolicy } from './retry-policy'
import type { BatchOutcome, RunLedger } from './run-ledger'
import type { SendOutcome } from './scheduler/rate-controller'
import type { Lane, SendReport, Task } from './scheduler/request-scheduler'
import { batchSize, batchValues, halves, type Batch } from './store-batches'

/** A batch gives up after this many 429s; by then the server has paused the lookup for many windows. */
const MAX_THROTTLED_PER_BATCH = 20

type SearchResponse = Awaited<ReturnType<InventoryClient['searchBatch']>>

export interface BatchTask extends Task {
  batch: Batch
}

export interface BatchDispatcherDeps {
  client: Pick<InventoryClient, 'searchBatch'>
  target: ApiTarget
  itemType: ItemType
  /** The run's lane of its client's scheduler: what to send next, at the rate the server allows. */
  lane: Lane<BatchTask>
  /** Aborted when the run ends: searches in flight are given up, and their answers no longer count. */
  signal: AbortSignal
  /** Told of every request, retry and batch done. */
  ledger: RunLedger
  policy: RetryPolicy
  now: () => number
  random: () => number
  log: Logger
  /** Settles a batch's lines with what they came to and records them. */
  settle(batch: Batch, outcome: BatchOutcome): void
  /** Something the run's progress shows has changed. */
  changed(): void
  /** A search came back and its answer or failure is dealt with: the run may be done. */
  sent(): void
}

export interface BatchDispatcher {
  enqueue(batch: Batch): void
  /** A run's batches at its start, queued before any is sent. */
  enqueueAll(batches: readonly Batch[]): void
  /** No search in flight and none waiting to go. */
  readonly idle: boolean
}

function sendOutcome(failure: Failure): SendOutcome {
  if (failure.kind === 'throttled') return 'throttled'
  return failure.kind === 'cancelled' ? 'cancelled' : 'failure'
}

/** A batch's turn in its lane: one object per send, its `send` a method, not a closure made for it. */
class BatchSend implements BatchTask {
  readonly order: readonly number[]
  readonly notBefore: number

  constructor(
    readonly batch: Batch,
    private readonly sendBatch: (batch: Batch) => Promise<SendReport>
  ) {
    this.order = batch.order
    this.notBefore = batch.notBefore
  }

  send(): Promise<SendReport> {
    return this.sendBatch(this.batch)
  }
}

/**
 * Sends a run's batches through its lane and deals with each answer: the items matched to the
 * values asked for, and the failure policy (throttling waited out, transient faults retried with
 * backoff, unmapped values found by halving, refusals failing the batch or, for wrong credentials,
 * the rest of the run). What came of each batch goes to the ledger and `settle`.
 */
export function createBatchDispatcher(deps: BatchDispatcherDeps): BatchDispatcher {
  const { ledger, lane, signal } = deps
  let inFlight = 0

  function enqueue(batch: Batch): void {
    lane.push(new BatchSend(batch, send))
  }

  function enqueueAll(batches: readonly Batch[]): void {
    lane.pushAll(batches.map((batch) => new BatchSend(batch, send)))
  }

  function send(batch: Batch): Promise<SendReport> {
    inFlight += 1
    ledger.requested()
    const { itemType, target } = deps
    let asked: Promise<SearchResponse>
    try {
      asked = deps.client.searchBatch(target, { storeNbr: batch.storeNbr, itemType, values: batchValues(batch), signal })
    } catch (error) {
      // A client that throws synchronously is handled like one that rejects, without a promise per search to wrap it.
      asked = Promise.reject(error)
    }
    return asked.then(
      (response) => answered(batch, response),
      (error: unknown) => failed(batch, error)
    )
  }

  /** One reaction per search: a try in each handler does what a catch and a finally step per search did. */
  function answered(batch: Batch, response: SearchResponse): SendReport {
    try {
      if (!signal.aborted) recordAnswers(batch, response.answers)
      return { outcome: 'success', rateLimit: response.rateLimit }
    } catch (error) {
      return unrecorded(batch, error)
    } finally {
      ended()
    }
  }

  function failed(batch: Batch, error: unknown): SendReport {
    try {
      const failure = classifyFailure(error)
      if (!signal.aborted) handleFailure(batch, failure)
      return { outcome: sendOutcome(failure), rateLimit: failure.rateLimit }
    } catch (bug) {
      return unrecorded(batch, bug)
    } finally {
      ended()
    }
  }

  /** A bug, not a server fault: account for the values rather than leave the lookup hanging. */
  function unrecorded(batch: Batch, error: unknown): SendReport {
    deps.log.error('a lookup result could not be recorded', { jobId: ledger.jobId, error })
    failBatch(batch, { code: 'internal', message: 'The answer for these values could not be read; retry the failed values.' })
    return { outcome: 'failure', rateLimit: null }
  }

  function ended(): void {
    inFlight -= 1
    deps.changed()
    deps.sent()
  }

  function failBatch(batch: Batch, failure: AppErrorShape): void {
    // Redacted before History stores it: the window reads History's pages without main redacting them.
    const error = deps.log.redactor.value(failure)
    ledger.batchDone()
    deps.settle(batch, { status: 'failed', error })
    deps.changed()
  }

  /**
   * The reply was read and matched where it was read (off main's thread in the app): each value's
   * item, by its place in the batch, as bytes that go on to History's writer undecoded.
   */
  function recordAnswers(batch: Batch, { items, unmatched }: SearchAnswers): void {
    if (unmatched > 0) deps.log.warn('the server returned items that match no value asked for', { jobId: ledger.jobId, unmatched })
    ledger.answered(batchSize(batch))
    ledger.batchDone()
    deps.settle(batch, { items })
  }

  function handleFailure(batch: Batch, failure: Failure): void {
    const now = deps.now()
    if (failure.kind === 'throttled') {
      batch.throttled += 1
      if (batch.throttled > MAX_THROTTLED_PER_BATCH) {
        failBatch(batch, failure.error)
        return
      }
      ledger.retried()
      // Not ready in the instant of the 429 itself: the scheduler hears of the 429 only after this
      // handler returns, and a batch ready now would go straight back to the throttled server.
      batch.notBefore = now + 1
      enqueue(batch)
      return
    }
    if (failure.kind === 'transient' || failure.kind === 'cancelled') {
      batch.attempts += 1
      const decision = decideRetry({ ...failure, kind: 'transient' }, batch.attempts, deps.policy, deps.random)
      deps.log.warn('a search failed', {
        jobId: ledger.jobId,
        code: failure.error.code,
        status: failure.error.status,
        attempt: batch.attempts,
        retry: decision.retry
      })
      if (decision.retry) {
        ledger.retried()
        batch.notBefore = now + Math.max(1, decision.delayMs)
        enqueue(batch)
        return
      }
      failBatch(batch, failure.error)
      return
    }
    if (failure.kind === 'not_mapped') {
      splitUnmapped(batch, now)
      return
    }
    deps.log.warn('a search was refused', { jobId: ledger.jobId, code: failure.error.code, status: failure.error.status })
    failBatch(batch, failure.error)
    if (failure.kind === 'job') {
      // Wrong credentials fail every request alike: account for the rest instead of sending them.
      for (const queued of lane.drain()) failBatch(queued.batch, failure.error)
    }
  }

  /**
   * The 404 does not say which value is not the supplier's, nor whether the others were looked
   * up, so the batch is halved until each unmapped value stands alone; a lone value so refused
   * is not found. A batch in which every value is unmapped costs one request per split.
   */
  function splitUnmapped(batch: Batch, now: number): void {
    if (batchSize(batch) === 1) {
      ledger.answered(1)
      ledger.batchDone()
      deps.settle(batch, { status: 'not_found' })
      return
    }
    // The refused batch is done, its lines now the halves': new batches, in its place.
    batch.settled = true
    for (const half of halves(batch, now)) enqueue(half)
    ledger.split()
  }

  return {
    enqueue,
    enqueueAll,
    get idle() {
      return inFlight === 0 && lane.queued === 0
    }
  }
}
