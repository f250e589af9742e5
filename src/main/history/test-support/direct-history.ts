import type { Logger } from '../../logging/logger'
import type { StoppedState } from '../history-types'
import { createHistoryStore, type HistoryStore } from '../history-store'
import type { AnswerRow, CurrentLine, NewLookup, RunFigures, StoredLookup } from '../history-types'
import type { LookupReads } from '../lookup-reads'

/**
 * A History store that also writes, and reads long, on main's own connection, one call at a time:
 * what tests and benchmarks use to set lookups up and read them back without History's threads.
 * The app writes only through `HistoryWriter` and reads long only through `HistoryReader`.
 */
export interface DirectHistory extends HistoryStore {
  createLookup(lookup: NewLookup): StoredLookup
  appendResults(id: number, rows: readonly AnswerRow[], figures: RunFigures): number
  finishRun(id: number, state: StoppedState, figures: RunFigures & { valuesPerSecond: number }): void
  claimRun(id: number): StoppedState
  heartbeat(id: number): void
  delete(id: number): boolean
  purgeStartedBefore(cutoff: number): number
  saveDraft(draft: unknown): void
  log: LookupReads['log']
  /** Every line's current result, store by store and line by line, all at once. */
  current(id: number, options?: { carried?: boolean }): CurrentLine[]
  linesWith: LookupReads['linesWith']
  stockInputs: LookupReads['stockInputs']
  carriedCells: LookupReads['carriedCells']
  itemNames: LookupReads['itemNames']
}

export function createDirectHistory(options: {
  dir: string | null
  log: Logger
  now: () => number
  checkOnOpenMaxBytes?: number
}): DirectHistory {
  return withDirectAccess(createHistoryStore(options), options.now)
}

/** `store` with the direct writes and long reads added; its own short reads stay as they are. */
export function withDirectAccess(store: HistoryStore, now: () => number): DirectHistory {
  const operations = () => store.operations()
  const direct: Omit<DirectHistory, keyof HistoryStore> = {
    createLookup(lookup) {
      const created = operations().reads.lookup(operations().writes.createLookup(lookup, now()))
      if (created === null) throw new Error('a lookup vanished while being written')
      return created
    },
    appendResults: (id, rows, figures) => operations().writes.appendResults(id, rows, figures, now()),
    finishRun: (id, state, figures) => operations().writes.finishRun(id, state, figures, now()),
    claimRun: (id) => operations().writes.claimRun(id, now()),
    heartbeat: (id) => operations().writes.heartbeat(id, now()),
    delete: (id) => operations().deleteLookup(id, now()),
    purgeStartedBefore: (cutoff) => operations().purgeStartedBefore(cutoff, now()),
    saveDraft: (draft) => operations().saveDraft(draft, now()),
    log: (id, from, limit) => operations().reads.log(id, from, limit),
    current: (id, options) => operations().reads.current(id, null, Number.MAX_SAFE_INTEGER, options),
    linesWith: (id, statuses) => operations().reads.linesWith(id, statuses),
    stockInputs: (id) => operations().reads.stockInputs(id),
    carriedCells: (id, lines) => operations().reads.carriedCells(id, lines),
    itemNames: (id) => operations().reads.itemNames(id)
  }
  // The store's getters (path, warning, owner) stay live: it is the prototype, not a copy.
  return Object.assign(Object.create(store) as HistoryStore, direct)
}
