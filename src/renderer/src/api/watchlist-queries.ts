import { queryOptions } from '@tanstack/react-query'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { callInventory } from './inventory-call'

/** Every watchlist query's key starts with `watchlistKeys.all`: a change to a watchlist (saved, run, deleted) refreshes them all. */
export const watchlistKeys = {
  all: ['watchlists'] as const,
  list: () => [...watchlistKeys.all, 'list'] as const
}

/** The watchlists as main keeps them, each without its items. */
export const watchlistsQuery = queryOptions({
  queryKey: watchlistKeys.list(),
  queryFn: async () => (await callInventory(window.inventory.listWatchlists())).watchlists
})

/** Each watchlist's next run and what became of its latest slot; asked again at each `schedules:changed`. */
export const schedulesQuery = queryOptions({
  queryKey: ['schedules'] as const,
  queryFn: () => callInventory(window.inventory.schedulesOverview())
})

/** What a finished lookup found since the one it follows (null when it follows none); asked again when its results change. */
export function sinceLastRunQuery(progress: Pick<JobProgress, 'jobId' | 'resultsCount' | 'state'>) {
  return queryOptions({
    queryKey: ['since-last-run', progress.jobId, progress.resultsCount] as const,
    queryFn: async () => (await callInventory(window.inventory.sinceLastRun({ jobId: progress.jobId }))).since,
    enabled: progress.state === 'finished',
    staleTime: Number.POSITIVE_INFINITY
  })
}
