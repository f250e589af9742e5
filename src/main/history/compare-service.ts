import { AppError } from '../../shared/domain/app-error'
import type { CompareCategory, CompareRow } from '../../shared/compare/compare-lookups'
import type { HistoryReader } from './history-reader'
import type { HistoryStore } from './history-store'
import type { StoredLookup } from './history-types'
import { lookupGone } from './lookup-id'

export interface Comparison {
  then: StoredLookup
  now: StoredLookup
  rows: CompareRow[]
  counts: Record<CompareCategory, number>
}

export interface CompareService {
  /** `level`: the low-stock level to judge statuses by (the window says which it shows); the settings' when left out. */
  compare(thenId: number, nowId: number, level?: number): Promise<Comparison>
  /** Lets go of the kept comparison, e.g. when one of its lookups is deleted. */
  forget(): void
}

export interface CompareServiceDeps {
  /** The short reads: the two lookups compared. */
  history: Pick<HistoryStore, 'lookup'>
  /** The comparison itself, built off main's thread in the app, where both lookups' stock and item names are read. */
  reader: Pick<HistoryReader, 'comparison'>
  lowStockLevel: () => number
}

/**
 * Compares two lookups from History, value by value. The window reads a comparison in pages, so the
 * last one is kept (compact rows, no items) until another is asked for or one of its lookups changes.
 */
export function createCompareService({ history, reader, lowStockLevel }: CompareServiceDeps): CompareService {
  let last: { key: string; comparison: Comparison } | null = null

  function lookupOf(id: number): StoredLookup {
    const lookup = history.lookup(id)
    if (lookup === null) throw lookupGone()
    return lookup
  }

  return {
    async compare(thenId: number, nowId: number, level: number = lowStockLevel()): Promise<Comparison> {
      if (thenId === nowId) throw new AppError('invalid_input', 'Choose two different lookups to compare.')
      const then = lookupOf(thenId)
      const now = lookupOf(nowId)
      if (then.itemType !== now.itemType) {
        throw new AppError(
          'invalid_input',
          'These lookups are of different kinds of value (GTINs and item numbers), so they cannot be compared.'
        )
      }
      // A lookup that gained results (a retry, a resume) since the last comparison is compared again.
      const key = JSON.stringify([then.id, then.resultsCount, now.id, now.resultsCount, level])
      if (last?.key === key) return last.comparison
      const { rows, counts } = await reader.comparison(then.id, now.id, level)
      const comparison = { then, now, rows, counts }
      last = { key, comparison }
      return comparison
    },

    forget(): void {
      last = null
    }
  }
}
