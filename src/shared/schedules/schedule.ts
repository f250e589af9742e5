import { z } from 'zod'

/**
 * When a watchlist runs by itself: chosen days of the week, the same local times on each of them,
 * and when its finished runs raise a notification. Times are the computer's local time, whatever
 * zone it is in when the slot comes (see `schedule-slots.ts`).
 */

/** Monday first, as a week is read in the shops that use the app. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday'
}

/** Times a day one schedule runs: a check every two hours through a working day, with room to spare. */
export const MAX_SCHEDULE_TIMES = 12
/** Entries read from one list of days or times before duplicates are dropped: a bound on what is read, not a rule. */
export const MAX_SCHEDULE_ENTRIES = 100

/**
 * What a finished scheduled run notifies about. `always` notifies after every run, even one in
 * which nothing changed; `never` stays silent, failures included. The others notify when the run
 * found that kind of change, and when the run failed.
 */
export const NOTIFY_CHOICES = ['newly_out_of_stock', 'newly_shelf_empty', 'any_change', 'always', 'never'] as const
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number]
export const notifyChoiceSchema = z.enum(NOTIFY_CHOICES, {
  error: 'Choose when to be notified: newly out of stock, newly shelf empty, any change, always or never.'
})

export const NOTIFY_CHOICE_LABELS: Readonly<Record<NotifyChoice, string>> = {
  newly_out_of_stock: 'Newly out of stock',
  newly_shelf_empty: 'Newly shelf empty (backroom has stock)',
  any_change: 'Any change',
  always: 'After every run, even when nothing changed',
  never: 'Never'
}

export const weekdaySchema = z.enum(WEEKDAYS, { error: 'A day of the week is written mon, tue, wed, thu, fri, sat or sun.' })

const LOCAL_TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/

/** A local time on the 24-hour clock; `7:05` is read as `07:05`, which is how it is kept. */
export const localTimeSchema = z
  .string()
  .trim()
  .regex(LOCAL_TIME, 'A time is written HH:MM on the 24-hour clock, such as 07:00 or 13:30.')
  .transform((time) => time.padStart(5, '0'))

const daysSchema = z
  .array(weekdaySchema)
  .min(1, 'Choose at least one day of the week.')
  .max(MAX_SCHEDULE_ENTRIES, `A schedule lists at most ${MAX_SCHEDULE_ENTRIES} days; list each day once.`)
  .transform((days) => WEEKDAYS.filter((day) => days.includes(day)))

const timesSchema = z
  .array(localTimeSchema)
  .min(1, 'Choose at least one time of day.')
  .max(MAX_SCHEDULE_ENTRIES, `A schedule lists at most ${MAX_SCHEDULE_ENTRIES} times; list each time once.`)
  .transform((times) => [...new Set(times)].sort())
  .pipe(z.array(z.string()).max(MAX_SCHEDULE_TIMES, `A schedule runs at most ${MAX_SCHEDULE_TIMES} times a day; remove some times.`))

/** Days come out in week order and times in the day's order, each once. */
export const scheduleSchema = z.object({
  /** Off keeps the days and times for later without running them. */
  enabled: z.boolean({ error: 'Say whether the schedule is on or off.' }),
  days: daysSchema,
  times: timesSchema,
  notify: notifyChoiceSchema
})
export type Schedule = z.output<typeof scheduleSchema>
/** What a form or an imported file may send: times such as `7:00`, days in any order, repeats. */
export type ScheduleInput = z.input<typeof scheduleSchema>

/** The schedule a new one starts from: the morning check on working days. */
export const DEFAULT_SCHEDULE: Schedule = {
  enabled: true,
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  times: ['07:00'],
  notify: 'newly_out_of_stock'
}

/** Hours and minutes of a kept `HH:MM` time. */
export function timeParts(time: string): { hour: number; minute: number } {
  const match = LOCAL_TIME.exec(time)
  if (match === null) throw new RangeError(`${JSON.stringify(time)} is not a time written HH:MM.`)
  return { hour: Number(match[1]), minute: Number(match[2]) }
}

/** What decides when a schedule runs (not whom it notifies): a change of it starts its slots afresh. */
export function scheduleTimingKey(schedule: Pick<Schedule, 'enabled' | 'days' | 'times'>): string {
  return `${schedule.enabled ? 'on' : 'off'} ${schedule.days.join(',')} ${schedule.times.join(',')}`
}
