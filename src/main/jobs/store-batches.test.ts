import { describe, expect, it } from 'vitest'
import { valueList } from '../inventory/search-request'
import { packLines } from '../workers/packed-lines'
import { pendingFromPacked, replacedAt } from './pending-lines'
import { batchSize, batchValues, halves, storeBatches, workToRedo } from './store-batches'

const lines = (count: number) => Array.from({ length: count }, (_, index) => ({ line: index + 1, input: `v${index + 1}` }))
const pendingFrom = (count: number) => pendingFromPacked(packLines(lines(count)))

describe("a run's batches", () => {
  it('are ranges of one shared list, store after store in the lookup order, 100 values at most', () => {
    const pending = pendingFrom(250)
    const batches = storeBatches(
      [
        { storeNbr: 20, lines: pending },
        { storeNbr: 10, lines: pending }
      ],
      (store) => [10, 20].indexOf(store),
      5
    )
    expect(batches.map((batch) => [batch.storeNbr, batch.from, batch.to, ...batch.order])).toEqual([
      [20, 0, 100, 1, 0],
      [20, 100, 200, 1, 1],
      [20, 200, 250, 1, 2],
      [10, 0, 100, 0, 0],
      [10, 100, 200, 0, 1],
      [10, 200, 250, 0, 2]
    ])
    // The stores hold the values once between them.
    expect(batches.every((batch) => batch.pending === pending)).toBe(true)
    expect(batches.map(batchSize)).toEqual([100, 100, 50, 100, 100, 50])
    expect(batches.slice(0, 3).flatMap((batch) => valueList(batchValues(batch)))).toEqual(lines(250).map(({ input }) => input))
    expect(batches[0]).toMatchObject({ attempts: 0, throttled: 0, notBefore: 5, settled: false })
  })

  it('halve into two batches in the place of the whole, the odd value in the first half', () => {
    const [whole] = storeBatches([{ storeNbr: 1, lines: pendingFrom(5) }], () => 0, 0)
    if (whole === undefined) throw new Error('no batch')
    whole.attempts = 2
    const [first, second] = halves(whole, 9)
    expect(valueList(batchValues(first))).toEqual(['v1', 'v2', 'v3'])
    expect(valueList(batchValues(second))).toEqual(['v4', 'v5'])
    expect([first.order, second.order]).toEqual([
      [0, 0, 0],
      [0, 0, 1]
    ])
    expect(first).toMatchObject({ storeNbr: 1, attempts: 0, notBefore: 9, settled: false })
    const [lone] = halves(second, 9)
    expect(valueList(batchValues(lone))).toEqual(['v4'])
  })

  it("of a resume or a retry go store by store in History's order, each line replacing its current result", () => {
    const work = workToRedo([
      { storeNbr: 3, line: 4, value: 'd', seq: 10, status: 'cancelled' },
      { storeNbr: 1, line: 2, value: 'b', seq: 11, status: 'failed' },
      { storeNbr: 3, line: 1, value: 'a', seq: 12, status: 'cancelled' }
    ])
    expect(work.map(({ storeNbr, lines: pending }) => [storeNbr, Array.from(pending.lines)])).toEqual([
      [3, [4, 1]],
      [1, [2]]
    ])
    const [storeThree] = storeBatches(work, (store) => store, 0)
    if (storeThree === undefined) throw new Error('no batch')
    expect(valueList(batchValues(storeThree))).toEqual(['d', 'a'])
    expect(replacedAt(storeThree.pending, 1)).toEqual({ seq: 12, status: 'cancelled' })
  })
})
