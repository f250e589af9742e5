import { describe, expect, it } from 'vitest'
import { flushMicrotasks } from '../jobs/test-support/fake-clock'
import { createSchedulerHarness, HOUR, MINUTE, schedule, wall } from './test-support/scheduler-harness'
import { RECHECK_MS } from './watchlist-scheduler'

// 2025-01-10 is a Friday; Berlin is an hour ahead of UTC in January.
const BERLIN = 'Europe/Berlin'
const workdays = schedule({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], times: ['13:00', '07:00'] })

describe('a scheduled watchlist', () => {
  it('runs on its days at each of its times, and not on the other days', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([{ id: 'morning', schedule: workdays }])
    await h.advanceTo('2025-01-14T08:00')
    expect(h.summary()).toEqual([
      'morning 2025-01-10T07:00 scheduled @2025-01-10T07:00',
      'morning 2025-01-10T13:00 scheduled @2025-01-10T13:00',
      'morning 2025-01-13T07:00 scheduled @2025-01-13T07:00',
      'morning 2025-01-13T13:00 scheduled @2025-01-13T13:00',
      'morning 2025-01-14T07:00 scheduled @2025-01-14T07:00'
    ])
    expect(h.outcomes.map((outcome) => outcome.kind)).toEqual(['ran', 'ran', 'ran', 'ran', 'ran'])
    expect(h.warnings()).toEqual([])
  })

  it('starts each run at its slot instant: the timer aims at the slot and never waits longer than RECHECK_MS', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:59', zone: BERLIN })
    await h.start([{ id: 'morning', schedule: workdays }])
    // A minute before the slot the timer is set for exactly that minute.
    expect(h.timerDelays).toEqual([MINUTE])
    await h.clock.advance(MINUTE - 1)
    expect(h.runs).toHaveLength(0)
    await h.clock.advance(1)
    expect(h.runs.map((run) => run.startedAt)).toEqual([wall('2025-01-10T07:00', BERLIN)])

    // Six hours to the next slot: the timer looks again every RECHECK_MS and lands on the slot itself.
    await h.advanceTo('2025-01-10T13:00')
    expect(h.runs.map((run) => run.startedAt)).toEqual([wall('2025-01-10T07:00', BERLIN), wall('2025-01-10T13:00', BERLIN)])
    expect(Math.max(...h.timerDelays)).toBe(RECHECK_MS)
    expect(h.timerDelays.every((ms) => ms > 0 && ms <= RECHECK_MS)).toBe(true)
    expect(h.clock.pendingTimers()).toBe(1)
  })

  it('notices a clock moved forward past a slot within RECHECK_MS, even unwoken, and says the run is late', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([{ id: 'morning', schedule: workdays }])
    h.clock.jumpWallClock(2 * HOUR)
    await h.clock.advance(RECHECK_MS)
    expect(h.summary()).toEqual(['morning 2025-01-10T07:00 missed @2025-01-10T08:05'])
  })

  it('runs due watchlists one at a time, in the order given, each labelled Scheduled however long it waited', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, runMs: 10 * MINUTE })
    const daily = schedule({ times: ['07:00'] })
    await h.start([
      { id: 'a', schedule: daily },
      { id: 'b', schedule: daily },
      { id: 'c', schedule: daily }
    ])
    await h.advanceTo('2025-01-10T08:00')
    expect(h.summary()).toEqual([
      'a 2025-01-10T07:00 scheduled @2025-01-10T07:00',
      'b 2025-01-10T07:00 scheduled @2025-01-10T07:10',
      'c 2025-01-10T07:00 scheduled @2025-01-10T07:20'
    ])
    expect(h.mostAtOnce()).toBe(1)
    expect(h.runs.every((run) => run.endedAt !== null)).toBe(true)
  })

  it('takes the oldest slot first when watchlists have different times', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, holdRuns: true })
    await h.start([
      { id: 'late', schedule: schedule({ times: ['07:30'] }) },
      { id: 'early', schedule: schedule({ times: ['07:00'] }) },
      { id: 'middle', schedule: schedule({ times: ['07:15'] }) }
    ])
    await h.advanceTo('2025-01-10T07:45')
    // The first run is still going on: the others waited for it in the order of their slots.
    expect(h.summary()).toEqual(['early 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
    expect(h.scheduler.nextRuns().map((next) => `${next.watchlistId} ${next.status}`)).toEqual(['late due', 'early running', 'middle due'])
    h.runs[0]?.finish()
    await flushMicrotasks()
    h.runs[1]?.finish()
    await flushMicrotasks()
    expect(h.summary().slice(1)).toEqual([
      'middle 2025-01-10T07:15 scheduled @2025-01-10T07:45',
      'late 2025-01-10T07:30 scheduled @2025-01-10T07:45'
    ])
    expect(h.mostAtOnce()).toBe(1)
  })

  it('carries on after a run that failed, and reports the failure', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, holdRuns: true })
    await h.start([{ id: 'morning', schedule: workdays }])
    await h.advanceTo('2025-01-10T07:00')
    h.runs[0]?.fail(new Error('offline'))
    await flushMicrotasks()
    expect(h.outcomes).toMatchObject([{ kind: 'failed', watchlistId: 'morning', reason: 'scheduled', error: new Error('offline') }])
    expect(h.errors()).toHaveLength(1)
    await h.advanceTo('2025-01-10T13:00')
    expect(h.runs).toHaveLength(2)
  })

  it('keeps running when reporting or the change notice throws', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    h.outcomes.push = () => {
      throw new Error('the screen is gone')
    }
    await h.start([{ id: 'morning', schedule: workdays }])
    await h.advanceTo('2025-01-10T13:00')
    expect(h.runs).toHaveLength(2)
    expect(h.errors().filter((line) => line.includes("the schedules' report failed"))).toHaveLength(2)
  })

  it('follows UTC, warning once, while the time zone is unknown or cannot be read', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    h.setZone('Mars/Olympus_Mons')
    await h.start([{ id: 'morning', schedule: workdays }])
    await h.clock.advance(2 * HOUR)
    // 07:00 UTC is 08:00 in Berlin.
    expect(h.summary(BERLIN)).toEqual(['morning 2025-01-10T07:00 scheduled @2025-01-10T08:00'])
    expect(h.warnings()).toHaveLength(1)
    h.setZone(BERLIN)
    await h.wake()
    expect(h.warnings()).toHaveLength(1)
  })
})

