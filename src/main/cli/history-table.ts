import type { StoredLookup } from '../history/history-types'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import { textTable } from './text-table'

const STATE_WORDS: Record<StoredLookup['state'], string> = {
  running: 'running',
  finished: 'finished',
  cancelled: 'cancelled',
  interrupted: 'interrupted'
}

/** `2025-06-01 09:30` in the machine's time zone: when a run started, as a person reads it. */
export function localMinute(epochMs: number): string {
  const at = new Date(epochMs)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`
}

/** The saved runs as an aligned text table, newest first, for `--history`. */
export function historyTable(lookups: readonly StoredLookup[]): string {
  const header = [
    'ID',
    'Started',
    'Environment',
    'Store',
    'Values',
    'Found',
    'Not found',
    'Invalid',
    'Failed',
    'Not answered',
    'State',
    'From'
  ]
  const rows = lookups.map((lookup) => [
    String(lookup.id),
    localMinute(lookup.startedAt),
    ENVIRONMENT_LABELS[lookup.environment],
    lookup.stores.join(','),
    String(lookup.lines),
    String(lookup.counts.found),
    String(lookup.counts.not_found),
    String(lookup.counts.invalid),
    String(lookup.counts.failed),
    String(lookup.counts.cancelled),
    STATE_WORDS[lookup.state],
    lookup.source === 'cli' ? 'command' : 'app'
  ])
  return textTable(header, rows, new Set([0, 4, 5, 6, 7, 8, 9]))
}
