import type { JobProgress } from '../../../shared/domain/job-progress'
import type { ResultSet } from './result-set'

/**
 * The job's progress with its counters taken from the result set the results show, so the progress
 * card, the presets and the summaries count the same lines at every moment, during a run and a retry.
 * `caughtUp` says whether the set has read everything the progress reports.
 */
export function progressFromResults(progress: JobProgress, set: ResultSet): { progress: JobProgress; caughtUp: boolean } {
  const { counts, retrying } = set
  const pending = Math.max(0, progress.lines - set.lines.length) + retrying
  return {
    progress: {
      ...progress,
      found: counts.found,
      notFound: counts.not_found,
      invalid: counts.invalid,
      duplicate: counts.duplicate,
      failed: counts.failed - retrying,
      cancelled: counts.cancelled,
      pending
    },
    caughtUp: set.next >= progress.resultsCount
  }
}
