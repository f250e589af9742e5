import type { JobProgress } from '../../shared/domain/job-progress'
import type { LineCounts, StoredLookup } from '../history/history-types'

/** Every line of the store has its answer: none is waiting or was left unanswered by a stop. */
function isStoreDone(counts: LineCounts, lines: number): boolean {
  const answered = counts.found + counts.not_found + counts.invalid + counts.duplicate + counts.failed
  return counts.cancelled === 0 && answered >= lines
}

/** A lookup that is not running in this process, as progress: what History stored for it. */
export function progressFromStored(lookup: StoredLookup): JobProgress {
  const { counts } = lookup
  const settled = counts.found + counts.not_found + counts.invalid + counts.duplicate + counts.failed + counts.cancelled
  return {
    jobId: String(lookup.id),
    environment: lookup.environment,
    stores: lookup.stores,
    storesDone: lookup.storeCounts.filter((counts) => isStoreDone(counts, lookup.lines)).length,
    itemType: lookup.itemType,
    carriedColumns: lookup.carriedColumns,
    startedAt: new Date(lookup.startedAt).toISOString(),
    finishedAt: lookup.finishedAt === null ? null : new Date(lookup.finishedAt).toISOString(),
    state: lookup.state,
    lines: lookup.lines,
    batchesDone: lookup.batchesDone,
    batchesTotal: lookup.batchesTotal,
    found: counts.found,
    notFound: counts.not_found,
    invalid: counts.invalid,
    duplicate: counts.duplicate,
    failed: counts.failed,
    cancelled: counts.cancelled,
    // Only a lookup another process is running has lines without a result.
    pending: Math.max(0, lookup.lines * Math.max(1, lookup.stores.length) - settled),
    requests: lookup.requests,
    retries: lookup.retries,
    throttledMs: lookup.throttledMs,
    resumeAt: null,
    etaMs: null,
    valuesPerSecond: lookup.valuesPerSecond,
    resultsCount: lookup.resultsCount
  }
}
