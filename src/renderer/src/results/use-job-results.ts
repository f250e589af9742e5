import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { jobKeys, readJobResults } from '../api/job-queries'
import { useRetryFrom } from '../api/progress-store'
import { applyEntriesInSlices, emptyResultSet, markRetry, type ResultSet } from './result-set'

/**
 * Entries applied to the set in one task. A Cancel brings the rest of a 200,000-value lookup at
 * once as cancelled entries; applied in one go they held the window for over a second.
 */
const APPLY_SLICE = 20_000
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The job's results, read incrementally: each fetch starts where the cached set stopped and keeps
 * reading until it has caught up with the latest `resultsCount`, so a 100,000-line job is read once.
 * Structural sharing is off because comparing 100,000 rows deeply on every tick is the cost we avoid.
 */
export function useJobResults(progress: JobProgress) {
  const { jobId, itemType, resultsCount, stores } = progress
  const queryClient = useQueryClient()
  const target = useRef(resultsCount)
  useEffect(() => {
    target.current = resultsCount
  }, [resultsCount])

  const query = useQuery({
    queryKey: jobKeys.results(jobId),
    queryFn: async (): Promise<ResultSet> => {
      const set = queryClient.getQueryData<ResultSet>(jobKeys.results(jobId)) ?? emptyResultSet(jobId, itemType, stores)
      const read = await readJobResults(jobId, set.next, () => target.current)
      return applyEntriesInSlices(set, read.entries, read.next, APPLY_SLICE, nextTask)
    },
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false
  })

  const { data, isFetching, isError, refetch } = query
  const behind = data !== undefined && resultsCount > data.next
  useEffect(() => {
    // After a failed read, wait for the person to press "Try again" instead of hammering main.
    if (behind && !isFetching && !isError) void refetch({ cancelRefetch: false })
  }, [behind, isFetching, isError, refetch, resultsCount])

  const retryFrom = useRetryFrom(jobId)
  // Keyed by the stores' text: each progress event brings a new array of the same stores.
  const storesKey = stores.join(',')
  const empty = useMemo(() => emptyResultSet(jobId, itemType, storesKey.split(',').map(Number)), [jobId, itemType, storesKey])
  const set = useMemo(() => markRetry(data ?? empty, retryFrom), [data, empty, retryFrom])

  return { set, query }
}
