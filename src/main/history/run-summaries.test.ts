import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { SUMMARY_CODES } from '../../shared/trends/run-summary'
import { unpackStatuses } from '../../shared/trends/status-blob'
import { unpackTrends } from '../../shared/trends/trend-series'
import { worstRows } from '../../shared/trends/worst-items'
import { createHistoryOperations } from './history-operations'
import { migrate } from './history-schema'
import type { AnswerRow } from './history-types'
import { claimOwner } from './lookup-owner'
import { createSummaryReads } from './run-summaries'
import { NO_FIGURES, sampleItem, sampleLines, sampleLookup, valueFor } from './test-support/sample-lookups'
import { encodeItem } from './item-batch'

const DAY = 86_400_000
const T0 = 1_750_000_000_000
const owners: { release(): void }[] = []
afterEach(() => owners.splice(0).forEach((owner) => owner.release()))

function open(summariseRuns?: boolean) {
  const db = new DatabaseSync(':memory:')
  migrate(db)
  const owner = claimOwner()
  owners.push(owner)
  const operations = createHistoryOperations(db, owner, { onFile: false, ...(summariseRuns === undefined ? {} : { summariseRuns }) })
  return { db, operations, summaries: createSummaryReads(db) }
}

/** A finished run of lines 1..3 (line 4 invalid) in stores 10 and 20, with On hand per store and line. */
function finishedRun(operations: ReturnType<typeof open>['operations'], at: number, onHand: Record<number, number[]>): number {
  const lines = sampleLines(4, { invalid: [4] })
  const id = operations.writes.createLookup(sampleLookup(lines, { stores: [10, 20], startedAt: at }), at)
  const rows: AnswerRow[] = []
  for (const [store, figures] of Object.entries(onHand)) {
    figures.forEach((quantity, index) =>
      rows.push({ storeNbr: Number(store), line: index + 1, status: 'found', item: encodeItem(sampleItem(valueFor(index + 1), quantity)) })
    )
  }
  operations.appendResults(id, rows, NO_FIGURES, at)
  operations.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 }, at + 1_000)
  return id
}

