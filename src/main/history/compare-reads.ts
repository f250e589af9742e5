import {
  compareResults,
  countCategories,
  nameCompareRows,
  type CompareCategory,
  type CompareRow
} from '../../shared/compare/compare-lookups'
import type { LookupReads } from './lookup-reads'

/** Two lookups compared: every row, and how many fell in each category. */
export interface ComparedRows {
  rows: CompareRow[]
  counts: Record<CompareCategory, number>
}

/**
 * A comparison built where the stock is read (History's reader thread in the app): both lookups'
 * stock and item names stay there, and only the rows cross to main, instead of every line's
 * outcome and location rows of both lookups. One snapshot, so neither lookup changes between its reads.
 */
export function compareLookups(
  reads: Pick<LookupReads, 'snapshot' | 'stockInputs' | 'itemNames'>,
  thenId: number,
  nowId: number,
  lowStockLevel: number
): ComparedRows {
  return reads.snapshot(() => {
    const compared = compareResults(reads.stockInputs(thenId), reads.stockInputs(nowId), lowStockLevel)
    const rows = nameCompareRows(compared, { then: reads.itemNames(thenId), now: reads.itemNames(nowId) })
    return { rows, counts: countCategories(rows) }
  })
}
