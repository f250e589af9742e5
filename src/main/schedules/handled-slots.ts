import { nextSlotAfter, slotLocalTime, type ScheduleSlot, type ScheduleTiming } from '../../shared/schedules/schedule-slots'

/**
 * How far a watchlist's schedule has been dealt with, kept across restarts so that no slot runs
 * twice: a slot runs only if it comes after `through` and, once a slot has been handled, only if
 * its local date and time come after that one's too.
 */
export interface HandledSlot {
  /** No slot at or before this instant runs: the last slot run or skipped, or when the schedule was set or resumed. */
  through: number
  /**
   * The local date and time of the last slot run or skipped (`2025-03-10T07:00`), or null before
   * the first. After a move west, 07:00 on Monday comes again in the new zone, at a later instant:
   * this keeps it from running a second time.
   */
  local: string | null
  /** The timing (on or off, days, times) these marks were made under; see `scheduleTimingKey`. */
  scheduleKey: string
}

/** Where the marks live between runs of the app. Saves of one watchlist are applied in the order made. */
export interface HandledSlotStore {
  load(): Promise<ReadonlyMap<string, HandledSlot>>
  save(watchlistId: string, handled: HandledSlot): Promise<void>
  /** The watchlist is gone or has no schedule any more. */
  forget(watchlistId: string): Promise<void>
}

/**
 * How far back the clock may go and still never run a slot twice: more than any time zone change
 * (26 hours) and daylight saving could explain. A mark further ahead of the clock than this was
 * made while the clock was wrong (set to a later date by mistake, then corrected): trusting it
 * would keep the schedule silent until the wrong date comes round, so the schedule starts from
 * now instead.
 */
export const MAX_CLOCK_SET_BACK_MS = 48 * 3_600_000

export function isMarkFromWrongClock(handled: HandledSlot, now: number): boolean {
  return handled.through - now > MAX_CLOCK_SET_BACK_MS
}

export function isUnhandled(slot: ScheduleSlot, handled: HandledSlot | undefined): boolean {
  if (handled === undefined) return true
  return slot.at > handled.through && (handled.local === null || slotLocalTime(slot) > handled.local)
}

/**
 * Slots skipped because their local time was handled already, at most: after a move of up to 26
 * hours west, two days of a schedule's slots at most twelve a day.
 */
const MAX_SLOTS_PASSED_OVER = 64

/** The first slot after `instant` that may still run. */
export function nextUnhandledSlot(
  schedule: ScheduleTiming,
  timeZone: string,
  instant: number,
  handled: HandledSlot | undefined
): ScheduleSlot | null {
  let from = Math.max(instant, handled?.through ?? Number.NEGATIVE_INFINITY)
  for (let passed = 0; passed <= MAX_SLOTS_PASSED_OVER; passed += 1) {
    const slot = nextSlotAfter(schedule, timeZone, from)
    if (slot === null || isUnhandled(slot, handled)) return slot
    from = slot.at
  }
  return null
}

/** Marks kept in memory only: for tests, and for a run of the app whose data folder cannot be written. */
export interface MemoryHandledSlotStore extends HandledSlotStore {
  snapshot(): Map<string, HandledSlot>
}

export function createMemoryHandledSlotStore(initial: Iterable<[string, HandledSlot]> = []): MemoryHandledSlotStore {
  const marks = new Map(initial)
  return {
    load: () => Promise.resolve(new Map(marks)),
    save(watchlistId, handled) {
      marks.set(watchlistId, { ...handled })
      return Promise.resolve()
    },
    forget(watchlistId) {
      marks.delete(watchlistId)
      return Promise.resolve()
    },
    snapshot: () => new Map(marks)
  }
}
