import { describe, expect, it } from 'vitest'
import type { ScheduleTiming } from '../../shared/schedules/schedule-slots'
import {
  createMemoryHandledSlotStore,
  isMarkFromWrongClock,
  isUnhandled,
  MAX_CLOCK_SET_BACK_MS,
  nextUnhandledSlot,
  type HandledSlot
} from './handled-slots'

const utc = (iso: string): number => Date.parse(`${iso}Z`)
const workdays: ScheduleTiming = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], times: ['07:00', '13:00'] }
const KEY = 'on mon,tue,wed,thu,fri 07:00,13:00'

describe('a handled mark', () => {
  // Monday 2025-01-13 07:00 in Berlin (06:00 UTC) ran.
  const mark: HandledSlot = { through: utc('2025-01-13T06:00'), local: '2025-01-13T07:00', scheduleKey: KEY }

  it('holds back slots at or before its instant, and slots whose local time is not after its own', () => {
    expect(isUnhandled({ at: utc('2025-01-13T06:00'), date: '2025-01-13', time: '07:00' }, mark)).toBe(false)
    expect(isUnhandled({ at: utc('2025-01-13T12:00'), date: '2025-01-13', time: '13:00' }, mark)).toBe(true)
    // New York's Monday 07:00 is later as an instant, but the same local time: it ran already.
    expect(isUnhandled({ at: utc('2025-01-13T12:00'), date: '2025-01-13', time: '07:00' }, mark)).toBe(false)
    expect(isUnhandled({ at: utc('2025-01-13T06:00'), date: '2025-01-13', time: '07:00' }, undefined)).toBe(true)
    expect(isUnhandled({ at: 0, date: '2025-01-13', time: '07:00' }, { ...mark, through: -1, local: null })).toBe(true)
  })

  it('finds the next slot that may run, passing over local times already handled after a move west', () => {
    expect(nextUnhandledSlot(workdays, 'Europe/Berlin', utc('2025-01-13T07:00'), mark)).toEqual({
      at: utc('2025-01-13T12:00'),
      date: '2025-01-13',
      time: '13:00'
    })
    // 02:00 in New York: its 07:00 is handled, 13:00 is next.
    expect(nextUnhandledSlot(workdays, 'America/New_York', utc('2025-01-13T07:00'), mark)).toEqual({
      at: utc('2025-01-13T18:00'),
      date: '2025-01-13',
      time: '13:00'
    })
    // The clock set back before the mark: nothing at or before the mark comes next.
    expect(nextUnhandledSlot(workdays, 'Europe/Berlin', utc('2025-01-13T04:00'), mark)?.at).toBe(utc('2025-01-13T12:00'))
    expect(nextUnhandledSlot(workdays, 'Europe/Berlin', utc('2025-01-13T04:00'), undefined)?.at).toBe(utc('2025-01-13T06:00'))
  })

  it('is from a wrong clock only when further ahead than any zone change or daylight saving explains', () => {
    expect(isMarkFromWrongClock(mark, mark.through - 26 * 3_600_000)).toBe(false)
    expect(isMarkFromWrongClock(mark, mark.through - MAX_CLOCK_SET_BACK_MS)).toBe(false)
    expect(isMarkFromWrongClock(mark, mark.through - MAX_CLOCK_SET_BACK_MS - 1)).toBe(true)
    expect(isMarkFromWrongClock(mark, mark.through + 1)).toBe(false)
  })
})

describe('marks kept in memory', () => {
  it('load a copy, save, and forget', async () => {
    const mark: HandledSlot = { through: 1, local: null, scheduleKey: KEY }
    const store = createMemoryHandledSlotStore([['a', mark]])
    const loaded = await store.load()
    expect([...loaded]).toEqual([['a', mark]])
    await store.save('b', { ...mark, through: 2 })
    await store.forget('a')
    expect([...store.snapshot()]).toEqual([['b', { ...mark, through: 2 }]])
    expect(loaded.size).toBe(1)
  })
})
