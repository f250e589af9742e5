import { describe, expect, it } from 'vitest'
import { demoDateFromEnv, formatDemoDay, localDemoDay, parseDemoDate } from './demo-date'

describe('the Demo day', () => {
  it('reads YYYY-MM-DD dates that exist, as consecutive numbers for consecutive days', () => {
    const day = parseDemoDate('2025-03-14')
    expect(day).not.toBeNull()
    expect(parseDemoDate('2025-03-15')).toBe((day ?? 0) + 1)
    expect(parseDemoDate('2025-03-01')).toBe((parseDemoDate('2025-02-28') ?? 0) + 1)
    expect(parseDemoDate('2024-02-29')).toBe((parseDemoDate('2024-02-28') ?? 0) + 1)
    expect(formatDemoDay(day ?? 0)).toBe('2025-03-14')
    expect(formatDemoDay(parseDemoDate('0099-12-31') ?? 0)).toBe('0099-12-31')
  })

  it('refuses texts that are not such a date', () => {
    for (const text of ['2025-02-30', '2025-13-01', '2025-3-14', '14/03/2025', '2025-03-14T00:00', ' 2025-03-14', 'today', '']) {
      expect(parseDemoDate(text), text).toBeNull()
    }
  })

  it('is the local calendar date of the clock, so it moves on at local midnight', () => {
    const beforeMidnight = new Date(2025, 2, 14, 23, 59, 59).getTime()
    expect(formatDemoDay(localDemoDay(beforeMidnight))).toBe('2025-03-14')
    expect(localDemoDay(beforeMidnight + 2_000)).toBe(localDemoDay(beforeMidnight) + 1)
    expect(localDemoDay(new Date(2025, 2, 14, 0, 0, 0).getTime())).toBe(localDemoDay(beforeMidnight))
  })

  it('takes its day from STORE_INVENTORY_DEMO_DATE, follows the clock when it is unset or empty, and says in a sentence what is wrong with a bad value', () => {
    expect(demoDateFromEnv({ STORE_INVENTORY_DEMO_DATE: '2025-03-14' })).toEqual({ ok: true, day: parseDemoDate('2025-03-14') })
    expect(demoDateFromEnv({ STORE_INVENTORY_DEMO_DATE: ' 2025-03-14\n' })).toEqual({ ok: true, day: parseDemoDate('2025-03-14') })
    expect(demoDateFromEnv({})).toEqual({ ok: true, day: null })
    expect(demoDateFromEnv({ STORE_INVENTORY_DEMO_DATE: '' })).toEqual({ ok: true, day: null })
    const bad = demoDateFromEnv({ STORE_INVENTORY_DEMO_DATE: '14.03.2025' })
    expect(bad).toEqual({
      ok: false,
      message:
        'STORE_INVENTORY_DEMO_DATE is "14.03.2025", which is not a date: write it as YYYY-MM-DD (for example 2025-03-14), or leave it unset for today.'
    })
  })
})
