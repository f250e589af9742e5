import { describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULE, MAX_SCHEDULE_TIMES, scheduleSchema, scheduleTimingKey, timeParts, type Schedule } from './schedule'
import { shouldNotify } from './schedule-notify'

const valid = { enabled: true, days: ['mon'], times: ['07:00'], notify: 'never' }

function problem(input: unknown): string {
  const parsed = scheduleSchema.safeParse(input)
  if (parsed.success) throw new Error('expected the schedule to be refused')
  expect(parsed.error.issues).toHaveLength(1)
  return parsed.error.issues[0]?.message ?? ''
}

describe('a schedule as data', () => {
  it('keeps days in week order and times in the day order, each once, times written HH:MM', () => {
    const parsed = scheduleSchema.parse({
      enabled: true,
      days: ['fri', 'mon', 'wed', 'mon'],
      times: ['13:00', '7:00', ' 07:00 ', '00:05', '23:59'],
      notify: 'any_change'
    })
    expect(parsed).toEqual({
      enabled: true,
      days: ['mon', 'wed', 'fri'],
      times: ['00:05', '07:00', '13:00', '23:59'],
      notify: 'any_change'
    })
    expect(scheduleSchema.parse(DEFAULT_SCHEDULE)).toEqual(DEFAULT_SCHEDULE)
  })

  it('says in one sentence what is wrong with a bad schedule', () => {
    expect(problem({ ...valid, days: [] })).toBe('Choose at least one day of the week.')
    expect(problem({ ...valid, days: ['monday'] })).toBe('A day of the week is written mon, tue, wed, thu, fri, sat or sun.')
    expect(problem({ ...valid, times: [] })).toBe('Choose at least one time of day.')
    for (const time of ['24:00', '7', '07:60', '07:00:00', '7am', '-1:00', '']) {
      expect(problem({ ...valid, times: [time] }), time).toBe('A time is written HH:MM on the 24-hour clock, such as 07:00 or 13:30.')
    }
    expect(problem({ ...valid, notify: 'sometimes' })).toBe(
      'Choose when to be notified: newly out of stock, newly shelf empty, any change, always or never.'
    )
    expect(problem({ ...valid, enabled: 'yes' })).toBe('Say whether the schedule is on or off.')
  })

  it('allows twelve distinct times a day, counting repeats once, and bounds what it reads', () => {
    const times = Array.from({ length: MAX_SCHEDULE_TIMES }, (_, hour) => `${String(hour * 2).padStart(2, '0')}:00`)
    expect(scheduleSchema.parse({ ...valid, times: [...times, ...times] }).times).toEqual(times)
    expect(problem({ ...valid, times: [...times, '23:30'] })).toBe('A schedule runs at most 12 times a day; remove some times.')
    expect(problem({ ...valid, times: Array.from({ length: 101 }, () => '07:00') })).toBe(
      'A schedule lists at most 100 times; list each time once.'
    )
    expect(problem({ ...valid, days: Array.from({ length: 101 }, () => 'mon') })).toBe(
      'A schedule lists at most 100 days; list each day once.'
    )
  })

  it('keys its timing, not its notification choice', () => {
    const base = scheduleSchema.parse(valid)
    const notifyingAlways: Schedule = { ...base, notify: 'always' }
    expect(scheduleTimingKey(notifyingAlways)).toBe(scheduleTimingKey(base))
    expect(scheduleTimingKey({ ...base, enabled: false })).not.toBe(scheduleTimingKey(base))
    expect(scheduleTimingKey({ ...base, times: ['07:30'] })).not.toBe(scheduleTimingKey(base))
    expect(scheduleTimingKey({ ...base, days: ['tue'] })).not.toBe(scheduleTimingKey(base))
  })

  it('reads the hours and minutes of a kept time', () => {
    expect(timeParts('07:05')).toEqual({ hour: 7, minute: 5 })
    expect(() => timeParts('7 o’clock')).toThrow(RangeError)
  })
})

describe('when a finished scheduled run notifies', () => {
  const none = { newlyOutOfStock: 0, newlyShelfEmpty: 0, changed: 0 }

  it('follows each choice, and "always" notifies when nothing changed', () => {
    const outOfStock = { failed: false as const, changes: { newlyOutOfStock: 2, newlyShelfEmpty: 0, changed: 2 } }
    const shelfEmpty = { failed: false as const, changes: { newlyOutOfStock: 0, newlyShelfEmpty: 1, changed: 1 } }
    const otherChange = { failed: false as const, changes: { ...none, changed: 3 } }
    const nothing = { failed: false as const, changes: none }
    const firstRun = { failed: false as const, changes: null }
    const table = [
      ['newly_out_of_stock', [true, false, false, false, false]],
      ['newly_shelf_empty', [false, true, false, false, false]],
      ['any_change', [true, true, true, false, false]],
      ['always', [true, true, true, true, true]],
      ['never', [false, false, false, false, false]]
    ] as const
    for (const [choice, expected] of table) {
      expect(
        [outOfStock, shelfEmpty, otherChange, nothing, firstRun].map((run) => shouldNotify(choice, run)),
        choice
      ).toEqual(expected)
    }
  })

  it('says a failed run under every choice but never', () => {
    expect(shouldNotify('newly_out_of_stock', { failed: true })).toBe(true)
    expect(shouldNotify('any_change', { failed: true })).toBe(true)
    expect(shouldNotify('never', { failed: true })).toBe(false)
  })
})
