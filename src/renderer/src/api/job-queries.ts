import { queryOptions } from '@tanstack/react-query'
import type { LineResult } from '../../../shared/domain/line-result'
import { decodeResultPage } from '../../../shared/domain/result-page'
import { callInventory } from './inventory-call'

/** The cache entries of one lookup's result log. */
export const jobKeys = {
  all: ['jobs'] as const,
  /** The whole log as the results read it, grown page by page as the lookup answers. */
  results: (jobId: string) => [...jobKeys.all, jobId, 'results'] as const,
  /** The last `count` entries of a settled log of `resultsCount` entries. */
  latestResults: (jobId: string, resultsCount: number, count: number) =>
    [...jobKeys.all, jobId, 'latest-results', resultsCount, count] as const
}

/**
 * The job's log from offset `from` on, page by page until it has caught up with `caughtUpAt()`:
 * asked again after each page, because the log grows while it is read.
 */
export async function readJobResults(
  jobId: string,
  from: number,
  caughtUpAt: () => number
): Promise<{ entries: LineResult[]; next: number }> {
  // Main answers in pages; the caller folds them into its view once for all of them, not once a page.
  const entries: LineResult[] = []
  let next = from
  for (;;) {
    const page = await callInventory(window.inventory.getJobResults({ jobId, from: next }))
    for (const entry of decodeResultPage(page)) entries.push(entry)
    next = page.next
    if (page.count === 0 || next >= caughtUpAt()) return { entries, next }
  }
}

/** The last `count` entries of a settled lookup's log of `resultsCount` entries: a settled log never changes. */
export function latestResultsQuery(jobId: string, resultsCount: number, count: number) {
  return queryOptions({
    queryKey: jobKeys.latestResults(jobId, resultsCount, count),
    queryFn: async () => {
      const page = await callInventory(window.inventory.getJobResults({ jobId, from: Math.max(0, resultsCount - count) }))
      return decodeResultPage(page)
    },
    staleTime: Infinity
  })
}
