import { describe, expect, it } from 'vitest'
import { scheduleTimingKey } from '../../shared/schedules/schedule'
import { flushMicrotasks } from '../jobs/test-support/fake-clock'
import { createSchedulerHarness, HOUR, MINUTE, schedule, wall } from './test-support/scheduler-harness'

// 2025-01-10 is a Friday.
const BERLIN = 'Europe/Berlin'
const workdays = schedule({ times: ['07:00', '13:00'] })

describe("a person's run of the same watchlist", () => {
  it('started before the slot: the slot waits for it to end, says so, and the other watchlists go ahead', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([
      { id: 'busy', schedule: workdays },
      { id: 'other', schedule: workdays }
    ])
    await h.advanceTo('2025-01-10T06:55')
    const person = h.startPersonRun('busy')
    await h.advanceTo('2025-01-10T07:20')
    expect(h.summary()).toEqual(['other 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
    expect(h.scheduler.nextRuns().map((next) => `${next.watchlistId} ${next.status}`)).toEqual(['busy waiting_for_run', 'other scheduled'])
    person.end()
    await flushMicrotasks()
    expect(h.summary().slice(1)).toEqual(['busy 2025-01-10T07:00 scheduled waited @2025-01-10T07:20'])
    expect(h.outcomes.map((outcome) => outcome.kind)).toEqual(['ran', 'ran'])
  })

  it('started at or after the slot, while the slot waited its turn: the slot is skipped, says so, and never runs later', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, runMs: 10 * MINUTE })
    await h.start([
      { id: 'first', schedule: workdays },
      { id: 'second', schedule: workdays }
    ])
    await h.advanceTo('2025-01-10T07:05')
    const person = h.startPersonRun('second')
    await h.advanceTo('2025-01-10T07:30')
    person.end()
    await h.advanceTo('2025-01-10T12:59')
    expect(h.summary()).toEqual(['first 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
    expect(h.outcomes).toEqual([
      {
        kind: 'skipped_already_running',
        watchlistId: 'second',
        slot: { at: wall('2025-01-10T07:00', BERLIN), date: '2025-01-10', time: '07:00' },
        reason: 'scheduled',
        runningSince: wall('2025-01-10T07:05', BERLIN)
      },
      expect.objectContaining({ kind: 'ran', watchlistId: 'first' })
    ])
    expect(h.store.snapshot().get('second')?.local).toBe('2025-01-10T07:00')
  })

  it('going on at a missed slot after a start: the same rules, labelled missed', async () => {
    const h = createSchedulerHarness({
      start: '2025-01-10T09:00',
      zone: BERLIN,
      marks: [['w', { through: 0, local: null, scheduleKey: scheduleTimingKey(workdays) }]]
    })
    const person = h.startPersonRun('w')
    await h.start([{ id: 'w', schedule: workdays }])
    expect(h.outcomes).toMatchObject([{ kind: 'skipped_already_running', reason: 'missed' }])
    person.end()
    await flushMicrotasks()
    expect(h.runs).toHaveLength(0)
  })
})

describe('the scheduler’s own runs', () => {
  it('of one watchlist never overlap: a slot that comes during a long run waits for it, once', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, runMs: 150 * MINUTE })
    await h.start([{ id: 'slow', schedule: schedule({ times: ['07:00', '08:00', '09:00'] }) }])
    await h.advanceTo('2025-01-10T12:00')
    expect(h.summary()).toEqual([
      'slow 2025-01-10T07:00 scheduled @2025-01-10T07:00',
      // 08:00 and 09:00 came during the first run: the latest stands for both.
      'slow 2025-01-10T09:00 scheduled waited @2025-01-10T09:30'
    ])
    expect(h.mostAtOnce()).toBe(1)
  })

  it('never run two watchlists at once; a slot that comes while its watchlist still waits its turn replaces it in line', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, runMs: 7 * MINUTE })
    const many = Array.from({ length: 12 }, (_, index) => ({ id: `w${index}`, schedule: schedule({ times: ['07:00', '07:30'] }) }))
    await h.start(many)
    await h.advanceTo('2025-01-10T10:00')
    expect(h.mostAtOnce()).toBe(1)
    for (const [index, run] of h.runs.entries()) {
      if (index > 0) expect(run.startedAt).toBe(h.runs[index - 1]?.endedAt)
    }
    // w0-w4 ran for 07:00 by 07:30; w5-w11, due since 07:00, go before them again, once each, for 07:30.
    expect(h.runs.map((run) => `${run.watchlistId} ${run.request.slot.time}`)).toEqual([
      ...['w0', 'w1', 'w2', 'w3', 'w4'].map((id) => `${id} 07:00`),
      ...['w5', 'w6', 'w7', 'w8', 'w9', 'w10', 'w11', 'w0', 'w1', 'w2', 'w3', 'w4'].map((id) => `${id} 07:30`)
    ])
    expect(h.runs.every((run) => run.request.reason === 'scheduled')).toBe(true)
  })
})

