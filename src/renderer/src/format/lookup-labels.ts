import type { JobProgress } from '../../../shared/domain/job-progress'
import type { LookupState, LookupSummary } from '../../../shared/domain/lookup-summary'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import { formatClockSeconds, formatCount, formatDateTimeSeconds, isToday } from './format'

export const STATE_LABELS: Readonly<Record<LookupState, string>> = {
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted'
}

/** "Store 1234" or "20 stores": where a lookup looked. */
export function storesLabel(stores: readonly number[]): string {
  return stores.length === 1 ? `Store ${stores[0] ?? ''}` : `${formatCount(stores.length)} stores`
}

/**
 * "Demo · Store 1234 · 14:02:11" or "Demo · 20 stores · 14:02:11" (with the date for a lookup of
 * another day): which lookup a result set belongs to.
 */
export function jobLabel(progress: Pick<JobProgress, 'environment' | 'stores' | 'startedAt'>, now: Date = new Date()): string {
  const when = isToday(progress.startedAt, now) ? formatClockSeconds(progress.startedAt) : formatDateTimeSeconds(progress.startedAt)
  return `${ENVIRONMENT_LABELS[progress.environment]} · ${storesLabel(progress.stores)} · ${when}`
}

/** "Demo · Store 1234": where a lookup asked. */
export function whereLabel(lookup: Pick<LookupSummary, 'environment' | 'stores'>): string {
  return `${ENVIRONMENT_LABELS[lookup.environment]} · ${storesLabel(lookup.stores)}`
}

/** "Demo · Store 1234 · 3 Mar 2025, 14:02:11": which lookup, in the words History shows it. */
export function lookupLabel(lookup: Pick<LookupSummary, 'environment' | 'stores' | 'startedAt'>): string {
  return `${whereLabel(lookup)} · ${formatDateTimeSeconds(lookup.startedAt)}`
}

/** Answers a lookup asks for: each value once per store. */
export function expectedAnswers(lookup: Pick<LookupSummary, 'lines' | 'stores'>): number {
  return lookup.lines * Math.max(1, lookup.stores.length)
}

/** Answers that are final: everything but the lines a Cancel, a quit or a crash left without one. */
export function answeredOf(lookup: Pick<LookupSummary, 'found' | 'notFound' | 'invalid' | 'duplicate' | 'failed'>): number {
  return lookup.found + lookup.notFound + lookup.invalid + lookup.duplicate + lookup.failed
}

/** Whether "Resume" has something to do: a stopped lookup with lines that never got an answer. */
export function canResume(lookup: LookupSummary): boolean {
  return (lookup.state === 'cancelled' || lookup.state === 'interrupted') && answeredOf(lookup) < expectedAnswers(lookup)
}

/** "1,200 of 5,000 answered" for a lookup that stopped before the end; null when every line has its answer. */
export function answeredText(lookup: LookupSummary): string | null {
  const expected = expectedAnswers(lookup)
  const answered = answeredOf(lookup)
  if (lookup.state === 'finished' && answered >= expected) return null
  return `${formatCount(answered)} of ${formatCount(expected)} answered`
}

/** "300 GTINs", "1 item number": how many values and of which kind. */
export function valuesLabel(lookup: Pick<LookupSummary, 'lines' | 'itemType'>): string {
  const noun = lookup.itemType === 'gtin' ? (lookup.lines === 1 ? 'GTIN' : 'GTINs') : lookup.lines === 1 ? 'item number' : 'item numbers'
  return `${formatCount(lookup.lines)} ${noun}`
}
