import { WATCHLIST_TREND_RUNS, type TrendRuns } from '../../shared/trends/trend-questions'
import type { PackedTrends } from '../../shared/trends/packed-trends'
import type { HistoryReader } from './history-reader'
import type { HistoryStore } from './history-store'
import { lookupIdOf } from './lookup-id'

/**
 * Trends over a set of runs (a watchlist's latest, or lookups chosen in History), read from their
 * summaries on History's reader thread: a year of runs costs main only the answer.
 */
export interface TrendsService {
  /** Runs that are not in History, or have no summary yet (still running), are left out. */
  trends(runs: TrendRuns): Promise<PackedTrends>
}

export function createTrendsService({
  reader,
  history
}: {
  reader: Pick<HistoryReader, 'trends'>
  history: Pick<HistoryStore, 'watchlistRuns'>
}): TrendsService {
  return {
    trends: (runs) =>
      reader.trends(
        'jobIds' in runs
          ? runs.jobIds.map(lookupIdOf).filter((id) => id > 0)
          : // The index's short read on main; the reader thread puts them oldest first.
            history.watchlistRuns(runs.watchlistId, WATCHLIST_TREND_RUNS)
      )
  }
}
