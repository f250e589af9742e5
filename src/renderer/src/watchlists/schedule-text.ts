import { WEEKDAYS, type Weekday } from '../../../shared/schedules/schedule'
import type { ScheduleState } from '../../../shared/schedules/scheduled-run'

/** Short day names, as a shop's rota writes them. */
const SHORT_DAYS: Readonly<Record<Weekday, string>> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun'
}

export const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri']

/** The weekday of a local `YYYY-MM-DD` date (the slot's own date: no time zone is involved). */
function weekdayOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay()
  return SHORT_DAYS[WEEKDAYS[(day + 6) % 7] ?? 'mon']
}

/** What the Watchlists screen says of a schedule's next run: "Next run: Tue 07:00", "Paused", "Running now". */
export function nextRunText(state: Pick<ScheduleState, 'status' | 'slot'>): string {
  const slot = state.slot === null ? '' : `${weekdayOf(state.slot.date)} ${state.slot.time}`
  switch (state.status) {
    case 'off':
      return 'Schedule off'
    case 'paused':
      return state.slot === null ? 'Paused' : `Paused (next run would be ${slot})`
    case 'due':
      return `Due ${slot}: waits for another watchlist's run to end`
    case 'waiting_for_run':
      return `Due ${slot}: waits for the run already going on to end`
    case 'running':
      return `Running now (the ${slot} run)`
    case 'scheduled':
      return state.slot === null ? 'No next run' : `Next run: ${slot}`
  }
}