describe('pausing schedules', () => {
  it('starts nothing while paused, lets a run going on finish, and carries on from the next slot', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, runMs: 10 * MINUTE })
    await h.start([
      { id: 'a', schedule: workdays },
      { id: 'b', schedule: workdays }
    ])
    await h.advanceTo('2025-01-10T07:05')
    h.scheduler.pause()
    expect(h.scheduler.paused()).toBe(true)
    expect(h.clock.pendingTimers()).toBe(1)
    await h.advanceTo('2025-01-10T13:30')
    // a finished at 07:10; b waited its turn when the pause began and does not run later.
    expect(h.runs.map((run) => run.endedAt)).toEqual([wall('2025-01-10T07:10', BERLIN)])
    h.scheduler.resume()
    await h.advanceTo('2025-01-13T07:30')
    expect(h.summary()).toEqual([
      'a 2025-01-10T07:00 scheduled @2025-01-10T07:00',
      'a 2025-01-13T07:00 scheduled @2025-01-13T07:00',
      'b 2025-01-13T07:00 scheduled @2025-01-13T07:10'
    ])
  })

  it('when started paused, runs nothing missed on resume', async () => {
    const h = createSchedulerHarness({
      start: '2025-01-10T09:00',
      zone: BERLIN,
      paused: true,
      marks: [['w', { through: 0, local: null, scheduleKey: scheduleTimingKey(workdays) }]]
    })
    await h.start([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-10T10:00')
    expect(h.clock.pendingTimers()).toBe(0)
    h.scheduler.resume()
    await h.advanceTo('2025-01-10T13:00')
    expect(h.summary()).toEqual(['w 2025-01-10T13:00 scheduled @2025-01-10T13:00'])
  })

  it('that begins while a run waits for its mark to be written stops that run from starting', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    const save = h.store.save.bind(h.store)
    let written: () => void = () => undefined
    h.store.save = (id, mark) => new Promise((resolve) => (written = () => void save(id, mark).then(resolve)))
    await h.start([{ id: 'w', schedule: workdays }])
    written()
    await h.clock.advance(HOUR)
    h.scheduler.pause()
    written()
    await flushMicrotasks()
    expect(h.runs).toHaveLength(0)
    expect(h.scheduler.nextRuns()[0]?.status).toBe('paused')
  })
})

describe('a schedule edited', () => {
  it('starts afresh: a time added before now does not run, one added after runs', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-10T09:00')
    h.scheduler.setWatchlists([{ id: 'w', schedule: schedule({ times: ['07:00', '08:00', '10:00', '13:00'] }) }])
    await h.advanceTo('2025-01-10T13:30')
    expect(h.summary()).toEqual([
      'w 2025-01-10T07:00 scheduled @2025-01-10T07:00',
      'w 2025-01-10T10:00 scheduled @2025-01-10T10:00',
      'w 2025-01-10T13:00 scheduled @2025-01-10T13:00'
    ])
  })

  it('keeps its marks when only the notification choice changed', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-10T07:30')
    const before = h.store.snapshot().get('w')
    h.scheduler.setWatchlists([{ id: 'w', schedule: { ...workdays, notify: 'always' } }])
    expect(h.store.snapshot().get('w')).toEqual(before)
  })

  it('switched off runs nothing, and switched on again does not make up the slots it was off for', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([{ id: 'w', schedule: workdays }])
    h.scheduler.setWatchlists([{ id: 'w', schedule: { ...workdays, enabled: false } }])
    await h.advanceTo('2025-01-10T14:00')
    expect(h.runs).toHaveLength(0)
    expect(h.clock.pendingTimers()).toBe(0)
    h.scheduler.setWatchlists([{ id: 'w', schedule: workdays }])
    await h.advanceTo('2025-01-13T07:00')
    expect(h.summary()).toEqual(['w 2025-01-13T07:00 scheduled @2025-01-13T07:00'])
  })

  it('drops a slot waiting for a person’s run when the schedule changes or the watchlist goes', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start([
      { id: 'edited', schedule: workdays },
      { id: 'deleted', schedule: workdays }
    ])
    await h.advanceTo('2025-01-10T06:50')
    const people = [h.startPersonRun('edited'), h.startPersonRun('deleted')]
    await h.advanceTo('2025-01-10T07:10')
    h.scheduler.setWatchlists([{ id: 'edited', schedule: schedule({ times: ['07:00', '12:00'] }) }])
    for (const person of people) person.end()
    await h.advanceTo('2025-01-10T12:30')
    expect(h.summary()).toEqual(['edited 2025-01-10T12:00 scheduled @2025-01-10T12:00'])
    expect([...h.store.snapshot().keys()]).toEqual(['edited'])
  })
})
