import type { Trends } from './trend-series'

/** One row of "Worst items": an item in a store, and in how many of the runs that found it there it was out of stock. */
export interface WorstRow {
  readonly value: string
  readonly storeNbr: number
  readonly outRuns: number
  readonly answeredRuns: number
  /** Percent with one decimal; null when no run found it there (never, for a pair out of stock once). */
  readonly share: number | null
}

export const WORST_SORT_KEYS = ['share', 'outRuns', 'value', 'store'] as const
export type WorstSortKey = (typeof WORST_SORT_KEYS)[number]
export interface WorstSort {
  readonly key: WorstSortKey
  readonly direction: 'ascending' | 'descending'
}

export const DEFAULT_WORST_SORT: WorstSort = { key: 'share', direction: 'descending' }

export function shareOf(outRuns: number, answeredRuns: number): number | null {
  return answeredRuns <= 0 ? null : Math.round((outRuns / answeredRuns) * 1000) / 10
}

/**
 * The worst-items rows in `sort`'s order. A year of a watchlist is 100,000 pairs: items are ranked
 * once by name (2,000 collations) and the pairs sorted on those ranks, since comparing names pair by
 * pair took seconds.
 */
export function worstRows(trends: Trends, sort: WorstSort = DEFAULT_WORST_SORT): WorstRow[] {
  const { worst } = trends
  const count = worst.item.length
  const shares = new Float64Array(count)
  for (let index = 0; index < count; index += 1) shares[index] = shareOf(worst.outRuns[index] ?? 0, worst.answeredRuns[index] ?? 0) ?? -1
  const plainRank = itemRanks(trends.items, PLAIN.compare)
  const primary = comparer(sort.key, {
    worst,
    shares,
    stores: trends.stores,
    itemRank: sort.key === 'value' ? itemRanks(trends.items, NUMERIC.compare) : plainRank
  })
  const sign = sort.direction === 'ascending' ? 1 : -1
  const order = Array.from({ length: count }, (_, index) => index)
  // Ties go worst first, then by item and store, so the order is the same every time.
  order.sort(
    (a, b) =>
      sign * primary(a, b) ||
      (shares[b] ?? 0) - (shares[a] ?? 0) ||
      (plainRank[worst.item[a] ?? 0] ?? 0) - (plainRank[worst.item[b] ?? 0] ?? 0) ||
      storeOf(trends, worst.store[a]) - storeOf(trends, worst.store[b])
  )
  return order.map((index) => {
    const outRuns = worst.outRuns[index] ?? 0
    const share = shares[index] ?? -1
    return {
      value: trends.items[worst.item[index] ?? 0] ?? '',
      storeNbr: storeOf(trends, worst.store[index]),
      outRuns,
      answeredRuns: worst.answeredRuns[index] ?? 0,
      share: share < 0 ? null : share
    }
  })
}

// The collations `localeCompare` used: plain for the tie-break, numeric for the Item column.
const PLAIN = new Intl.Collator()
const NUMERIC = new Intl.Collator(undefined, { numeric: true })

/** Each item's place among the items in `compare`'s order, equal items sharing one. */
function itemRanks(items: readonly string[], compare: (a: string, b: string) => number): Int32Array {
  const order = items.map((_, index) => index).sort((a, b) => compare(items[a] ?? '', items[b] ?? ''))
  const ranks = new Int32Array(items.length)
  order.forEach((item, position) => {
    const previous = order[position - 1]
    const same = previous !== undefined && compare(items[previous] ?? '', items[item] ?? '') === 0
    ranks[item] = same ? (ranks[previous] ?? 0) : position
  })
  return ranks
}

function storeOf(trends: Trends, column: number | undefined): number {
  return trends.stores[column ?? 0] ?? 0
}

interface SortColumns {
  worst: Trends['worst']
  shares: Float64Array
  stores: Trends['stores']
  itemRank: Int32Array
}

function comparer(key: WorstSortKey, { worst, shares, stores, itemRank }: SortColumns): (a: number, b: number) => number {
  switch (key) {
    case 'share':
      return (a, b) => (shares[a] ?? 0) - (shares[b] ?? 0)
    case 'outRuns':
      return (a, b) => (worst.outRuns[a] ?? 0) - (worst.outRuns[b] ?? 0)
    case 'value':
      return (a, b) => (itemRank[worst.item[a] ?? 0] ?? 0) - (itemRank[worst.item[b] ?? 0] ?? 0)
    case 'store':
      return (a, b) => (stores[worst.store[a] ?? 0] ?? 0) - (stores[worst.store[b] ?? 0] ?? 0)
  }
}
