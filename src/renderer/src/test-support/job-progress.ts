import type { JobProgress } from '../../../shared/domain/job-progress'

/** A Demo job of 10 values that has just started, with whatever `patch` changes. */
export function jobProgress(patch: Partial<JobProgress> = {}): JobProgress {
  return {
    jobId: 'job-1',
    environment: 'demo',
    stores: [1234],
    storesDone: 0,
    itemType: 'gtin',
    carriedColumns: [],
    startedAt: '2025-01-01T14:02:11.000Z',
    finishedAt: null,
    state: 'running',
    lines: 10,
    batchesDone: 0,
    batchesTotal: 1,
    found: 0,
    notFound: 0,
    invalid: 0,
    duplicate: 0,
    failed: 0,
    cancelled: 0,
    pending: 10,
    requests: 0,
    retries: 0,
    throttledMs: 0,
    resumeAt: null,
    etaMs: null,
    valuesPerSecond: 0,
    resultsCount: 0,
    ...patch
  }
}
