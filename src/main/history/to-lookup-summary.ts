import type { LookupOrigin } from './lookup-origins'
import type { LookupSummary } from '../../shared/domain/lookup-summary'
import type { StoredLookup } from './history-types'

/** A stored lookup as the contract describes it to the window: counts and where, never a secret or a host. */
export function toLookupSummary(lookup: StoredLookup, runningHere: boolean, origin: LookupOrigin | null = null): LookupSummary {
  return {
    jobId: String(lookup.id),
    environment: lookup.environment,
    itemType: lookup.itemType,
    stores: lookup.stores,
    source: lookup.source,
    startedAt: new Date(lookup.startedAt).toISOString(),
    finishedAt: lookup.finishedAt === null ? null : new Date(lookup.finishedAt).toISOString(),
    state: lookup.state,
    runningHere: lookup.state === 'running' && runningHere,
    lines: lookup.lines,
    found: lookup.counts.found,
    notFound: lookup.counts.not_found,
    invalid: lookup.counts.invalid,
    duplicate: lookup.counts.duplicate,
    failed: lookup.counts.failed,
    cancelled: lookup.counts.cancelled,
    carriedColumns: lookup.carriedColumns,
    watchlistId: origin?.watchlistId ?? null,
    watchlistName: origin?.watchlistName ?? null,
    follows: origin?.follows == null ? null : String(origin.follows),
    answersRemovedAt: lookup.answersRemovedAt === null ? null : new Date(lookup.answersRemovedAt).toISOString(),
    scheduled: origin?.scheduled ?? null
  }
}
