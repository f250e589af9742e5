import { queryOptions } from '@tanstack/react-query'
import { historyKeys } from './history-queries'
import { callInventory } from './inventory-call'

/** Under History's keys: a lookup deleted or ended refreshes the trends that drew it. */
export const trendsKey = (jobIds: readonly string[]) => [...historyKeys.all, 'trends', ...jobIds] as const

/** The trends of these runs, read by main from their summaries. */
export function trendsQuery(jobIds: readonly string[]) {
  return queryOptions({
    queryKey: trendsKey(jobIds),
    queryFn: () => callInventory(window.inventory.lookupTrends({ jobIds: [...jobIds] }))
  })
}
