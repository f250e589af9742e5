/**
 * The Demo's calendar day. Demo stock changes from one day to the next (see demo-stock-changes), so
 * the day is one of its inputs: today's local date by default, or a day set for tests and for trying
 * the app with `STORE_INVENTORY_DEMO_DATE=YYYY-MM-DD`.
 *
 * A day is held as a whole number, the days from 1970-01-01 to that calendar date, so it crosses a
 * thread as a number and consecutive days are consecutive numbers.
 */
export type DemoDay = number

export const DEMO_DATE_VARIABLE = 'STORE_INVENTORY_DEMO_DATE'

const DAY_MS = 86_400_000

/** The calendar date `now` falls on in this computer's time zone: the Demo's day follows the clock past midnight. */
export function localDemoDay(now: number): DemoDay {
  const date = new Date(now)
  return Math.round(utcMidnight(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS)
}

/** The day a `YYYY-MM-DD` text names, or null when it is not a date of that shape that exists (2025-02-30 does not). */
export function parseDemoDate(text: string): DemoDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (match === null) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const ms = utcMidnight(year, month, day)
  const date = new Date(ms)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return null
  return Math.round(ms / DAY_MS)
}

export function formatDemoDay(day: DemoDay): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export type DemoDateSetting = { ok: true; day: DemoDay | null } | { ok: false; message: string }

/**
 * The day `STORE_INVENTORY_DEMO_DATE` sets, null when it is unset or empty (the Demo then follows the
 * clock), or the sentence to show at start when it cannot be read.
 */
export function demoDateFromEnv(env: Readonly<Record<string, string | undefined>>): DemoDateSetting {
  const text = env[DEMO_DATE_VARIABLE]?.trim() ?? ''
  if (text === '') return { ok: true, day: null }
  const day = parseDemoDate(text)
  if (day !== null) return { ok: true, day }
  return {
    ok: false,
    message: `${DEMO_DATE_VARIABLE} is "${text.slice(0, 40)}", which is not a date: write it as YYYY-MM-DD (for example 2025-03-14), or leave it unset for today.`
  }
}

/** Date.UTC without its two-digit-year rule (year 99 would mean 1999). */
function utcMidnight(year: number, month: number, day: number): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month, day)
  return date.getTime()
}
