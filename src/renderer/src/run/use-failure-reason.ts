import { useQuery } from '@tanstack/react-query'
import type { AppErrorShape } from '../../../shared/domain/app-error'
import type { JobProgress } from '../../../shared/domain/job-progress'
import type { LineResult } from '../../../shared/domain/line-result'
import { latestResultsQuery } from '../api/job-queries'

/** Enough recent entries to name the cause of a whole-job failure without reading a huge log twice. */
const SAMPLE_ENTRIES = 1000

export interface FailureReason {
  error: AppErrorShape
  count: number
}

/**
 * The most common error among a settled job's latest failures, so a failure that hit every batch
 * (wrong secret, server down) gets one explanation above the grid instead of one per row.
 */
export function useFailureReason(progress: JobProgress | undefined): FailureReason | null {
  const settled =
    progress !== undefined && (progress.state === 'finished' || progress.state === 'cancelled' || progress.state === 'interrupted')
  const failed = progress?.failed ?? 0
  const jobId = progress?.jobId ?? ''
  const resultsCount = progress?.resultsCount ?? 0
  const query = useQuery({
    ...latestResultsQuery(jobId, resultsCount, SAMPLE_ENTRIES),
    enabled: settled && failed > 0,
    select: mostCommonFailure
  })
  return settled && failed > 0 ? (query.data ?? null) : null
}

export function mostCommonFailure(entries: readonly LineResult[]): FailureReason | null {
  const latest = new Map<number, LineResult>()
  for (const entry of entries) latest.set(entry.line, entry)
  const tally = new Map<string, FailureReason>()
  for (const result of latest.values()) {
    if (result.status !== 'failed' || result.error === undefined) continue
    const key = `${result.error.code}\u0000${result.error.message}`
    const seen = tally.get(key)
    if (seen === undefined) tally.set(key, { error: result.error, count: 1 })
    else seen.count += 1
  }
  let best: FailureReason | null = null
  for (const entry of tally.values()) if (best === null || entry.count > best.count) best = entry
  return best
}
