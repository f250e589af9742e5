import { describe, expect, it } from 'vitest'
import { instantOfWallTime, isTimeZone, offsetAt, runtimeTimeZone, wallAsUtc, wallTimeAt, type WallTime } from './zoned-time'

const HOUR = 3_600_000
const MINUTE = 60_000
const utc = (iso: string): number => Date.parse(`${iso}Z`)
const at = (date: string, time: string, zone: string): number => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return instantOfWallTime({ year, month, day, hour, minute }, zone)
}

describe('local time in a zone', () => {
  it('reads the wall clock of an instant, including half-hour zones', () => {
    expect(wallTimeAt(utc('2025-01-06T01:30:00'), 'Asia/Kolkata')).toEqual({ year: 2025, month: 1, day: 6, hour: 7, minute: 0, second: 0 })
    expect(wallTimeAt(utc('2025-01-05T23:00:05'), 'Asia/Kolkata')).toMatchObject({ day: 6, hour: 4, minute: 30, second: 5 })
    expect(wallTimeAt(utc('2025-01-06T05:00:00'), 'America/New_York')).toMatchObject({ day: 6, hour: 0, minute: 0 })
    expect(offsetAt(utc('2025-07-01T12:00:00'), 'Australia/Lord_Howe')).toBe(10.5 * HOUR)
    expect(offsetAt(utc('2025-12-01T12:00:00'), 'Australia/Lord_Howe')).toBe(11 * HOUR)
  })

  it('knows real zones and refuses made-up or oversized names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(isTimeZone(`Europe/${'x'.repeat(200)}`)).toBe(false)
    expect(isTimeZone(runtimeTimeZone())).toBe(true)
  })

  it('finds the instant of an ordinary local time in each zone', () => {
    expect(at('2025-03-08', '07:00', 'America/New_York')).toBe(utc('2025-03-08T12:00:00'))
    expect(at('2025-03-09', '07:00', 'America/New_York')).toBe(utc('2025-03-09T11:00:00'))
    expect(at('2025-11-02', '07:00', 'America/New_York')).toBe(utc('2025-11-02T12:00:00'))
    expect(at('2025-03-30', '07:00', 'Europe/Berlin')).toBe(utc('2025-03-30T05:00:00'))
    expect(at('2025-10-26', '07:00', 'Europe/Berlin')).toBe(utc('2025-10-26T06:00:00'))
    expect(at('2025-01-06', '07:00', 'Asia/Kolkata')).toBe(utc('2025-01-06T01:30:00'))
  })

  it('puts a skipped local time at the jump, the first instant the clock has passed it', () => {
    // New York: 02:00 EST becomes 03:00 EDT at 07:00 UTC.
    expect(at('2025-03-09', '02:30', 'America/New_York')).toBe(utc('2025-03-09T07:00:00'))
    expect(at('2025-03-09', '02:00', 'America/New_York')).toBe(utc('2025-03-09T07:00:00'))
    expect(at('2025-03-09', '03:00', 'America/New_York')).toBe(utc('2025-03-09T07:00:00'))
    expect(at('2025-03-09', '01:59', 'America/New_York')).toBe(utc('2025-03-09T06:59:00'))
    // Berlin: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    expect(at('2025-03-30', '02:30', 'Europe/Berlin')).toBe(utc('2025-03-30T01:00:00'))
    // Lord Howe jumps half an hour: 02:00 becomes 02:30 at 15:30 UTC the day before.
    expect(at('2025-10-05', '02:15', 'Australia/Lord_Howe')).toBe(utc('2025-10-04T15:30:00'))
    expect(at('2025-10-05', '02:30', 'Australia/Lord_Howe')).toBe(utc('2025-10-04T15:30:00'))
    // Samoa skipped a whole day in 2011: its slots come when the next day begins.
    expect(at('2011-12-30', '07:00', 'Pacific/Apia')).toBe(utc('2011-12-30T10:00:00'))
  })

  it('puts a repeated local time at its first occurrence', () => {
    // New York: 02:00 EDT goes back to 01:00 EST at 06:00 UTC, so 01:00-01:59 come twice.
    expect(at('2025-11-02', '01:30', 'America/New_York')).toBe(utc('2025-11-02T05:30:00'))
    expect(at('2025-11-02', '02:00', 'America/New_York')).toBe(utc('2025-11-02T07:00:00'))
    // Berlin: 03:00 CEST goes back to 02:00 CET at 01:00 UTC.
    expect(at('2025-10-26', '02:30', 'Europe/Berlin')).toBe(utc('2025-10-26T00:30:00'))
    // Lord Howe goes back half an hour: 02:00 becomes 01:30 at 15:00 UTC the day before.
    expect(at('2025-04-06', '01:45', 'Australia/Lord_Howe')).toBe(utc('2025-04-05T14:45:00'))
  })

  it('maps every quarter hour of both transition days back to itself or to its first occurrence', () => {
    const days: Array<[string, string]> = [
      ['America/New_York', '2025-03-09'],
      ['America/New_York', '2025-11-02'],
      ['Europe/Berlin', '2025-03-30'],
      ['Europe/Berlin', '2025-10-26'],
      ['Australia/Lord_Howe', '2025-04-05'],
      ['Australia/Lord_Howe', '2025-10-04'],
      ['Asia/Kolkata', '2025-03-30']
    ]
    for (const [zone, day] of days) {
      for (let t = utc(`${day}T00:00:00`); t < utc(`${day}T00:00:00`) + 48 * HOUR; t += 15 * MINUTE) {
        const wall: WallTime = wallTimeAt(t, zone)
        const found = instantOfWallTime(wall, zone)
        expect(wallAsUtc(wallTimeAt(found, zone)), `${zone} ${new Date(t).toISOString()}`).toBe(wallAsUtc(wall))
        // The same wall time earlier is only possible in a repeated hour, at most an hour before.
        expect(found, `${zone} ${new Date(t).toISOString()}`).toBeLessThanOrEqual(t)
        expect(t - found).toBeLessThanOrEqual(HOUR)
        if (found < t) expect(offsetAt(found, zone)).toBeGreaterThan(offsetAt(t, zone))
      }
    }
  })

  it('refuses an instant that is not a number of milliseconds', () => {
    expect(() => wallTimeAt(Number.NaN, 'UTC')).toThrow(RangeError)
  })
})
