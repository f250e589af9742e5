import type { JobProgress } from '../../shared/domain/job-progress'
import type { AppErrorShape } from '../../shared/domain/app-error'
import { statusCode } from '../history/answer-batch'
import type { AnswerBatch, LineCounts, RunFigures, StoppedState, StoredLookup } from '../history/history-types'
import { isFound, noItemBytes, type ItemBytes } from '../history/item-bytes'
import type { LaneState } from './scheduler/request-scheduler'
import { replacedAt } from './pending-lines'
import { batchSize, storesDone, storeTallies, type Batch, type StoreTally, type StoreWork } from './store-batches'

/**
 * What a batch's values came to: answered (each found, with its item's bytes, or not found),
 * every one not found, or every one failed with why.
 */
export type BatchOutcome = { items: ItemBytes } | { status: 'not_found' } | { status: 'failed'; error: AppErrorShape }

const FOUND = statusCode('found')
const NOT_FOUND = statusCode('not_found')
const FAILED = statusCode('failed')

/**
 * The accounts of one run of a lookup: what it has settled and still waits for (per outcome and
 * per store), the figures History keeps, and its progress as the window shows it. Pure: the time
 * and the lane's state come from the caller, and nothing here writes or sends.
 */
export interface RunLedger {
  readonly id: number
  readonly jobId: string
  /** Store and value pairs still waiting for an answer. */
  readonly pending: number
  /**
   * Settles a batch's lines with what they came to, once: the answers to record, as columns, or
   * null when the batch was settled already or has no lines. Items are counted, never read.
   */
  settle(batch: Batch, outcome: BatchOutcome): AnswerBatch | null
  /** A search went out. */
  requested(): void
  /** A search is tried again (a transient fault, or the server's throttling). */
  retried(): void
  /** A batch is done with: answered, failed, or split in two. */
  batchDone(): void
  /** A refused batch goes on as its two halves. */
  split(): void
  /** Values the server answered, for the rate. */
  answered(values: number): void
  /** History's result log has grown to `resultsCount`. */
  recorded(resultsCount: number): void
  /** The figures History keeps, with the time the lane spent held back by the server so far. */
  figures(throttledMs: number): RunFigures
  snapshot(now: number, gate: LaneState): JobProgress
  /** The run as it ends: every line it did not answer counted cancelled, as History is about to write them. */
  stopped(state: JobProgress['state'], now: number, gate: LaneState): JobProgress
  /** Values answered per second of the run up to `now`, as History stores it and the stopped lookup shows it. */
  rateAt(now: number): number
  /** The state History writes at the end of a run that stopped for `reason`; a run whose answers History refused is interrupted. */
  finalState(reason: 'finished' | 'cancelled' | 'interrupted', saveFailed: boolean): StoppedState
  /** The state shown at once when the run stops for `reason`. */
  shownState(reason: 'finished' | 'cancelled' | 'interrupted'): StoppedState
}

export interface RunStart {
  lookup: StoredLookup
  /** What this run looks up in each store. */
  work: readonly StoreWork[]
  /** Batches this run adds to the lookup's. */
  batches: number
  /** The state a run that reaches its end leaves: a retry of a stopped lookup with lines still unanswered keeps it stopped. */
  endState: StoppedState
  now: number
}

