import { compareResults, type StockInput } from '../compare/compare-lookups'
import { comparedInStockRate, sinceLastRun, type SinceLastRun } from './since-last-run'

/** What a watchlist's run found since the run it follows (null when it follows none), and its in-stock rate over what it compared. */
export interface StockComparison {
  since: SinceLastRun | null
  inStockRate: number | null
}

/**
 * "Since the last run" of two runs' stock, by Compare's rules. History's reader thread works it out
 * beside the stock it reads, so the 200,000 answers of two 2,000 x 50 runs never cross to main:
 * only the counts and the changed pairs do.
 */
export function compareForSinceLastRun(
  then: readonly StockInput[] | null,
  now: readonly StockInput[],
  lowStockLevel: number
): StockComparison {
  const rows = compareResults(then ?? [], now, lowStockLevel)
  return { since: then === null ? null : sinceLastRun(rows), inStockRate: comparedInStockRate(rows) }
}
