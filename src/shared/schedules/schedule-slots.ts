import { timeParts, type Schedule, type Weekday } from './schedule'
import { addDays, dayOfWeek, instantOfWallTime, isoDate, wallTimeAt } from './zoned-time'

/**
 * A schedule's slots are the instants at which its local times come on its days, in the zone in
 * effect. Daylight saving, by the rules of `instantOfWallTime`:
 *
 * - A time the clocks skip (02:30 on the night they jump from 02:00 to 03:00) comes at the jump,
 *   when the clock has just passed it: 03:00. That is the first moment the person's "02:30" is in
 *   the past, so the run is as early as it can be without running before its time, and it stays
 *   before the slots that follow it. Shifting it by the skipped hour (03:30) would run it later
 *   than needed and after a 03:00 slot of the same schedule. A skipped time that lands on the same
 *   instant as the next one (02:30 and 03:00 both at 03:00) is one slot, which runs once.
 * - A time the clocks show twice (01:30 on the night they go back from 02:00 to 01:00) comes once,
 *   the first time: the run happens when the person first sees 01:30, and not an hour later again.
 *
 * Slots of one schedule never go backwards: a later local time never gets an earlier instant.
 */
export interface ScheduleSlot {
  /** When it comes, in milliseconds since the epoch. */
  at: number
  /** The local date and time it stands for, as scheduled (`2025-03-09`, `02:30`), even when the clocks skipped it. */
  date: string
  time: string
}

export type ScheduleTiming = Pick<Schedule, 'days' | 'times'>

/** Days looked at either way: a week, and the same weekday a week on. */
const DAYS_SEARCHED = 8

const WEEKDAY_BY_DAY_OF_WEEK: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** `2025-03-09T02:30`: slots of one zone sort by it as by their instants. */
export function slotLocalTime(slot: Pick<ScheduleSlot, 'date' | 'time'>): string {
  return `${slot.date}T${slot.time}`
}

/**
 * Instants already worked out, by zone, date and time: every watchlist asks for the same few days
 * and times at each check, and each answer costs several `Intl` calls. Cleared when full.
 */
const MAX_CACHED_INSTANTS = 4096
const instants = new Map<string, number>()

function slotInstant(date: ReturnType<typeof addDays>, day: string, time: string, timeZone: string): number {
  const key = `${timeZone} ${day}T${time}`
  let at = instants.get(key)
  if (at === undefined) {
    at = instantOfWallTime({ ...date, ...timeParts(time) }, timeZone)
    if (instants.size >= MAX_CACHED_INSTANTS) instants.clear()
    instants.set(key, at)
  }
  return at
}

function slotsOfDay(schedule: ScheduleTiming, date: ReturnType<typeof addDays>, timeZone: string): ScheduleSlot[] {
  const weekday = WEEKDAY_BY_DAY_OF_WEEK[dayOfWeek(date)]
  if (weekday === undefined || !schedule.days.includes(weekday)) return []
  const day = isoDate(date)
  const slots = [...schedule.times].sort().map((time) => ({ at: slotInstant(date, day, time, timeZone), date: day, time }))
  // Times the clocks skip come at the jump, with the time they jump to: one slot, named by the first.
  return slots.filter((slot, index) => index === 0 || slot.at !== slots[index - 1]?.at)
}

/** The first slot strictly after `instant`; null only for a schedule without days or times. */
export function nextSlotAfter(schedule: ScheduleTiming, timeZone: string, instant: number): ScheduleSlot | null {
  const today = wallTimeAt(instant, timeZone)
  for (let offset = 0; offset <= DAYS_SEARCHED; offset += 1) {
    const slot = slotsOfDay(schedule, addDays(today, offset), timeZone).find((candidate) => candidate.at > instant)
    if (slot !== undefined) return slot
  }
  return null
}

/** The last slot at or before `instant`; null only for a schedule without days or times. */
export function latestSlotAtOrBefore(schedule: ScheduleTiming, timeZone: string, instant: number): ScheduleSlot | null {
  const today = wallTimeAt(instant, timeZone)
  for (let offset = 0; offset <= DAYS_SEARCHED; offset += 1) {
    const slot = slotsOfDay(schedule, addDays(today, -offset), timeZone).findLast((candidate) => candidate.at <= instant)
    if (slot !== undefined) return slot
  }
  return null
}
