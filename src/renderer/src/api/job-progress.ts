import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { queryKeys } from './inventory-call'

/**
 * Keeps the newest progress per job. The reply to startJob/cancelJob/retryFailed can arrive after
 * events that are already newer, so an older snapshot (a shorter append-only result log) never
 * replaces a newer one; for equal logs, the later arrival wins (state changes such as throttling).
 */
export function storeJobProgress(queryClient: QueryClient, progress: JobProgress): void {
  const key = queryKeys.jobProgress(progress.jobId)
  const current = queryClient.getQueryData<JobProgress>(key)
  if (current !== undefined && progress.resultsCount < current.resultsCount) return
  queryClient.setQueryData<JobProgress>(key, progress)
}

/** Subscribes once for the whole app; every progress event lands in the query cache. */
export function useJobProgressSubscription(queryClient: QueryClient): void {
  useEffect(() => window.inventory.onJobProgress((progress) => storeJobProgress(queryClient, progress)), [queryClient])
}

/** The latest progress of one job, as events arrive; never fetched. */
export function useJobProgress(jobId: string | null): JobProgress | undefined {
  const query = useQuery<JobProgress>({
    queryKey: queryKeys.jobProgress(jobId ?? ''),
    queryFn: () => Promise.reject(new Error('Job progress only arrives as events.')),
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity
  })
  return jobId === null ? undefined : query.data
}
