import { describe, expect, it } from 'vitest'
import { createMemoryHandledSlotStore, MAX_CLOCK_SET_BACK_MS } from './handled-slots'
import { createSchedulerHarness, HOUR, MINUTE, schedule, wall } from './test-support/scheduler-harness'

const NEW_YORK = 'America/New_York'
const BERLIN = 'Europe/Berlin'
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const workdays = schedule({ times: ['07:00', '13:00'] })

describe('daylight saving', () => {
  it('runs a time New York skips once, when the clocks jump, and every other slot once at its local time', async () => {
    const h = createSchedulerHarness({ start: '2025-03-08T00:00', zone: NEW_YORK })
    await h.start([{ id: 'night', schedule: schedule({ days: [...EVERY_DAY], times: ['02:30', '03:00', '07:00'] }) }])
    await h.advanceTo('2025-03-10T08:00')
    expect(h.summary()).toEqual([
      'night 2025-03-08T02:30 scheduled @2025-03-08T02:30',
      'night 2025-03-08T03:00 scheduled @2025-03-08T03:00',
      'night 2025-03-08T07:00 scheduled @2025-03-08T07:00',
      // 02:00 EST became 03:00 EDT: 02:30 and 03:00 both came at the jump, and ran once.
      'night 2025-03-09T02:30 scheduled @2025-03-09T03:00',
      'night 2025-03-09T07:00 scheduled @2025-03-09T07:00',
      'night 2025-03-10T02:30 scheduled @2025-03-10T02:30',
      'night 2025-03-10T03:00 scheduled @2025-03-10T03:00',
      'night 2025-03-10T07:00 scheduled @2025-03-10T07:00'
    ])
  })

  it('runs a time New York shows twice once, the first time, even when woken in the repeated hour', async () => {
    const h = createSchedulerHarness({ start: '2025-11-01T12:00', zone: NEW_YORK })
    await h.start([{ id: 'night', schedule: schedule({ days: [...EVERY_DAY], times: ['01:30', '07:00'] }) }])
    // The second 01:45 (EST, after 02:00 EDT went back to 01:00).
    await h.clock.advance(Date.parse('2025-11-02T06:45:00Z') - h.clock.now())
    await h.wake()
    await h.advanceTo('2025-11-03T08:00')
    expect(h.summary('UTC')).toEqual([
      'night 2025-11-02T01:30 scheduled @2025-11-02T05:30',
      'night 2025-11-02T07:00 scheduled @2025-11-02T12:00',
      'night 2025-11-03T01:30 scheduled @2025-11-03T06:30',
      'night 2025-11-03T07:00 scheduled @2025-11-03T12:00'
    ])
  })

  it('keeps Berlin at 02:30 and 07:00 local through both changes', async () => {
    const h = createSchedulerHarness({ start: '2025-03-29T12:00', zone: BERLIN })
    await h.start([{ id: 'b', schedule: schedule({ days: [...EVERY_DAY], times: ['02:30', '07:00'] }) }])
    await h.advanceTo('2025-03-31T08:00')
    expect(h.summary('UTC')).toEqual([
      'b 2025-03-30T02:30 scheduled @2025-03-30T01:00',
      'b 2025-03-30T07:00 scheduled @2025-03-30T05:00',
      'b 2025-03-31T02:30 scheduled @2025-03-31T00:30',
      'b 2025-03-31T07:00 scheduled @2025-03-31T05:00'
    ])

    const autumn = createSchedulerHarness({ start: '2025-10-25T12:00', zone: BERLIN })
    await autumn.start([{ id: 'b', schedule: schedule({ days: [...EVERY_DAY], times: ['02:30', '07:00'] }) }])
    await autumn.advanceTo('2025-10-27T08:00')
    expect(autumn.summary('UTC')).toEqual([
      'b 2025-10-26T02:30 scheduled @2025-10-26T00:30',
      'b 2025-10-26T07:00 scheduled @2025-10-26T06:00',
      'b 2025-10-27T02:30 scheduled @2025-10-27T01:30',
      'b 2025-10-27T07:00 scheduled @2025-10-27T06:00'
    ])
  })

  it('does not run the repeated time again when the app restarts during the repeated hour', async () => {
    const store = createMemoryHandledSlotStore()
    const first = createSchedulerHarness({ start: '2025-10-26T02:00', zone: BERLIN, store })
    const watchlists = [{ id: 'b', schedule: schedule({ days: [...EVERY_DAY], times: ['02:30'] }) }]
    await first.start(watchlists)
    await first.clock.advance(15 * MINUTE + 30 * MINUTE)
    expect(first.summary('UTC')).toEqual(['b 2025-10-26T02:30 scheduled @2025-10-26T00:30'])
    first.scheduler.stop()

    // Closed at the first 02:45, opened at the second 02:40 (CET).
    const second = createSchedulerHarness({ start: '2025-10-26T02:00', zone: BERLIN, store })
    second.clock.jumpWallClock(Date.parse('2025-10-26T01:40:00Z') - second.clock.now())
    await second.start(watchlists)
    await second.clock.advance(4 * HOUR)
    expect(second.runs).toHaveLength(0)
  })
})

