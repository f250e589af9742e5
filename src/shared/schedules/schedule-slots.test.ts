import { describe, expect, it } from 'vitest'
import type { Weekday } from './schedule'
import { latestSlotAtOrBefore, nextSlotAfter, slotLocalTime, type ScheduleSlot, type ScheduleTiming } from './schedule-slots'

const utc = (iso: string): number => Date.parse(`${iso}Z`)
const iso = (instant: number): string => new Date(instant).toISOString().slice(0, 16)
const EVERY_DAY: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

/** Every slot from `from` (exclusive) to `to`, walking with `nextSlotAfter`, as UTC times and local labels. */
function slotsBetween(schedule: ScheduleTiming, zone: string, from: string, to: string): string[] {
  const found: string[] = []
  let cursor = utc(from)
  for (;;) {
    const slot: ScheduleSlot | null = nextSlotAfter(schedule, zone, cursor)
    if (slot === null || slot.at > utc(to)) return found
    found.push(`${iso(slot.at)} ${slotLocalTime(slot)}`)
    cursor = slot.at
  }
}

describe('the slots of a schedule', () => {
  const workdays: ScheduleTiming = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], times: ['07:00', '13:00'] }

  it('come on the chosen days at each chosen time, in order', () => {
    // 2025-01-10 is a Friday; Kolkata is 5:30 ahead of UTC all year.
    expect(slotsBetween(workdays, 'Asia/Kolkata', '2025-01-10T00:00', '2025-01-14T00:00')).toEqual([
      '2025-01-10T01:30 2025-01-10T07:00',
      '2025-01-10T07:30 2025-01-10T13:00',
      '2025-01-13T01:30 2025-01-13T07:00',
      '2025-01-13T07:30 2025-01-13T13:00'
    ])
  })

  it('takes times in any order and a single weekday a week ahead', () => {
    const schedule: ScheduleTiming = { days: ['wed'], times: ['18:45', '06:15', '12:00'] }
    // Wednesday 2025-01-08 after its last slot: the next is a week on.
    const next = nextSlotAfter(schedule, 'Europe/Berlin', utc('2025-01-08T18:00'))
    expect(next).toEqual({ at: utc('2025-01-15T05:15'), date: '2025-01-15', time: '06:15' })
    expect(slotsBetween(schedule, 'Europe/Berlin', '2025-01-07T00:00', '2025-01-09T00:00').map((slot) => slot.slice(17))).toEqual([
      '2025-01-08T06:15',
      '2025-01-08T12:00',
      '2025-01-08T18:45'
    ])
  })

  it('counts a slot exactly at an instant as at or before it, not after it', () => {
    const slot = utc('2025-01-13T01:30')
    expect(latestSlotAtOrBefore(workdays, 'Asia/Kolkata', slot)?.at).toBe(slot)
    expect(nextSlotAfter(workdays, 'Asia/Kolkata', slot)?.at).toBe(utc('2025-01-13T07:30'))
    expect(nextSlotAfter(workdays, 'Asia/Kolkata', slot - 1)?.at).toBe(slot)
  })

  it('finds the latest slot back over a weekend', () => {
    // Monday 2025-01-13 06:59 in Kolkata: the last slot was Friday 13:00.
    expect(latestSlotAtOrBefore(workdays, 'Asia/Kolkata', utc('2025-01-13T01:29'))).toEqual({
      at: utc('2025-01-10T07:30'),
      date: '2025-01-10',
      time: '13:00'
    })
  })

  it('has none for a schedule without days or times', () => {
    expect(nextSlotAfter({ days: [], times: ['07:00'] }, 'UTC', 0)).toBeNull()
    expect(latestSlotAtOrBefore({ days: ['mon'], times: [] }, 'UTC', 0)).toBeNull()
  })
})

