import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { callInventory } from '../api/inventory-call'
import { applyEntries, emptyResultSet, type ResultSet } from './result-set'

export const jobResultsKey = (jobId: string) => ['job-results', jobId] as const

/**
 * The job's results, read incrementally: each fetch starts where the cached set stopped and keeps
 * reading until it has caught up with the latest `resultsCount`, so a 100,000-line job is read once.
 * Structural sharing is off because comparing 100,000 rows deeply on every tick is the cost we avoid.
 */
export function useJobResults(progress: JobProgress) {
  const { jobId, itemType, resultsCount } = progress
  const queryClient = useQueryClient()
  const target = useRef(resultsCount)
  useEffect(() => {
    target.current = resultsCount
  }, [resultsCount])

  const query = useQuery({
    queryKey: jobResultsKey(jobId),
    queryFn: async (): Promise<ResultSet> => {
      let set = queryClient.getQueryData<ResultSet>(jobResultsKey(jobId)) ?? emptyResultSet(jobId, itemType)
      for (;;) {
        const page = await callInventory(window.inventory.getJobResults({ jobId, from: set.next }))
        set = applyEntries(set, page.entries, page.next)
        if (page.entries.length === 0 || set.next >= target.current) return set
      }
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

  return query
}