describe('a change of time zone', () => {
  it('going west does not bring back a local time that already ran', async () => {
    const h = createSchedulerHarness({ start: '2025-01-13T06:00', zone: BERLIN })
    await h.start([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-13T08:00')
    // 08:00 in Berlin is 02:00 in New York: 07:00 comes again there, five hours later.
    h.setZone(NEW_YORK)
    await h.wake()
    await h.advanceTo('2025-01-14T08:00')
    expect(h.summary('UTC')).toEqual([
      'w 2025-01-13T07:00 scheduled @2025-01-13T06:00',
      'w 2025-01-13T13:00 scheduled @2025-01-13T18:00',
      'w 2025-01-14T07:00 scheduled @2025-01-14T12:00'
    ])
  })

  it('going east runs the local time passed over once, late, and then carries on', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T12:00', zone: NEW_YORK })
    await h.start([{ id: 'e', schedule: workdays }])
    await h.advanceTo('2025-01-13T05:00')
    // 05:00 in New York is 11:00 in Berlin: Berlin's 07:00 passed without being seen.
    h.setZone(BERLIN)
    await h.wake()
    await h.advanceTo('2025-01-13T14:00')
    expect(h.summary('UTC')).toEqual([
      'e 2025-01-10T13:00 scheduled @2025-01-10T18:00',
      'e 2025-01-13T07:00 missed @2025-01-13T10:00',
      'e 2025-01-13T13:00 scheduled @2025-01-13T12:00'
    ])
  })

  it('is noticed at the next check when nobody says the zone changed', async () => {
    const h = createSchedulerHarness({ start: '2025-01-13T06:00', zone: BERLIN })
    await h.start([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-13T08:00')
    h.setZone(NEW_YORK)
    await h.advanceTo('2025-01-13T13:00')
    expect(h.summary('UTC')).toEqual(['w 2025-01-13T07:00 scheduled @2025-01-13T06:00', 'w 2025-01-13T13:00 scheduled @2025-01-13T18:00'])
  })
})

describe('the clock set back', () => {
  it('does not run a slot again when its time comes round again', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-10T07:30')
    h.clock.jumpWallClock(-75 * MINUTE)
    await h.wake()
    await h.advanceTo('2025-01-10T14:00')
    expect(h.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00', 'w 2025-01-10T13:00 scheduled @2025-01-10T13:00'])
  })

  it('does not run a slot again after a restart with the clock behind the last run', async () => {
    const store = createMemoryHandledSlotStore()
    const first = createSchedulerHarness({ start: '2025-01-10T06:55', zone: BERLIN, store })
    await first.start([{ id: 'w', schedule: workdays }])
    await first.advanceTo('2025-01-10T07:10')
    first.scheduler.stop()
    const second = createSchedulerHarness({ start: '2025-01-10T06:30', zone: BERLIN, store })
    await second.start([{ id: 'w', schedule: workdays }])
    await second.advanceTo('2025-01-10T13:30')
    expect(first.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
    expect(second.summary()).toEqual(['w 2025-01-10T13:00 scheduled @2025-01-10T13:00'])
  })

  it('starts afresh from now, with a warning, when the marks are further ahead than a zone change explains', async () => {
    // The clock had been set ten days ahead by mistake; it ran "Monday the 20th" and was then corrected.
    const wrong = wall('2025-01-20T07:00', BERLIN)
    const h = createSchedulerHarness({
      start: '2025-01-10T06:00',
      zone: BERLIN,
      marks: [['w', { through: wrong, local: '2025-01-20T07:00', scheduleKey: 'on mon,tue,wed,thu,fri 07:00,13:00' }]]
    })
    await h.start([{ id: 'w', schedule: workdays }])
    expect(h.warnings()).toHaveLength(1)
    expect(h.store.snapshot().get('w')).toEqual({ through: h.clock.now(), local: null, scheduleKey: 'on mon,tue,wed,thu,fri 07:00,13:00' })
    await h.advanceTo('2025-01-10T07:00')
    expect(h.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
  })

  it('starts afresh when the clock goes back a week while the app runs, but not when it goes back a day', async () => {
    const h = createSchedulerHarness({ start: '2025-01-17T06:00', zone: BERLIN })
    await h.start([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-17T07:30')
    h.clock.jumpWallClock(-24 * HOUR)
    await h.wake()
    await h.advanceTo('2025-01-16T13:30')
    expect(h.runs).toHaveLength(1)
    h.clock.jumpWallClock(-MAX_CLOCK_SET_BACK_MS)
    await h.wake()
    // Now Tuesday the 14th, 13:30: the clock was wrong before, the next slot runs.
    await h.advanceTo('2025-01-15T07:00')
    expect(h.summary()).toEqual(['w 2025-01-17T07:00 scheduled @2025-01-17T07:00', 'w 2025-01-15T07:00 scheduled @2025-01-15T07:00'])
    expect(h.warnings()).toHaveLength(1)
  })
})
