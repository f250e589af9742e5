import type { LookupSummary } from '../../../shared/domain/lookup-summary'

/** A finished Demo lookup of 10 GTINs in store 1234, with whatever `patch` changes. */
export function lookupSummary(patch: Partial<LookupSummary> = {}): LookupSummary {
  return {
    jobId: '7',
    environment: 'demo',
    itemType: 'gtin',
    stores: [1234],
    source: 'app',
    startedAt: '2025-03-03T14:02:11.000Z',
    finishedAt: '2025-03-03T14:05:00.000Z',
    state: 'finished',
    runningHere: false,
    lines: 10,
    found: 6,
    notFound: 2,
    invalid: 1,
    duplicate: 1,
    failed: 0,
    cancelled: 0,
    carriedColumns: [],
    watchlistId: null,
    watchlistName: null,
    follows: null,
    answersRemovedAt: null,
    scheduled: null,
    ...patch
  }
}
