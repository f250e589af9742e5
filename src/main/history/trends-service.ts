import type { Trends } from '../../shared/trends/trend-series'
import type { HistoryReader } from './history-reader'
import { lookupIdOf } from './lookup-id'

/**
 * Trends over a set of runs (a watchlist's, or lookups chosen in History), read from their
 * summaries on History's reader thread: a year of runs costs main only the answer.
 */
export interface TrendsService {
  /** Runs that are not in History, or have no summary yet (still running), are left out. */
  trends(jobIds: readonly string[]): Promise<Trends>
}

export function createTrendsService({ reader }: { reader: Pick<HistoryReader, 'trends'> }): TrendsService {
  return {
    trends: (jobIds) => reader.trends(jobIds.map(lookupIdOf).filter((id) => id > 0))
  }
}
