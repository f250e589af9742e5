import { queryOptions } from '@tanstack/react-query'
import type { TrendRuns } from '../../../shared/trends/trend-questions'
import { unpackTrends } from '../../../shared/trends/trend-series'
import { historyKeys } from './history-queries'
import { callInventory } from './inventory-call'

/** Under History's keys: a lookup deleted or ended refreshes the trends that drew it (a watchlist's new run among them). */
export const trendsKey = (runs: TrendRuns) => [...historyKeys.all, 'trends', runs] as const

/** The trends of these runs (or of a watchlist's latest, which main picks), read by main from their summaries. */
export function trendsQuery(runs: TrendRuns) {
  return queryOptions({
    queryKey: trendsKey(runs),
    queryFn: async () => unpackTrends(await callInventory(window.inventory.lookupTrends(runs)))
  })
}
