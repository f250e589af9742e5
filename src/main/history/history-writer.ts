import type { FinalLineStatus } from '../../shared/domain/line-result'
import type { HistoryOperations } from './history-operations'
import { answerRowsOf } from './answer-batch'
import type { AnswerBatch, RunFigures, StoppedState } from './history-types'
import type { ClaimedRun, CreatedLookup, NewLookupRequest } from './lookup-request'
import type { CarriedPart } from './staged-carried'

/**
 * Every change to the history, as main asks for it: each is one transaction, done in the order
 * asked, and the promise settles once it is committed (or failed). In the app the work happens on
 * History's thread, so no write (a 200,000-line lookup created, its unanswered lines cancelled, a
 * lookup deleted) holds main's event loop, nor does waiting for another process's lock.
 */
export interface HistoryWriter {
  createLookup(request: NewLookupRequest): Promise<CreatedLookup>
  /**
   * A part of the carried cells of a lookup about to be created (`carriedStaged: key`), parts in
   * line order: compressed as they arrive, so that no one message and no one heap holds them all.
   */
  stageCarried(key: string, part: CarriedPart): Promise<void>
  /** Lets go of cells staged for a lookup that will not be created. */
  dropCarried(key: string): Promise<void>
  /**
   * Batches of answers, in order, as one transaction, their items decoded only where they are
   * written; resolves to the new length of the lookup's result log. A batch's spare bytes move to
   * History's thread (and are gone from the batch); its own bytes stay the caller's, copied when
   * there is no spare.
   */
  appendResults(id: number, batches: readonly AnswerBatch[], figures: RunFigures): Promise<number>
  /** `endedAt`: when the run stopped (the Cancel, the last answer), which is later written, not when the write happens. */
  finishRun(id: number, state: StoppedState, figures: RunFigures & { valuesPerSecond: number }, endedAt: number): Promise<void>
  /** Takes a stopped lookup over to look up its lines with these statuses again; null when it has none. */
  claimRun(id: number, statuses: readonly FinalLineStatus[]): Promise<ClaimedRun | null>
  heartbeat(id: number): Promise<void>
  deleteLookup(id: number): Promise<boolean>
  purgeStartedBefore(cutoff: number): Promise<number>
  /** Drops the raw answers of runs that ended before `cutoff`, keeping their summaries; resolves to how many. */
  removeAnswersBefore(cutoff: number): Promise<number>
  saveDraft(draft: unknown): Promise<void>
  /** Lets the writes asked so far finish, then stops taking more. */
  close(): Promise<void>
}

/** The writer of a history that lives in memory (`--no-save`, or a file that could not be used): its connection is main's. */
export function createInThreadWriter(operations: HistoryOperations, now: () => number): HistoryWriter {
  function run<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work())
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }
  return {
    createLookup: (request) => run(() => operations.createLookup(request, now())),
    stageCarried: (key, part) => run(() => operations.stageCarried(key, part)),
    dropCarried: (key) => run(() => operations.dropCarried(key)),
    appendResults: (id, batches, figures) => run(() => operations.appendResults(id, batches.flatMap(answerRowsOf), figures, now())),
    finishRun: (id, state, figures, endedAt) => run(() => operations.finishRun(id, state, figures, endedAt)),
    claimRun: (id, statuses) => run(() => operations.claimRun(id, statuses, now())),
    heartbeat: (id) => run(() => operations.heartbeat(id, now())),
    deleteLookup: (id) => run(() => operations.deleteLookup(id, now())),
    purgeStartedBefore: (cutoff) => run(() => operations.purgeStartedBefore(cutoff, now())),
    removeAnswersBefore: (cutoff) => run(() => operations.removeAnswersBefore(cutoff, now())),
    saveDraft: (draft) => run(() => operations.saveDraft(draft, now())),
    close: () => Promise.resolve()
  }
}
