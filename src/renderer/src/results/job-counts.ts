import type { JobProgress } from '../../../shared/domain/job-progress'
import type { LineEntry } from './line-entry'
import type { ResultSet } from './result-set'

/** Sets are immutable: a set's count of done stores is worked out once, not on every progress event. */
const doneBySet = new WeakMap<ResultSet, number>()

/** Stores whose every line has its answer on screen: none missing, none cancelled, none being retried. */
export function storesDoneIn(set: ResultSet, inputLines: number): number {
  const known = doneBySet.get(set)
  if (known !== undefined) return known
  let done = 0
  for (const byLine of set.byStore) {
    let answered = 0
    for (const entry of byLine as readonly (LineEntry | undefined)[]) {
      if (entry === undefined) continue
      if (entry.result.status === 'cancelled' || (entry.result.status === 'failed' && entry.logIndex < set.retryFrom)) break
      answered += 1
    }
    if (answered === inputLines) done += 1
  }
  doneBySet.set(set, done)
  return done
}

/**
 * The job's progress with its counters taken from the result set the results show, so the progress
 * card, the presets and the summaries count the same lines at every moment, during a run and a retry.
 * `caughtUp` says whether the set has read everything the progress reports.
 */
export function progressFromResults(progress: JobProgress, set: ResultSet): { progress: JobProgress; caughtUp: boolean } {
  const { counts, retrying } = set
  // Every line is looked up in every store: a lookup settles lines x stores pairs.
  const pending = Math.max(0, progress.lines * progress.stores.length - set.lines.length) + retrying
  return {
    progress: {
      ...progress,
      found: counts.found,
      notFound: counts.not_found,
      invalid: counts.invalid,
      duplicate: counts.duplicate,
      failed: counts.failed - retrying,
      cancelled: counts.cancelled,
      pending,
      storesDone: storesDoneIn(set, progress.lines)
    },
    caughtUp: set.next >= progress.resultsCount
  }
}