describe('the next run of each watchlist', () => {
  it('says off, scheduled with its slot, due, running, waiting for a run and paused', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, holdRuns: true })
    const watchlists = [
      { id: 'none', schedule: null },
      { id: 'switched-off', schedule: schedule({ enabled: false }) },
      { id: 'a', schedule: schedule({ times: ['07:00'] }) },
      { id: 'b', schedule: schedule({ times: ['07:00'] }) },
      { id: 'c', schedule: schedule({ times: ['07:00'] }) }
    ]
    // Before the marks are read it already answers from the schedules.
    h.scheduler.setWatchlists(watchlists)
    expect(h.scheduler.nextRuns().map((next) => next.status)).toEqual(['off', 'off', 'scheduled', 'scheduled', 'scheduled'])
    await h.start(watchlists)
    const before = h.scheduler.nextRuns()
    expect(before.map((next) => next.status)).toEqual(['off', 'off', 'scheduled', 'scheduled', 'scheduled'])
    expect(before[2]).toEqual({
      watchlistId: 'a',
      status: 'scheduled',
      slot: { at: wall('2025-01-10T07:00', BERLIN), date: '2025-01-10', time: '07:00' }
    })
    expect(before[0]?.slot).toBeNull()

    await h.advanceTo('2025-01-10T06:30')
    const person = h.startPersonRun('c')
    const changesBefore = h.changes()
    await h.advanceTo('2025-01-10T07:00')
    expect(h.changes()).toBeGreaterThan(changesBefore)
    expect(h.scheduler.nextRuns().map((next) => `${next.watchlistId} ${next.status} ${next.slot?.time ?? '-'}`)).toEqual([
      'none off -',
      'switched-off off -',
      'a running 07:00',
      'b due 07:00',
      'c waiting_for_run 07:00'
    ])
    person.end()
    h.runs[0]?.finish()
    await flushMicrotasks()
    h.runs[1]?.finish()
    await flushMicrotasks()
    h.runs[2]?.finish()
    await flushMicrotasks()
    expect(h.scheduler.nextRuns().map((next) => `${next.status} ${next.slot?.date ?? '-'}`)).toEqual([
      'off -',
      'off -',
      'scheduled 2025-01-13',
      'scheduled 2025-01-13',
      'scheduled 2025-01-13'
    ])
    h.scheduler.pause()
    expect(h.scheduler.nextRuns().map((next) => next.status)).toEqual(['off', 'off', 'paused', 'paused', 'paused'])
  })
})
