import { scheduleSchema, type Schedule, type ScheduleInput } from '../../../shared/schedules/schedule'
import { slotLocalTime } from '../../../shared/schedules/schedule-slots'
import { instantOfWallTime, isoDate, wallTimeAt } from '../../../shared/schedules/zoned-time'
import { createFakeClock, flushMicrotasks, type FakeClock } from '../../jobs/test-support/fake-clock'
import { createMemoryLogger } from '../../logging/logger'
import { createMemoryHandledSlotStore, type HandledSlot, type HandledSlotStore, type MemoryHandledSlotStore } from '../handled-slots'
import type { ActiveRun, ScheduledRunRequest, ScheduledWatchlist, SlotOutcome } from '../scheduler-types'
import { createWatchlistScheduler, type WatchlistScheduler } from '../watchlist-scheduler'

/**
 * The scheduler with every effect faked: a fake clock for time and timers, a zone the test can
 * change, runs recorded (and held or finished after a fake duration), a person's runs the test
 * starts and ends, and the handled-slot store in memory unless the test passes its own.
 */

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE

/** The instant a zone's clocks show `2025-01-10T07:00`. */
export function wall(local: string, zone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (match === null) throw new RangeError(`${local} is not written YYYY-MM-DDTHH:MM`)
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  return instantOfWallTime({ year, month, day, hour, minute }, zone)
}

/** `2025-01-10T07:00` as the zone's clocks show the instant. */
export function localOf(instant: number, zone: string): string {
  const time = wallTimeAt(instant, zone)
  return `${isoDate(time)}T${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`
}

export function schedule(input: Partial<ScheduleInput> = {}): Schedule {
  return scheduleSchema.parse({ enabled: true, days: ['mon', 'tue', 'wed', 'thu', 'fri'], times: ['07:00'], notify: 'never', ...input })
}

export interface RecordedRun {
  watchlistId: string
  request: ScheduledRunRequest
  startedAt: number
  endedAt: number | null
  finish(): void
  fail(error: Error): void
}

export interface PersonRun extends ActiveRun {
  end(): void
}

export interface HarnessOptions {
  /** Where the wall clock starts, as the zone's clocks show it. */
  start: string
  zone: string
  marks?: Iterable<[string, HandledSlot]>
  store?: MemoryHandledSlotStore
  /** Another store in place of the memory one (`store` is then left unused). */
  handledSlots?: HandledSlotStore
  /** How long each scheduled run takes on the fake clock; 0 ends it at once. */
  runMs?: number
  /** Runs end only when the test calls `finish` or `fail`. */
  holdRuns?: boolean
  paused?: boolean
}

export function createSchedulerHarness(options: HarnessOptions) {
  let zone = options.zone
  const clock: FakeClock = createFakeClock(wall(options.start, zone))
  const store = options.store ?? createMemoryHandledSlotStore(options.marks)
  const log = createMemoryLogger()
  const runs: RecordedRun[] = []
  const outcomes: SlotOutcome[] = []
  const people = new Map<string, PersonRun>()
  const timerDelays: number[] = []
  let running = 0
  let mostAtOnce = 0
  let changes = 0

  const scheduler: WatchlistScheduler = createWatchlistScheduler(
    {
      now: () => clock.now(),
      timeZone: () => zone,
      setTimer(ms, fire) {
        timerDelays.push(ms)
        return clock.setTimer(ms, fire)
      },
      runWatchlist(watchlistId, request) {
        return new Promise<void>((resolve, reject) => {
          running += 1
          mostAtOnce = Math.max(mostAtOnce, running)
          const end = (): boolean => {
            if (run.endedAt !== null) return false
            run.endedAt = clock.now()
            running -= 1
            return true
          }
          const run: RecordedRun = {
            watchlistId,
            request,
            startedAt: clock.now(),
            endedAt: null,
            finish: () => {
              if (end()) resolve()
            },
            fail: (error) => {
              if (end()) reject(error)
            }
          }
          runs.push(run)
          if (options.holdRuns === true) return
          if ((options.runMs ?? 0) === 0) run.finish()
          else void clock.sleep(options.runMs ?? 0).then(run.finish)
        })
      },
      activeRun: (watchlistId) => people.get(watchlistId) ?? null,
      handledSlots: options.handledSlots ?? store,
      report: (outcome) => outcomes.push(outcome),
      changed: () => {
        changes += 1
      },
      log
    },
    { paused: options.paused }
  )

  return {
    clock,
    scheduler,
    store,
    log,
    runs,
    outcomes,
    timerDelays,
    zone: () => zone,
    setZone(next: string) {
      zone = next
    },
    changes: () => changes,
    mostAtOnce: () => mostAtOnce,
    async start(watchlists: readonly ScheduledWatchlist[]) {
      await scheduler.start(watchlists)
      await flushMicrotasks()
    },
    /** The computer woke, or its clock or zone changed: what the scheduler starts then begins before time moves on. */
    async wake() {
      scheduler.wake()
      await flushMicrotasks()
    },
    /** Moves the wall clock (and the timers with it) forward to the instant the zone's clocks show `local`. */
    async advanceTo(local: string) {
      const target = wall(local, zone)
      if (target < clock.now()) throw new RangeError(`${local} is before ${localOf(clock.now(), zone)}`)
      await clock.advance(target - clock.now())
    },
    /** A person starts a run of the watchlist now; `end` ends it. */
    startPersonRun(watchlistId: string): PersonRun {
      let resolveEnded: () => void = () => undefined
      const ended = new Promise<void>((resolve) => {
        resolveEnded = resolve
      })
      const run: PersonRun = {
        startedAt: clock.now(),
        ended,
        end() {
          people.delete(watchlistId)
          resolveEnded()
        }
      }
      people.set(watchlistId, run)
      return run
    },
    /** `a 2025-01-10T07:00 scheduled @07:00`: each run, its slot, why it ran, and when it started on the zone's clocks. */
    summary(shownIn: string = zone): string[] {
      return runs.map((run) => {
        const waited = run.request.waitedForRun ? ' waited' : ''
        return `${run.watchlistId} ${slotLocalTime(run.request.slot)} ${run.request.reason}${waited} @${localOf(run.startedAt, shownIn)}`
      })
    },
    warnings: () => log.lines.filter((line) => line.includes(' warn ')),
    errors: () => log.lines.filter((line) => line.includes(' error '))
  }
}

export type SchedulerHarness = ReturnType<typeof createSchedulerHarness>
