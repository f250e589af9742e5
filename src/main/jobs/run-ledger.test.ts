import { describe, expect, it } from 'vitest'
import type { StoredLookup } from '../history/history-types'
import { createRunLedger } from './run-ledger'
import { packLines } from '../workers/packed-lines'
import { pendingFromPacked, pendingToRedo } from './pending-lines'
import { storeBatches } from './store-batches'
import { answerRowsOf } from '../history/answer-batch'
import { encodeItem } from '../history/item-batch'
import { encodeItemBytes } from '../history/item-bytes'
import { sampleItem } from '../history/test-support/sample-lookups'

const NONE = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }
const FAILURE = { code: 'server_error' as const, message: 'The server failed.', status: 500 }
const OPEN = { throttled: false, resumeAt: null, throttledMs: 0 }

/** A stored two-store lookup of three lines, line 3 invalid, nothing answered yet. */
const LOOKUP: StoredLookup = {
  id: 7,
  environment: 'demo',
  authUrl: 'http://127.0.0.1:9',
  baseUrl: 'http://127.0.0.1:9',
  clientId: 'demo-client',
  itemType: 'gtin',
  source: 'app',
  carriedColumns: [],
  stores: [10, 20],
  storeCounts: [
    { ...NONE, invalid: 1 },
    { ...NONE, invalid: 1 }
  ],
  lines: 3,
  startedAt: 1_000,
  finishedAt: null,
  state: 'running',
  counts: { ...NONE, invalid: 2 },
  resultsCount: 2,
  requests: 0,
  retries: 0,
  throttledMs: 0,
  batchesDone: 0,
  batchesTotal: 0,
  valuesPerSecond: 0,
  answersRemovedAt: null
}

describe('the ledger of a run', () => {
  it('settles each batch once, counts per outcome and per store, and shows the run stopped with what it left unanswered', () => {
    const lines = pendingFromPacked(
      packLines([
        { line: 1, input: 'a' },
        { line: 2, input: 'b' }
      ])
    )
    const work = LOOKUP.stores.map((storeNbr) => ({ storeNbr, lines }))
    const [first, second] = storeBatches(work, (store) => LOOKUP.stores.indexOf(store), 2_000)
    const ledger = createRunLedger({ lookup: LOOKUP, work, batches: 2, endState: 'finished', now: 2_000 })
    expect(ledger.snapshot(2_000, OPEN)).toMatchObject({ jobId: '7', pending: 4, storesDone: 0, batchesTotal: 2, invalid: 2 })

    ledger.requested()
    ledger.answered(2)
    ledger.batchDone()
    const item = sampleItem('a', 3)
    const answers = first === undefined ? null : ledger.settle(first, { items: encodeItemBytes([item, null]) })
    // Columns and the items' bytes as the search thread made them: nothing per answer is an object or a text on main.
    expect(answers?.items.bytes).toBeInstanceOf(Uint8Array)
    expect(answers === null ? null : answerRowsOf(answers)).toEqual([
      { storeNbr: 10, line: 1, status: 'found', item: encodeItem(item) },
      { storeNbr: 10, line: 2, status: 'not_found' }
    ])
    expect(first === undefined ? null : ledger.settle(first, { status: 'failed', error: FAILURE })).toBeNull()
    ledger.recorded(4)

    const progress = ledger.snapshot(4_000, { throttled: true, resumeAt: 9_000, throttledMs: 500 })
    expect(progress).toMatchObject({ state: 'throttled', pending: 2, found: 1, notFound: 1, storesDone: 1, requests: 1 })
    expect(progress).toMatchObject({ batchesDone: 1, valuesPerSecond: 1, etaMs: 5_000, throttledMs: 500, resultsCount: 4 })
    expect(ledger.figures(500)).toEqual({ requests: 1, retries: 0, throttledMs: 500, batchesDone: 1, batchesTotal: 2 })

    expect(ledger.stopped('cancelled', 4_000, OPEN)).toMatchObject({ state: 'cancelled', pending: 0, cancelled: 2, etaMs: null })
    expect(ledger.finalState('finished', false)).toBe('finished')
    expect(ledger.finalState('cancelled', false)).toBe('cancelled')
    expect(ledger.finalState('finished', true)).toBe('interrupted')
    expect(second?.settled).toBe(false)
  })

  it('settles a failed batch and a batch of values not found, each line with the result it replaces', () => {
    const lines = pendingToRedo([
      { storeNbr: 10, line: 1, value: 'a', seq: 4, status: 'failed' },
      { storeNbr: 10, line: 2, value: 'b', seq: 5, status: 'cancelled' }
    ])
    const work = LOOKUP.stores.map((storeNbr) => ({ storeNbr, lines }))
    const [first, second] = storeBatches(work, (store) => LOOKUP.stores.indexOf(store), 2_000)
    const ledger = createRunLedger({ lookup: LOOKUP, work, batches: 2, endState: 'finished', now: 2_000 })
    const failed = first === undefined ? null : ledger.settle(first, { status: 'failed', error: FAILURE })
    expect(failed === null ? null : answerRowsOf(failed)).toEqual([
      { storeNbr: 10, line: 1, status: 'failed', error: FAILURE, replaces: { seq: 4, status: 'failed' } },
      { storeNbr: 10, line: 2, status: 'failed', error: FAILURE, replaces: { seq: 5, status: 'cancelled' } }
    ])
    const notFound = second === undefined ? null : ledger.settle(second, { status: 'not_found' })
    expect(notFound === null ? null : answerRowsOf(notFound)).toEqual([
      { storeNbr: 20, line: 1, status: 'not_found', replaces: { seq: 4, status: 'failed' } },
      { storeNbr: 20, line: 2, status: 'not_found', replaces: { seq: 5, status: 'cancelled' } }
    ])
    expect(ledger.snapshot(3_000, OPEN)).toMatchObject({ pending: 0, notFound: 2, found: 0 })
  })

  it('keeps a stopped lookup stopped when its retry ends with lines it never looked up again', () => {
    const cancelled = { ...LOOKUP, state: 'cancelled' as const, counts: { ...NONE, invalid: 2, cancelled: 4 } }
    const ledger = createRunLedger({ lookup: cancelled, work: [], batches: 0, endState: 'cancelled', now: 0 })
    expect(ledger.shownState('finished')).toBe('cancelled')
    expect(ledger.finalState('finished', false)).toBe('cancelled')
  })
})
