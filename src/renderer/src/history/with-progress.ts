import type { JobProgress } from '../../../shared/domain/job-progress'
import type { LookupSummary } from '../../../shared/domain/lookup-summary'

/**
 * A lookup running in this window, with the counts and state of its latest progress event: History
 * lists it as it was when read, and the events say what happened since.
 */
export function withProgress(lookup: LookupSummary, progress: JobProgress | undefined): LookupSummary {
  if (progress === undefined || progress.jobId !== lookup.jobId) return lookup
  const state = progress.state === 'throttled' ? 'running' : progress.state
  const running = state === 'running'
  return {
    ...lookup,
    state,
    runningHere: running,
    finishedAt: progress.finishedAt,
    found: progress.found,
    notFound: progress.notFound,
    invalid: progress.invalid,
    duplicate: progress.duplicate,
    failed: progress.failed,
    cancelled: progress.cancelled
  }
}
