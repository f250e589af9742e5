import type { StoredLookup } from '../history/history-types'
import { ENVIRONMENT_LABELS } from '../../shared/environments'

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
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)))
  const numeric = new Set([0, 4, 5, 6, 7, 8, 9])
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return [format(header), ...rows.map(format)].join('\n')
}
