import { WEEKDAYS, type Schedule, type Weekday } from './schedule'

const DAY_WORDS: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' }

/** The days as a person writes them: runs of three or more days joined with a dash ("Mon-Fri, Sun"). */
export function dayWords(days: readonly Weekday[]): string {
  if (days.length === WEEKDAYS.length) return 'Every day'
  const indexes = WEEKDAYS.flatMap((day, index) => (days.includes(day) ? [index] : []))
  const parts: string[] = []
  for (let start = 0; start < indexes.length;) {
    let end = start
    while (end + 1 < indexes.length && indexes[end + 1] === (indexes[end] ?? 0) + 1) end += 1
    const first = DAY_WORDS[WEEKDAYS[indexes[start] ?? 0] ?? 'mon']
    const last = DAY_WORDS[WEEKDAYS[indexes[end] ?? 0] ?? 'mon']
    if (end - start >= 2) parts.push(`${first}-${last}`)
    else for (let index = start; index <= end; index += 1) parts.push(DAY_WORDS[WEEKDAYS[indexes[index] ?? 0] ?? 'mon'])
    start = end + 1
  }
  return parts.join(', ')
}

/** A schedule in one line ("Mon-Fri at 07:00 and 13:00"); an off one says so and keeps what it would do. */
export function scheduleWords(schedule: Pick<Schedule, 'enabled' | 'days' | 'times'>): string {
  const times =
    schedule.times.length <= 1 ? schedule.times.join('') : `${schedule.times.slice(0, -1).join(', ')} and ${schedule.times.at(-1) ?? ''}`
  const when = `${dayWords(schedule.days)} at ${times}`
  return schedule.enabled ? when : `Off (${when})`
}
