import { describe, expect, it } from 'vitest'
import { flushMicrotasks } from '../jobs/test-support/fake-clock'
import { createMemoryHandledSlotStore, type HandledSlot, type MemoryHandledSlotStore } from './handled-slots'
import { createSchedulerHarness, HOUR, MINUTE, schedule, wall } from './test-support/scheduler-harness'
import { MARK_WAIT_MS, ON_TIME_MS } from './watchlist-scheduler'

// 2025-01-09 is a Thursday.
const BERLIN = 'Europe/Berlin'
const workdays = schedule({ times: ['07:00', '13:00'] })
const watchlists = [{ id: 'w', schedule: workdays }]

/** A first run of the app that ran Thursday 13:00 and was closed at 13:30, leaving its marks in `store`. */
async function closedAfterThursdayLunch(store: MemoryHandledSlotStore): Promise<void> {
  const first = createSchedulerHarness({ start: '2025-01-09T12:00', zone: BERLIN, store })
  await first.start(watchlists)
  await first.advanceTo('2025-01-09T13:30')
  expect(first.summary()).toEqual(['w 2025-01-09T13:00 scheduled @2025-01-09T13:00'])
  first.scheduler.stop()
}

describe('slots missed while the app was closed', () => {
  it('run once at the next start, labelled missed, however many were missed', async () => {
    const store = createMemoryHandledSlotStore()
    await closedAfterThursdayLunch(store)
    // Friday 07:00 and 13:00 and Monday 07:00 passed while the app was closed.
    const h = createSchedulerHarness({ start: '2025-01-13T12:00', zone: BERLIN, store })
    await h.start(watchlists)
    expect(h.summary()).toEqual(['w 2025-01-13T07:00 missed @2025-01-13T12:00'])
    expect(h.outcomes).toMatchObject([{ kind: 'ran', reason: 'missed', waitedForRun: false }])
    await h.advanceTo('2025-01-13T13:30')
    expect(h.summary().slice(1)).toEqual(['w 2025-01-13T13:00 scheduled @2025-01-13T13:00'])
  })

  it('run once for a weekly schedule after three weeks closed', async () => {
    const weekly = [{ id: 'wed', schedule: schedule({ days: ['wed'], times: ['07:00'] }) }]
    const store = createMemoryHandledSlotStore()
    const first = createSchedulerHarness({ start: '2025-01-08T06:00', zone: BERLIN, store })
    await first.start(weekly)
    await first.advanceTo('2025-01-08T08:00')
    first.scheduler.stop()
    const h = createSchedulerHarness({ start: '2025-02-01T10:00', zone: BERLIN, store })
    await h.start(weekly)
    await h.advanceTo('2025-02-04T10:00')
    expect(h.summary()).toEqual(['wed 2025-01-29T07:00 missed @2025-02-01T10:00'])
  })

  it('count as on time when the app opens within ON_TIME_MS of the slot', async () => {
    for (const [late, reason] of [
      [ON_TIME_MS, 'scheduled'],
      [ON_TIME_MS + 1, 'missed']
    ] as const) {
      const store = createMemoryHandledSlotStore()
      await closedAfterThursdayLunch(store)
      const h = createSchedulerHarness({ start: '2025-01-10T07:00', zone: BERLIN, store })
      h.clock.jumpWallClock(late)
      await h.start(watchlists)
      expect(h.runs.map((run) => run.request.reason)).toEqual([reason])
    }
  })

  it('are not run at the very first start: the schedule counts from then', async () => {
    const h = createSchedulerHarness({ start: '2025-01-13T12:00', zone: BERLIN })
    await h.start(watchlists)
    await h.advanceTo('2025-01-13T12:59')
    expect(h.runs).toHaveLength(0)
    await h.advanceTo('2025-01-13T13:00')
    expect(h.summary()).toEqual(['w 2025-01-13T13:00 scheduled @2025-01-13T13:00'])
  })
})

describe('sleep and wake', () => {
  it('runs the slots slept through once at the wake, labelled missed', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN })
    await h.start(watchlists)
    await h.advanceTo('2025-01-10T06:30')
    // Asleep from 06:30 to 13:30: the timers stood still while the wall clock moved on.
    h.clock.jumpWallClock(7 * HOUR)
    await h.wake()
    expect(h.summary()).toEqual(['w 2025-01-10T13:00 missed @2025-01-10T13:30'])
    await h.advanceTo('2025-01-13T07:30')
    expect(h.summary().slice(1)).toEqual(['w 2025-01-13T07:00 scheduled @2025-01-13T07:00'])
  })

  it('runs a slot slept through during a run after that run ends, once', async () => {
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, holdRuns: true })
    await h.start(watchlists)
    await h.advanceTo('2025-01-10T07:00')
    h.clock.jumpWallClock(7 * HOUR)
    await h.wake()
    await h.wake()
    expect(h.runs).toHaveLength(1)
    h.runs[0]?.finish()
    await flushMicrotasks()
    expect(h.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00', 'w 2025-01-10T13:00 missed waited @2025-01-10T14:00'])
    expect(h.mostAtOnce()).toBe(1)
  })
})

