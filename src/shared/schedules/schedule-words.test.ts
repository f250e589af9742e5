import { describe, expect, it } from 'vitest'
import { dayWords, scheduleWords } from './schedule-words'

describe('scheduleWords', () => {
  it('joins runs of three or more days with a dash and keeps shorter ones apart', () => {
    expect(dayWords(['mon', 'tue', 'wed', 'thu', 'fri'])).toBe('Mon-Fri')
    expect(dayWords(['mon', 'tue', 'thu', 'fri', 'sat', 'sun'])).toBe('Mon, Tue, Thu-Sun')
    expect(dayWords(['wed'])).toBe('Wed')
    expect(dayWords(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).toBe('Every day')
  })

  it("says the times in the day's order, and that a schedule is off while keeping what it would do", () => {
    expect(scheduleWords({ enabled: true, days: ['mon', 'tue', 'wed', 'thu', 'fri'], times: ['07:00', '13:00'] })).toBe(
      'Mon-Fri at 07:00 and 13:00'
    )
    expect(scheduleWords({ enabled: true, days: ['sat'], times: ['06:00', '12:00', '18:00'] })).toBe('Sat at 06:00, 12:00 and 18:00')
    expect(scheduleWords({ enabled: false, days: ['mon'], times: ['07:00'] })).toBe('Off (Mon at 07:00)')
  })
})
