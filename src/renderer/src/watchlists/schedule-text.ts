import { WEEKDAYS, type Schedule, type Weekday } from '../../../shared/schedules/schedule'
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

/** "Mon–Fri", "Every day", "Mon, Wed, Fri": runs of three or more days in a row joined by a dash. */
export function daysText(days: readonly Weekday[]): string {
  if (days.length === WEEKDAYS.length) return 'Every day'
  const indexes = WEEKDAYS.map((day, index) => (days.includes(day) ? index : -1)).filter((index) => index >= 0)
  const parts: string[] = []
  for (let start = 0; start < indexes.length;) {
    let end = start
    while (end + 1 < indexes.length && indexes[end + 1] === (indexes[end] ?? 0) + 1) end += 1
    const first = SHORT_DAYS[WEEKDAYS[indexes[start] ?? 0] ?? 'mon']
    const last = SHORT_DAYS[WEEKDAYS[indexes[end] ?? 0] ?? 'mon']
    if (end - start >= 2) parts.push(`${first}–${last}`)
    else for (let at = start; at <= end; at += 1) parts.push(SHORT_DAYS[WEEKDAYS[indexes[at] ?? 0] ?? 'mon'])
    start = end + 1
  }
  return parts.join(', ')
}

/** "Mon–Fri 07:00, 13:00", and "(off)" for one switched off. */
export function scheduleText(schedule: Schedule): string {
  const text = `${daysText(schedule.days)} ${schedule.times.join(', ')}`
  return schedule.enabled ? text : `${text} (off)`
}

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