describe('a restart', () => {
  it('does not run again a slot that ran before the app closed', async () => {
    const store = createMemoryHandledSlotStore()
    const first = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, store })
    await first.start(watchlists)
    await first.advanceTo('2025-01-10T07:05')
    first.scheduler.stop()
    const h = createSchedulerHarness({ start: '2025-01-10T07:06', zone: BERLIN, store })
    await h.start(watchlists)
    await h.advanceTo('2025-01-10T13:30')
    expect(first.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
    expect(h.summary()).toEqual(['w 2025-01-10T13:00 scheduled @2025-01-10T13:00'])
  })

  it('does not run again a slot whose run was cut short by a crash: History resumes it', async () => {
    const store = createMemoryHandledSlotStore()
    const first = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, store, holdRuns: true })
    await first.start(watchlists)
    await first.advanceTo('2025-01-10T07:00')
    expect(first.runs).toHaveLength(1)
    expect(store.snapshot().get('w')).toMatchObject({ through: wall('2025-01-10T07:00', BERLIN), local: '2025-01-10T07:00' })
    const h = createSchedulerHarness({ start: '2025-01-10T07:20', zone: BERLIN, store })
    await h.start(watchlists)
    await h.advanceTo('2025-01-10T12:59')
    expect(h.runs).toHaveLength(0)
  })
})

describe('the handled-slot store failing', () => {
  it('to load: every schedule starts from now, with a warning, and runs its next slot', async () => {
    const store = createMemoryHandledSlotStore()
    store.load = () => Promise.reject(new Error('EACCES'))
    const h = createSchedulerHarness({ start: '2025-01-13T12:00', zone: BERLIN, store })
    await h.start(watchlists)
    expect(h.runs).toHaveLength(0)
    expect(h.warnings()).toHaveLength(1)
    await h.advanceTo('2025-01-13T13:00')
    expect(h.summary()).toEqual(['w 2025-01-13T13:00 scheduled @2025-01-13T13:00'])
  })

  it('to save: the run still happens, the mark holds in memory, and nothing runs twice', async () => {
    const store = createMemoryHandledSlotStore()
    store.save = () => Promise.reject(new Error('ENOSPC'))
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, store })
    await h.start(watchlists)
    await h.advanceTo('2025-01-10T07:30')
    h.clock.jumpWallClock(-HOUR)
    await h.wake()
    await h.advanceTo('2025-01-10T13:30')
    expect(h.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00', 'w 2025-01-10T13:00 scheduled @2025-01-10T13:00'])
    expect(h.warnings().length).toBeGreaterThanOrEqual(2)
    expect(h.warnings().every((line) => line.includes('could not be saved'))).toBe(true)
  })

  it('to finish a save: the run starts MARK_WAIT_MS after its slot anyway, within the 5 s target', async () => {
    const store = createMemoryHandledSlotStore()
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, store })
    await h.start(watchlists)
    store.save = () => new Promise<void>(() => undefined)
    await h.advanceTo('2025-01-10T07:01')
    expect(h.runs.map((run) => run.startedAt - wall('2025-01-10T07:00', BERLIN))).toEqual([MARK_WAIT_MS])
    expect(MARK_WAIT_MS).toBeLessThan(5_000)
    expect(h.warnings()).toHaveLength(1)
    await h.advanceTo('2025-01-10T13:30')
    expect(h.runs).toHaveLength(2)
  })

  it('to forget a watchlist: a warning, nothing else', async () => {
    const store = createMemoryHandledSlotStore([['gone', { through: 0, local: null, scheduleKey: 'on mon 07:00' }]])
    store.forget = () => Promise.reject(new Error('EROFS'))
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, store })
    await h.start(watchlists)
    await h.advanceTo('2025-01-10T07:00')
    expect(h.runs).toHaveLength(1)
    expect(h.warnings()).toHaveLength(1)
  })

  it('slowly: watchlists given while the marks load are the ones scheduled', async () => {
    let release: (marks: ReadonlyMap<string, HandledSlot>) => void = () => undefined
    const store = createMemoryHandledSlotStore()
    store.load = () =>
      new Promise((resolve) => {
        release = resolve
      })
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, store })
    const starting = h.scheduler.start([])
    h.scheduler.setWatchlists(watchlists)
    release(new Map())
    await starting
    await h.advanceTo('2025-01-10T07:00')
    expect(h.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
  })

  it('forgets the marks of watchlists gone or without a schedule, and keeps the others', async () => {
    const kept: HandledSlot = {
      through: wall('2025-01-09T13:00', BERLIN),
      local: '2025-01-09T13:00',
      scheduleKey: 'on mon,tue,wed,thu,fri 07:00,13:00'
    }
    const store = createMemoryHandledSlotStore([
      ['w', kept],
      ['deleted', kept],
      ['unscheduled', kept]
    ])
    const h = createSchedulerHarness({ start: '2025-01-10T06:00', zone: BERLIN, store })
    await h.start([...watchlists, { id: 'unscheduled', schedule: null }])
    expect([...store.snapshot().keys()]).toEqual(['w'])
    expect(store.snapshot().get('w')).toEqual(kept)
    await h.clock.advance(MINUTE)
    expect(h.runs).toHaveLength(0)
  })
})