describe('run summaries in History', () => {
  it('are written when a run ends: statuses per value and store, with counts', () => {
    const { db, operations, summaries } = open()
    const id = finishedRun(operations, T0, { 10: [5, 0, 2], 20: [0, 0, 1] })
    expect(summaries.storeCounts(id)).toEqual([
      { storeNbr: 10, counts: expect.objectContaining({ in_stock: 2, out_of_stock: 1, not_asked: 0 }) },
      { storeNbr: 20, counts: expect.objectContaining({ in_stock: 1, out_of_stock: 2 }) }
    ])
    const blob = db.prepare('SELECT statuses FROM run_store_summaries WHERE lookup_id = ? AND store_nbr = 20').get(id) as {
      statuses: Uint8Array
    }
    expect([...unpackStatuses(blob.statuses, 3)]).toEqual([SUMMARY_CODES.out_of_stock, SUMMARY_CODES.out_of_stock, SUMMARY_CODES.in_stock])
    const values = db.prepare('SELECT count(*) AS n FROM summary_values').get() as { n: number }
    expect(values.n).toBe(3)
  })

  it('are not written for a History that keeps none (--no-save): the run still ends', () => {
    const { db, operations, summaries } = open(false)
    const id = finishedRun(operations, T0, { 10: [5, 0, 2], 20: [0, 0, 1] })
    expect(operations.reads.lookup(id)?.state).toBe('finished')
    expect(summaries.storeCounts(id)).toEqual([])
    for (const table of ['run_summaries', 'run_store_summaries', 'summary_values']) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 })
    }
  })

  it('give the trends of several runs, each value stored once whatever the number of runs', () => {
    const { db, operations, summaries } = open()
    const first = finishedRun(operations, T0, { 10: [5, 0, 2], 20: [3, 3, 3] })
    const second = finishedRun(operations, T0 + DAY, { 10: [0, 0, 2], 20: [3, 0, 3] })
    const trends = unpackTrends(summaries.trends([second, first, 999]))
    expect(trends.runs.map((run) => run.jobId)).toEqual([String(first), String(second)])
    expect(trends.runs.map((run) => run.total.rate)).toEqual([83.3, 50])
    expect(worstRows(trends).map((row) => [row.value, row.storeNbr, row.outRuns, row.answeredRuns])).toEqual([
      [valueFor(2), 10, 2, 2],
      [valueFor(1), 10, 1, 2],
      [valueFor(2), 20, 1, 2]
    ])
    expect((db.prepare('SELECT count(*) AS n FROM summary_values').get() as { n: number }).n).toBe(3)
  })

  it("read the same trends from the runs' digests as from their store rows (summaries written before digests)", () => {
    const { db, operations, summaries } = open()
    const first = finishedRun(operations, T0, { 10: [5, 0, 2], 20: [3, 3, 3] })
    // Store 20 has no answer for line 2 in the second run: not answered, so not counted for that pair.
    const second = finishedRun(operations, T0 + DAY, { 10: [0, 0, 2], 20: [0] })
    const third = finishedRun(operations, T0 + 2 * DAY, { 10: [0, 4, 0], 20: [3, 0, 0] })
    const digests = db.prepare('SELECT count(*) AS n FROM run_summaries WHERE trend_digest IS NOT NULL').get() as { n: number }
    expect(digests.n).toBe(3)
    const fromDigests = summaries.trends([first, second, third])
    db.exec('UPDATE run_summaries SET trend_digest = NULL')
    const fromRows = summaries.trends([first, second, third])
    expect(fromDigests).toEqual(fromRows)
    expect(worstRows(unpackTrends(fromRows)).find((row) => row.value === valueFor(2) && row.storeNbr === 20)).toMatchObject({
      outRuns: 1,
      answeredRuns: 2
    })
    // A digest this version cannot read is read from the store rows too.
    db.prepare('UPDATE run_summaries SET trend_digest = ? WHERE lookup_id = ?').run(Uint8Array.from([9, 0, 0, 0]), second)
    expect(summaries.trends([first, second, third])).toEqual(fromRows)
  })

  it('outlive the raw answers: retention drops the answers of older runs and says when', () => {
    const { db, operations, summaries } = open()
    const old = finishedRun(operations, T0, { 10: [5, 0, 2], 20: [3, 3, 3] })
    const recent = finishedRun(operations, T0 + 10 * DAY, { 10: [5, 5, 5], 20: [3, 3, 3] })
    // A run summarised before summaries existed gets its summary before its answers go.
    db.prepare('DELETE FROM run_store_summaries WHERE lookup_id = ?').run(old)
    db.prepare('DELETE FROM run_summaries WHERE lookup_id = ?').run(old)
    expect(operations.removeAnswersBefore(T0 + 5 * DAY, T0 + 20 * DAY)).toBe(1)
    const results = (id: number) => (db.prepare('SELECT count(*) AS n FROM results WHERE lookup_id = ?').get(id) as { n: number }).n
    expect(results(old)).toBe(0)
    expect(results(recent)).toBeGreaterThan(0)
    const trends = unpackTrends(summaries.trends([old, recent]))
    expect(trends.runs.map((run) => run.answersRemovedAt)).toEqual([new Date(T0 + 20 * DAY).toISOString(), null])
    expect(trends.runs[0]?.total.rate).toBe(83.3)
    // Nothing left to look up again: a resume is refused in a sentence instead of cancelling every line.
    expect(() => operations.claimRun(old, ['cancelled'], T0 + 21 * DAY)).toThrow(AppError)
    expect(operations.removeAnswersBefore(T0 + 5 * DAY, T0 + 22 * DAY)).toBe(0)
  })

  it('go with their lookup when it is deleted', () => {
    const { db, operations } = open()
    const id = finishedRun(operations, T0, { 10: [1, 1, 1], 20: [1, 1, 1] })
    expect(operations.deleteLookup(id, T0 + DAY)).toBe(true)
    expect(db.prepare('SELECT count(*) AS n FROM run_store_summaries').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM run_summaries').get()).toEqual({ n: 0 })
  })

  it('are written again when a cancelled run is resumed and finishes', () => {
    const { db, operations, summaries } = open()
    const lines = sampleLines(2)
    const id = operations.writes.createLookup(sampleLookup(lines, { stores: [10], startedAt: T0 }), T0)
    operations.appendResults(id, [{ storeNbr: 10, line: 1, status: 'found', item: encodeItem(sampleItem(valueFor(1), 0)) }], NO_FIGURES, T0)
    operations.finishRun(id, 'cancelled', { ...NO_FIGURES, valuesPerSecond: 0 }, T0 + 1)
    expect(summaries.storeCounts(id)[0]?.counts).toMatchObject({ out_of_stock: 1, cancelled: 1 })
    expect(operations.claimRun(id, ['cancelled'], T0 + 2)).not.toBeNull()
    const { seq } = db.prepare('SELECT seq FROM results WHERE lookup_id = ? AND line = 2 AND superseded = 0').get(id) as { seq: number }
    operations.appendResults(
      id,
      [{ storeNbr: 10, line: 2, status: 'found', item: encodeItem(sampleItem(valueFor(2), 4)), replaces: { seq, status: 'cancelled' } }],
      NO_FIGURES,
      T0 + 3
    )
    operations.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 }, T0 + 4)
    expect(summaries.storeCounts(id)[0]?.counts).toMatchObject({ out_of_stock: 1, in_stock: 1, cancelled: 0 })
  })
})
