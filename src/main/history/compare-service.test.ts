import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { createCompareService } from './compare-service'
import { createInThreadReader } from './history-reader'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import { NO_FIGURES, sampleItem, sampleLines, sampleLookup, valueFor } from './test-support/sample-lookups'
import { encodeItem } from './item-batch'

const opened: DirectHistory[] = []
afterEach(() => {
  for (const history of opened.splice(0)) history.close()
})

function finished(history: DirectHistory, onHand: (line: number) => number, overrides: Parameters<typeof sampleLookup>[1] = {}): number {
  const { id } = history.createLookup(sampleLookup(sampleLines(4), overrides))
  history.appendResults(
    id,
    [1, 2, 3, 4].map((line) => ({
      storeNbr: 1234,
      line,
      status: 'found' as const,
      item: encodeItem(sampleItem(valueFor(line), onHand(line)))
    })),
    NO_FIGURES
  )
  history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
  return id
}

describe('compare service', () => {
  it('compares two stored lookups value by value, and compares again once one of them gains results', async () => {
    const history = createDirectHistory({ dir: null, log: createMemoryLogger(), now: () => 1 })
    opened.push(history)
    const service = createCompareService({ history, reader: createInThreadReader(history.operations()), lowStockLevel: () => 3 })
    const then = finished(history, (line) => line * 5)
    const now = finished(history, (line) => (line === 1 ? 0 : line * 5))
    const first = await service.compare(then, now)
    expect(first.counts).toEqual({ newly_out: 1, back_in: 0, changed: 0, unchanged: 3, only_one: 0 })
    expect(await service.compare(then, now)).toBe(first)

    const running = history.createLookup(sampleLookup(sampleLines(1))).id
    expect((await service.compare(then, running)).rows.find((row) => row.value === valueFor(1))).toMatchObject({
      now: null,
      category: 'only_one'
    })
    history.appendResults(running, [{ storeNbr: 1234, line: 1, status: 'found', item: encodeItem(sampleItem(valueFor(1), 5)) }], NO_FIGURES)
    expect((await service.compare(then, running)).rows.find((row) => row.value === valueFor(1))).toMatchObject({
      now: { status: 'in_stock' },
      category: 'unchanged'
    })
    await expect(service.compare(then, then)).rejects.toThrow(/two different lookups/)
    const items = finished(history, () => 1, { itemType: 'wm_item_number' })
    await expect(service.compare(then, items)).rejects.toThrow(/different kinds of value/)
    await expect(service.compare(then, 999)).rejects.toThrow(/no longer in History/)
  })

  it('compares lookups of several stores store and value pair by pair', async () => {
    const history = createDirectHistory({ dir: null, log: createMemoryLogger(), now: () => 1 })
    opened.push(history)
    const service = createCompareService({ history, reader: createInThreadReader(history.operations()), lowStockLevel: () => 3 })
    const lookupOf = (stores: number[], onHand: (store: number, line: number) => number) => {
      const { id } = history.createLookup(sampleLookup(sampleLines(2), { stores }))
      const answers = stores.flatMap((storeNbr) =>
        [1, 2].map((line) => ({
          storeNbr,
          line,
          status: 'found' as const,
          item: encodeItem(sampleItem(valueFor(line), onHand(storeNbr, line)))
        }))
      )
      history.appendResults(id, answers, NO_FIGURES)
      history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
      return id
    }
    // Value 1: store 10 goes out of stock, store 20 keeps 8. Store 30 is only in the later lookup.
    const then = lookupOf([10, 20], () => 8)
    const now = lookupOf([10, 20, 30], (store, line) => (store === 10 && line === 1 ? 0 : 8))
    const { rows, counts } = await service.compare(then, now)
    expect(rows.map((row) => [row.store, row.value, row.category])).toEqual([
      [10, valueFor(1), 'newly_out'],
      [10, valueFor(2), 'unchanged'],
      [20, valueFor(1), 'unchanged'],
      [20, valueFor(2), 'unchanged'],
      [30, valueFor(1), 'only_one'],
      [30, valueFor(2), 'only_one']
    ])
    expect(counts).toEqual({ newly_out: 1, back_in: 0, changed: 0, unchanged: 3, only_one: 2 })
  })
})
