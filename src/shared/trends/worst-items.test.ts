import { describe, expect, it } from 'vitest'
import type { Trends } from './trend-series'
import { WORST_SORT_KEYS, worstRows, type WorstRow, type WorstSort } from './worst-items'

/** The order worstRows promises, compared name by name as it was before items were ranked. */
function expectedOrder(rows: WorstRow[], sort: WorstSort): WorstRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  const primary = (a: WorstRow, b: WorstRow): number => {
    switch (sort.key) {
      case 'share':
        return (a.share ?? -1) - (b.share ?? -1)
      case 'outRuns':
        return a.outRuns - b.outRuns
      case 'value':
        return a.value.localeCompare(b.value, undefined, { numeric: true })
      case 'store':
        return a.storeNbr - b.storeNbr
    }
  }
  return [...rows].sort(
    (a, b) => sign * primary(a, b) || (b.share ?? -1) - (a.share ?? -1) || a.value.localeCompare(b.value) || a.storeNbr - b.storeNbr
  )
}

describe('worstRows', () => {
  // Names that sort differently plainly and numerically, with accents, case and repeats.
  const items = ['item 10', 'item 2', 'Item 2', 'ä', 'a', 'b', 'item 10', '', 'Z 3', 'z 20']
  const stores = [30, 10, 20]
  let seed = 11
  const random = (limit: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % limit
  const pairs = items.flatMap((_, item) => stores.map((_, store) => ({ item, store, answered: random(6), outRuns: 1 + random(4) })))
  const worst: Trends['worst'] = {
    item: Int32Array.from(pairs, (pair) => pair.item),
    store: Int32Array.from(pairs, (pair) => pair.store),
    outRuns: Int32Array.from(pairs, (pair) => pair.outRuns),
    answeredRuns: Int32Array.from(pairs, (pair) => pair.answered)
  }
  const trends: Trends = { stores, runs: [], items, worst }

  it.each(WORST_SORT_KEYS.flatMap((key) => (['ascending', 'descending'] as const).map((direction) => ({ key, direction }))))(
    'sorts by $key $direction as comparing the names themselves would',
    (sort) => {
      const rows = worstRows(trends, sort)
      expect(rows).toEqual(expectedOrder(rows, sort))
      expect(rows).toHaveLength(items.length * stores.length)
    }
  )

  it('gives no share for a pair no run found', () => {
    const rows = worstRows({
      stores: [1],
      runs: [],
      items: ['x'],
      worst: { item: Int32Array.of(0), store: Int32Array.of(0), outRuns: Int32Array.of(1), answeredRuns: Int32Array.of(0) }
    })
    expect(rows).toEqual([{ value: 'x', storeNbr: 1, outRuns: 1, answeredRuns: 0, share: null }])
  })
})
