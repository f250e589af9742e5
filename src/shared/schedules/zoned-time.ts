/**
 * Wall-clock time in an IANA time zone, with `Intl` and `Date` only: which local date and time an
 * instant shows, and which instant a local date and time means, daylight saving included.
 */

/** A local date and time as a clock on the wall shows it; months from 1. */
export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const MS_PER_SECOND = 1000
const MS_PER_DAY = 86_400_000
const MAX_ZONE_NAME_CHARS = 100

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (formatter === undefined) {
    // Fixed parts, not a display: en-US with h23 gives plain numbers whatever the user's locale is.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric'
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether the runtime knows this IANA zone (`Europe/Berlin`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (name === '' || name.length > MAX_ZONE_NAME_CHARS) return false
  try {
    formatterFor(name)
    return true
  } catch {
    return false
  }
}

/** The zone the runtime is set to, or UTC when it names none it can use. */
export function runtimeTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone
  return typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC'
}

export function wallTimeAt(instant: number, timeZone: string): WallTime {
  if (!Number.isFinite(instant)) throw new RangeError('An instant must be a finite number of milliseconds.')
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value)
  }
  // Some ICU versions write midnight as 24 even with h23.
  wall.hour %= 24
  return wall
}

/** The wall time written as if it were UTC: local times compare and subtract as plain numbers. */
export function wallAsUtc(wall: Omit<WallTime, 'second'> & { second?: number }): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0)
}

/** How far the zone's clocks are ahead of UTC at this instant (negative west of Greenwich). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / MS_PER_SECOND) * MS_PER_SECOND
  return wallAsUtc(wallTimeAt(whole, timeZone)) - whole
}

/**
 * The instant at which the zone's clocks show this local date and time (to the minute). When they
 * show it twice (the hour repeated when daylight saving ends), the first time; when they never show
 * it (the hour skipped when it starts), the first instant after the skip, when the clock has just
 * passed it: 02:30 on a night New York jumps from 02:00 to 03:00 is 03:00.
 */
export function instantOfWallTime(wall: Omit<WallTime, 'second'>, timeZone: string): number {
  const asUtc = wallAsUtc(wall)
  // A transition near the date puts the right offset on one side of it or the other.
  const offsets = new Set([offsetAt(asUtc - MS_PER_DAY, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + MS_PER_DAY, timeZone)])
  const candidates = [...offsets].map((offset) => asUtc - offset).sort((a, b) => a - b)
  for (const candidate of candidates) {
    if (wallAsUtc(wallTimeAt(candidate, timeZone)) === asUtc) return candidate
  }
  const first = candidates[0] ?? asUtc
  const last = candidates[candidates.length - 1] ?? asUtc
  return firstInstantShowingAfter(asUtc, first, last, timeZone)
}

/**
 * In a skipped stretch of local time, the clocks show a time before `asUtc` at `low` and one after
 * it at `high`; the first whole second between them at which they have passed it is the jump.
 */
function firstInstantShowingAfter(asUtc: number, low: number, high: number, timeZone: string): number {
  let lo = Math.floor(low / MS_PER_SECOND)
  let hi = Math.ceil(high / MS_PER_SECOND)
  const passed = (second: number): boolean => wallAsUtc(wallTimeAt(second * MS_PER_SECOND, timeZone)) > asUtc
  if (!passed(hi)) return high
  while (lo + 1 < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (passed(mid)) hi = mid
    else lo = mid
  }
  return hi * MS_PER_SECOND
}

/** `2025-03-09`, for a slot's local date. */
export function isoDate(wall: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`
}

/** The calendar date `days` after the given one (negative for before). */
export function addDays(date: Pick<WallTime, 'year' | 'month' | 'day'>, days: number): Pick<WallTime, 'year' | 'month' | 'day'> {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() }
}

/** 0 for Sunday to 6 for Saturday, as `Date` counts. */
export function dayOfWeek(date: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
}