describe('slots across daylight saving', () => {
  const daily = (...times: string[]): ScheduleTiming => ({ days: EVERY_DAY, times })

  it('keep 07:00 local in New York on the days the clocks go forward and back', () => {
    expect(slotsBetween(daily('07:00'), 'America/New_York', '2025-03-08T00:00', '2025-03-10T23:00')).toEqual([
      '2025-03-08T12:00 2025-03-08T07:00',
      '2025-03-09T11:00 2025-03-09T07:00',
      '2025-03-10T11:00 2025-03-10T07:00'
    ])
    expect(slotsBetween(daily('07:00'), 'America/New_York', '2025-11-01T00:00', '2025-11-03T23:00')).toEqual([
      '2025-11-01T11:00 2025-11-01T07:00',
      '2025-11-02T12:00 2025-11-02T07:00',
      '2025-11-03T12:00 2025-11-03T07:00'
    ])
  })

  it('keep 07:00 local in Berlin on the days the clocks go forward and back', () => {
    expect(slotsBetween(daily('07:00'), 'Europe/Berlin', '2025-03-29T00:00', '2025-03-31T23:00')).toEqual([
      '2025-03-29T06:00 2025-03-29T07:00',
      '2025-03-30T05:00 2025-03-30T07:00',
      '2025-03-31T05:00 2025-03-31T07:00'
    ])
    expect(slotsBetween(daily('07:00'), 'Europe/Berlin', '2025-10-25T00:00', '2025-10-27T23:00')).toEqual([
      '2025-10-25T05:00 2025-10-25T07:00',
      '2025-10-26T06:00 2025-10-26T07:00',
      '2025-10-27T06:00 2025-10-27T07:00'
    ])
  })

  it('run a skipped 02:30 once at the jump, and a repeated 02:30 once, the first time', () => {
    expect(slotsBetween(daily('02:30'), 'Europe/Berlin', '2025-03-29T00:00', '2025-03-31T23:00')).toEqual([
      '2025-03-29T01:30 2025-03-29T02:30',
      '2025-03-30T01:00 2025-03-30T02:30',
      '2025-03-31T00:30 2025-03-31T02:30'
    ])
    expect(slotsBetween(daily('02:30'), 'Europe/Berlin', '2025-10-25T00:00', '2025-10-27T23:00')).toEqual([
      '2025-10-25T00:30 2025-10-25T02:30',
      '2025-10-26T00:30 2025-10-26T02:30',
      '2025-10-27T01:30 2025-10-27T02:30'
    ])
    expect(slotsBetween(daily('02:30'), 'America/New_York', '2025-03-08T00:00', '2025-03-10T23:00')).toEqual([
      '2025-03-08T07:30 2025-03-08T02:30',
      '2025-03-09T07:00 2025-03-09T02:30',
      '2025-03-10T06:30 2025-03-10T02:30'
    ])
    // In New York the repeated hour is 01:00-01:59.
    expect(slotsBetween(daily('01:30', '02:30'), 'America/New_York', '2025-11-02T00:00', '2025-11-02T23:00')).toEqual([
      '2025-11-02T05:30 2025-11-02T01:30',
      '2025-11-02T07:30 2025-11-02T02:30'
    ])
  })

  it('make one slot of a skipped time and the time the clocks jump to', () => {
    // 02:30 and 03:00 both come at 03:00 EDT: one slot, reported as the first.
    expect(slotsBetween(daily('02:30', '03:00', '03:30'), 'America/New_York', '2025-03-09T00:00', '2025-03-09T12:00')).toEqual([
      '2025-03-09T07:00 2025-03-09T02:30',
      '2025-03-09T07:30 2025-03-09T03:30'
    ])
  })

  it('follow Lord Howe half-hour shifts both ways', () => {
    const schedule = daily('01:45', '02:15')
    // Clocks go back from 02:00 to 01:30 (UTC+11 to +10:30): 01:45 comes twice, runs once.
    expect(slotsBetween(schedule, 'Australia/Lord_Howe', '2025-04-05T12:00', '2025-04-05T18:00')).toEqual([
      '2025-04-05T14:45 2025-04-06T01:45',
      '2025-04-05T15:45 2025-04-06T02:15'
    ])
    // Clocks go forward from 02:00 to 02:30: 02:15 is skipped and comes at 02:30.
    expect(slotsBetween(schedule, 'Australia/Lord_Howe', '2025-10-04T12:00', '2025-10-04T18:00')).toEqual([
      '2025-10-04T15:15 2025-10-05T01:45',
      '2025-10-04T15:30 2025-10-05T02:15'
    ])
  })

  it('go back to the latest slot across a transition', () => {
    // Just after the jump in New York, the latest slot is the skipped 02:30, at the jump.
    expect(latestSlotAtOrBefore(daily('02:30'), 'America/New_York', utc('2025-03-09T07:00'))).toMatchObject({
      at: utc('2025-03-09T07:00'),
      time: '02:30'
    })
    // 02:30 and 03:00 both come at the jump: the one slot is named by 02:30 from either side.
    expect(latestSlotAtOrBefore(daily('02:30', '03:00'), 'America/New_York', utc('2025-03-09T07:10'))?.time).toBe('02:30')
    // In Berlin's repeated hour, the second 02:30 is not a slot: the latest is the first.
    expect(latestSlotAtOrBefore(daily('02:30'), 'Europe/Berlin', utc('2025-10-26T01:45'))?.at).toBe(utc('2025-10-26T00:30'))
  })
})
