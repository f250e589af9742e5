import { describe, expect, it } from 'vitest'
import { nextRunText } from './schedule-text'

const tuesday = { at: 0, date: '2025-01-14', time: '07:00' }

describe('schedule wording on the Watchlists screen', () => {
  it('the next run in the slot’s own local day and time, and each other state', () => {
    expect(nextRunText({ status: 'scheduled', slot: tuesday })).toBe('Next run: Tue 07:00')
    expect(nextRunText({ status: 'paused', slot: tuesday })).toBe('Paused (next run would be Tue 07:00)')
    expect(nextRunText({ status: 'running', slot: tuesday })).toBe('Running now (the Tue 07:00 run)')
    expect(nextRunText({ status: 'waiting_for_run', slot: tuesday })).toBe('Due Tue 07:00: waits for the run already going on to end')
    expect(nextRunText({ status: 'due', slot: tuesday })).toBe("Due Tue 07:00: waits for another watchlist's run to end")
    expect(nextRunText({ status: 'off', slot: null })).toBe('Schedule off')
  })
})
