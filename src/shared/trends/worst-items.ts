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

export function worstRows(trends: Trends, sort: WorstSort = DEFAULT_WORST_SORT): WorstRow[] {
  const { worst } = trends
  const rows: WorstRow[] = worst.item.map((item, index) => {
    const outRuns = worst.outRuns[index] ?? 0
    const answeredRuns = worst.answeredRuns[index] ?? 0
    return {
      value: trends.items[item] ?? '',
      storeNbr: trends.stores[worst.store[index] ?? 0] ?? 0,
      outRuns,
      answeredRuns,
      share: shareOf(outRuns, answeredRuns)
    }
  })
  const sign = sort.direction === 'ascending' ? 1 : -1
  const primary = comparer(sort.key)
  // Ties go worst first, then by item and store, so the order is the same every time.
  return rows.sort(
    (a, b) => sign * primary(a, b) || (b.share ?? -1) - (a.share ?? -1) || a.value.localeCompare(b.value) || a.storeNbr - b.storeNbr
  )
}

function comparer(key: WorstSortKey): (a: WorstRow, b: WorstRow) => number {
  switch (key) {
    case 'share':
      return (a, b) => (a.share ?? -1) - (b.share ?? -1)
    case 'outRuns':
      return (a, b) => a.outRuns - b.outRuns
    case 'value':
      return (a, b) => a.value.localeCompare(b.value, undefined, { numeric: true })
    case 'store':
      return (a, b) => a.storeNbr - b.storeNbr
  }
}