export function createRunLedger({ lookup, work, batches, endState, now }: RunStart): RunLedger {
  const runStartedAt = now
  const counts: LineCounts = { ...lookup.counts }
  let pending = 0
  for (const { lines } of work) {
    pending += lines.count
    for (const status of lines.replaces?.statuses ?? []) counts[status] -= 1
  }
  const tallies: StoreTally[] = storeTallies(
    lookup.stores,
    lookup.storeCounts.map((storeCounts) => storeCounts.cancelled),
    work
  )
  const tallyOf = new Map(tallies.map((tally) => [tally.storeNbr, tally]))
  const figures: RunFigures = {
    requests: lookup.requests,
    retries: lookup.retries,
    throttledMs: lookup.throttledMs,
    batchesDone: lookup.batchesDone,
    batchesTotal: lookup.batchesTotal + batches
  }
  let resultsCount = lookup.resultsCount
  let answered = 0

  function rateAt(at: number): number {
    const elapsedMs = at - runStartedAt
    return elapsedMs <= 0 ? 0 : Math.round(((answered * 1000) / elapsedMs) * 10) / 10
  }

  function snapshot(at: number, gate: LaneState): JobProgress {
    const elapsedMs = at - runStartedAt
    const valuesPerSecond = elapsedMs <= 0 ? 0 : (answered * 1000) / elapsedMs
    let etaMs: number | null = null
    if (pending === 0) etaMs = 0
    else if (valuesPerSecond > 0) etaMs = Math.round((pending / valuesPerSecond) * 1000)
    if (gate.resumeAt != null) etaMs = Math.max(etaMs ?? 0, gate.resumeAt - at)
    return {
      jobId: String(lookup.id),
      environment: lookup.environment,
      stores: lookup.stores,
      storesDone: storesDone(tallies),
      itemType: lookup.itemType,
      carriedColumns: lookup.carriedColumns,
      startedAt: new Date(lookup.startedAt).toISOString(),
      finishedAt: null,
      state: gate.throttled ? 'throttled' : 'running',
      lines: lookup.lines,
      batchesDone: figures.batchesDone,
      batchesTotal: figures.batchesTotal,
      found: counts.found,
      notFound: counts.not_found,
      invalid: counts.invalid,
      duplicate: counts.duplicate,
      failed: counts.failed,
      cancelled: counts.cancelled,
      pending,
      requests: figures.requests,
      retries: figures.retries,
      throttledMs: Math.round(figures.throttledMs + gate.throttledMs),
      resumeAt: gate.resumeAt == null ? null : new Date(gate.resumeAt).toISOString(),
      etaMs,
      valuesPerSecond: Math.round(valuesPerSecond * 10) / 10,
      resultsCount
    }
  }

  return {
    id: lookup.id,
    jobId: String(lookup.id),
    get pending() {
      return pending
    },

    settle(batch, outcome) {
      const count = batchSize(batch)
      if (batch.settled || count === 0) return null
      const answers: AnswerBatch = {
        stores: new Float64Array(count).fill(batch.storeNbr),
        lines: batch.pending.lines.slice(batch.from, batch.to),
        statuses: new Uint8Array(count),
        items: 'items' in outcome ? outcome.items : noItemBytes(count),
        extras: []
      }
      let found = 0
      for (let index = 0; index < count; index++) {
        let status = FAILED
        if ('items' in outcome) status = isFound(outcome.items, index) ? FOUND : NOT_FOUND
        else if (outcome.status === 'not_found') status = NOT_FOUND
        if (status === FOUND) found += 1
        answers.statuses[index] = status
        const replaces = replacedAt(batch.pending, batch.from + index)
        if ('error' in outcome || replaces !== undefined) {
          answers.extras.push({
            index,
            ...('error' in outcome ? { error: outcome.error } : {}),
            ...(replaces === undefined ? {} : { replaces })
          })
        }
      }
      batch.settled = true
      pending -= count
      const tally = tallyOf.get(batch.storeNbr)
      if (tally !== undefined) tally.pending -= count
      if ('error' in outcome) counts.failed += count
      else {
        counts.found += found
        counts.not_found += count - found
      }
      return answers
    },

    requested() {
      figures.requests += 1
    },
    retried() {
      figures.retries += 1
    },
    batchDone() {
      figures.batchesDone += 1
    },
    split() {
      figures.batchesDone += 1
      figures.batchesTotal += 2
    },
    answered(values) {
      answered += values
    },
    recorded(count) {
      resultsCount = Math.max(resultsCount, count)
    },
    figures: (throttledMs) => ({ ...figures, throttledMs: figures.throttledMs + throttledMs }),
    snapshot,

    stopped(state, at, gate) {
      const progress = snapshot(at, gate)
      return {
        ...progress,
        state,
        finishedAt: new Date(at).toISOString(),
        cancelled: progress.cancelled + progress.pending,
        pending: 0,
        etaMs: null,
        resumeAt: null,
        valuesPerSecond: rateAt(at)
      }
    },

    rateAt,

    finalState(reason, saveFailed) {
      if (saveFailed) return 'interrupted'
      if (reason !== 'finished') return reason
      return counts.cancelled > 0 ? endState : 'finished'
    },

    shownState: (reason) => (reason === 'finished' ? endState : reason)
  }
}
