/**
 * Runs watchlists on their schedules. Pure: time, timers, runs and storage come in as effects.
 *
 * - Due watchlists run one at a time, the longest due first, then in the order the watchlists
 *   were given; the lookups share the API client's pace by themselves. A slot that comes while an
 *   earlier one of its watchlist still waits its turn takes that one's place: one run, for the
 *   latest, as for missed slots.
 * - A slot is an instant (see `schedule-slots.ts` for daylight saving). Before a slot's run starts,
 *   it is stored as handled; no slot at or before the last handled one ever runs, so the clock set
 *   back, a restart or a crash in the middle of a run never runs it again (a crashed run is resumed
 *   from History, not run again). A slot whose local date and time were handled already does not
 *   run either, so a move west does not bring Monday 07:00 back.
 * - A slot noticed more than `ON_TIME_MS` after its time (the app was closed, the computer slept,
 *   the clock jumped forward) runs once, as `missed`, however many slots were missed: the latest
 *   of them stands for all. One noticed on time is `scheduled`, however long it then waits in line.
 * - A new or changed schedule (days, times, on or off) starts from the moment it was set: slots
 *   before it are not missed ones.
 * - Runs of one watchlist never overlap. When a slot is due and a person's run of that watchlist
 *   is going on: if that run started at or after the slot's time, its answers are as
 *   fresh as the slot asked for, so the slot is skipped at once and reported as
 *   `skipped_already_running`; if it started before, the slot waits for it to end and then runs
 *   (`waitedForRun`), while the other due watchlists go ahead. A slot that comes while the
 *   scheduler's own run of the watchlist is going on (a long run, frequent times) waits for it the
 *   same way.
 * - The clock set back by more than `MAX_CLOCK_SET_BACK_MS` means the marks were made under a wrong
 *   clock: the schedule starts from now rather than stay silent until the wrong date comes round.
 * - Paused, nothing starts (a run going on finishes); slots that come during the pause, and those
 *   waiting their turn when it began, do not run later: resuming carries on from the next slot.
 * - The timer aims at the next slot but never further than `RECHECK_MS` ahead, so a clock jump or
 *   a sleep is noticed within that time even if `wake()` is not called; each arming aims at the
 *   slot's instant anew, so nothing drifts.
 */
import type { Schedule } from '../../shared/schedules/schedule'
import { scheduleTimingKey } from '../../shared/schedules/schedule'
import { latestSlotAtOrBefore, slotLocalTime, type ScheduleSlot } from '../../shared/schedules/schedule-slots'
import type { NextRun, ScheduledRunReason } from '../../shared/schedules/scheduled-run'
import type { Logger } from '../logging/logger'
import { isMarkFromWrongClock, isUnhandled, nextUnhandledSlot, type HandledSlot, type HandledSlotStore } from './handled-slots'
import { createZoneReader } from './scheduler-zone'
import type { ActiveRun, ScheduledRunRequest, ScheduledWatchlist, SlotOutcome } from './scheduler-types'

/** Noticed later than this after its time, a slot was missed (the timer itself is late by milliseconds). */
export const ON_TIME_MS = 60_000
/** The longest the timer waits before looking at the clock again. */
export const RECHECK_MS = 5 * 60_000
/**
 * The longest a run waits for its slot's mark to be written (a slow or hung disk) before it starts
 * anyway, within the 5 s a scheduled run has to start: the mark holds in memory meanwhile.
 */
export const MARK_WAIT_MS = 2_000

export interface WatchlistSchedulerEffects {
  now(): number
  /** The zone local times are read in: the computer's, read again at every check. */
  timeZone(): string
  /** Calls `fire` after `ms`; the returned function cancels it. */
  setTimer(ms: number, fire: () => void): () => void
  /** Starts a run of the watchlist; settles when that run has ended (finished, failed or cancelled). */
  runWatchlist(watchlistId: string, request: ScheduledRunRequest): Promise<unknown>
  /** The watchlist's run going on now, started by a person, or null. */
  activeRun(watchlistId: string): ActiveRun | null
  handledSlots: HandledSlotStore
  /** What became of each slot handled: for History's "Scheduled" label and notifications. */
  report(outcome: SlotOutcome): void
  /** Something `nextRuns()` answers has changed. */
  changed(): void
  log: Pick<Logger, 'warn' | 'error'>
}

export interface WatchlistScheduler {
  /** Reads the handled slots, runs what was missed while the app was closed, and arms the timer. */
  start(watchlists: readonly ScheduledWatchlist[]): Promise<void>
  /** The watchlists and their schedules as they are now (after any was added, edited or deleted). */
  setWatchlists(watchlists: readonly ScheduledWatchlist[]): void
  pause(): void
  resume(): void
  paused(): boolean
  /** The computer woke, or its clock or time zone changed: look at the clock again now. */
  wake(): void
  /** Each watchlist's next run, in the order given, for the Watchlists screen. */
  nextRuns(): NextRun[]
  /** Nothing more starts; a run going on is left to finish. */
  stop(): void
}

interface QueuedSlot {
  slot: ScheduleSlot
  reason: ScheduledRunReason
  /** The person's run this slot waits for, once seen. */
  waitingFor: ActiveRun | null
  /** It waited for a run of its watchlist (a person's, or the scheduler's own) to end. */
  waited: boolean
  /** When its watchlist became due: a later slot that replaces it keeps its place in line. */
  dueSince: number
}

export function createWatchlistScheduler(effects: WatchlistSchedulerEffects, options: { paused?: boolean } = {}): WatchlistScheduler {
  /** The latest list given, kept while the marks load so that none given meanwhile is lost. */
  let given: readonly ScheduledWatchlist[] = []
  let watchlists: ScheduledWatchlist[] = []
  let handled = new Map<string, HandledSlot>()
  const queue = new Map<string, QueuedSlot>()
  let running: { watchlistId: string; slot: ScheduleSlot } | null = null
  let isPaused = options.paused ?? false
  let starting = false
  let started = false
  let stopped = false
  let cancelTimer: (() => void) | null = null
  const zone = createZoneReader(effects.timeZone, effects.log)

  function timing(watchlistId: string): Schedule | null {
    const schedule = watchlists.find((watchlist) => watchlist.id === watchlistId)?.schedule ?? null
    return schedule !== null && schedule.enabled ? schedule : null
  }

  function notify(action: () => void, what: string): void {
    try {
      action()
    } catch (error) {
      effects.log.error(`the schedules' ${what} failed`, { error })
    }
  }

  function mark(watchlistId: string, next: HandledSlot): Promise<void> {
    handled.set(watchlistId, next)
    return effects.handledSlots.save(watchlistId, next).catch((error: unknown) => {
      // The mark holds in memory, so this run of the app repeats nothing; a restart might.
      effects.log.warn('a handled schedule slot could not be saved', { error, watchlistId })
    })
  }

  function forget(watchlistId: string): void {
    handled.delete(watchlistId)
    effects.handledSlots.forget(watchlistId).catch((error: unknown) => {
      effects.log.warn('the handled slots of a watchlist could not be removed', { error, watchlistId })
    })
  }

  /** Keeps one mark per watchlist with a schedule, starting afresh from now when its timing changed. */
  function reconcile(next: readonly ScheduledWatchlist[]): void {
    watchlists = firstOfEachId(next)
    const now = effects.now()
    for (const { id, schedule } of watchlists) {
      if (schedule === null) continue
      const key = scheduleTimingKey(schedule)
      const current = handled.get(id)
      if (current?.scheduleKey === key) continue
      void mark(id, { through: Math.max(current?.through ?? now, now), local: current?.local ?? null, scheduleKey: key })
    }
    for (const id of [...handled.keys()]) {
      if (!watchlists.some((watchlist) => watchlist.id === id && watchlist.schedule !== null)) forget(id)
    }
    for (const id of [...queue.keys()]) if (timing(id) === null) queue.delete(id)
  }

  function distrustMarksOfWrongClock(now: number): void {
    for (const [id, current] of handled) {
      if (!isMarkFromWrongClock(current, now)) continue
      effects.log.warn('the clock went back further than a time zone or daylight saving explains; the schedule starts from now', {
        watchlistId: id,
        markedThrough: new Date(current.through).toISOString()
      })
      void mark(id, { through: now, local: null, scheduleKey: current.scheduleKey })
    }
  }

  function noteDueSlots(now: number, timeZone: string): void {
    for (const { id } of watchlists) {
      const schedule = timing(id)
      if (schedule === null) continue
      const slot = latestSlotAtOrBefore(schedule, timeZone, now)
      if (slot === null || !isUnhandled(slot, handled.get(id))) continue
      const queued = queue.get(id)
      if (queued !== undefined && queued.slot.at >= slot.at) continue
      queue.set(id, {
        slot,
        reason: now - slot.at <= ON_TIME_MS ? 'scheduled' : 'missed',
        waitingFor: queued?.waitingFor ?? null,
        waited: (queued?.waited ?? false) || running?.watchlistId === id,
        dueSince: queued?.dueSince ?? slot.at
      })
    }
  }

  function inTurn(): Array<[string, QueuedSlot]> {
    const order = new Map(watchlists.map((watchlist, index) => [watchlist.id, index]))
    return [...queue].sort(([a, x], [b, y]) => x.dueSince - y.dueSince || (order.get(a) ?? 0) - (order.get(b) ?? 0))
  }

  function handledMark(watchlistId: string, slot: ScheduleSlot): HandledSlot {
    const schedule = timing(watchlistId)
    const key = schedule === null ? (handled.get(watchlistId)?.scheduleKey ?? '') : scheduleTimingKey(schedule)
    return { through: slot.at, local: slotLocalTime(slot), scheduleKey: key }
  }

  /**
   * Looks at every due slot in turn: skips those a person's later run made needless, sets aside
   * those waiting for a person's run to end, and starts the first of the others if nothing runs.
   */
  function pump(): void {
    if (isPaused || stopped) return
    for (const [id, entry] of inTurn()) {
      if (timing(id) === null || !isUnhandled(entry.slot, handled.get(id))) {
        queue.delete(id)
        continue
      }
      const active = effects.activeRun(id)
      if (active !== null && active.startedAt >= entry.slot.at) {
        skip(id, entry, active)
        continue
      }
      if (active !== null) {
        waitFor(entry, active)
        continue
      }
      entry.waitingFor = null
      if (running !== null) continue
      queue.delete(id)
      runSlot(id, entry)
    }
  }

  function skip(watchlistId: string, entry: QueuedSlot, active: ActiveRun): void {
    queue.delete(watchlistId)
    void mark(watchlistId, handledMark(watchlistId, entry.slot))
    const outcome: SlotOutcome = {
      kind: 'skipped_already_running',
      watchlistId,
      slot: entry.slot,
      reason: entry.reason,
      runningSince: active.startedAt
    }
    notify(() => effects.report(outcome), 'report')
  }

  function waitFor(entry: QueuedSlot, active: ActiveRun): void {
    entry.waited = true
    // The same run may be described by a new object at each look: its end is what identifies it.
    if (entry.waitingFor?.ended === active.ended) return
    entry.waitingFor = active
    const carryOn = (): void => recheck()
    active.ended.then(carryOn, carryOn)
  }

  function runSlot(watchlistId: string, entry: QueuedSlot): void {
    const { slot, reason } = entry
    const request: ScheduledRunRequest = { reason, slot, waitedForRun: entry.waited }
    running = { watchlistId, slot }
    const ended = (outcome: SlotOutcome | null): void => {
      running = null
      if (outcome !== null) notify(() => effects.report(outcome), 'report')
      recheck()
    }
    writtenOrLate(mark(watchlistId, handledMark(watchlistId, slot)), watchlistId)
      .then(() => {
        // Paused or stopped while the mark was written: the slot counts as handled, as one waiting its turn would.
        if (isPaused || stopped) return false
        return effects.runWatchlist(watchlistId, request).then(() => true)
      })
      .then(
        (ran) => ended(ran ? { kind: 'ran', watchlistId, ...request } : null),
        (error: unknown) => {
          effects.log.error('a scheduled run of a watchlist failed', { error, watchlistId })
          ended({ kind: 'failed', watchlistId, ...request, error })
        }
      )
  }

  function writtenOrLate(written: Promise<void>, watchlistId: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const cancel = effects.setTimer(MARK_WAIT_MS, () => {
        effects.log.warn('a handled schedule slot is taking long to save; the run starts without waiting', { watchlistId })
        resolve()
      })
      void written.then(() => {
        cancel()
        resolve()
      })
    })
  }

  function arm(now: number, timeZone: string): void {
    cancelTimer?.()
    cancelTimer = null
    if (isPaused || stopped) return
    let next = Number.POSITIVE_INFINITY
    for (const { id } of watchlists) {
      const schedule = timing(id)
      if (schedule === null) continue
      const slot = nextUnhandledSlot(schedule, timeZone, now, handled.get(id))
      if (slot !== null) next = Math.min(next, slot.at)
    }
    if (next === Number.POSITIVE_INFINITY) return
    cancelTimer = effects.setTimer(Math.min(Math.max(0, next - now), RECHECK_MS), recheck)
  }

  function recheck(): void {
    if (!started || stopped) return
    const now = effects.now()
    const timeZone = zone()
    distrustMarksOfWrongClock(now)
    if (!isPaused) {
      noteDueSlots(now, timeZone)
      pump()
    }
    arm(now, timeZone)
    notify(effects.changed, 'change notice')
  }

  return {
    async start(initial) {
      if (starting || started || stopped) return
      starting = true
      given = initial
      try {
        handled = new Map(await effects.handledSlots.load())
      } catch (error) {
        // Without the marks, every schedule starts from now: nothing missed runs, nothing runs twice.
        effects.log.warn('the handled schedule slots could not be read', { error })
      }
      if (stopped) return
      started = true
      reconcile(given)
      recheck()
    },
    setWatchlists(next) {
      given = next
      if (!started) return
      reconcile(next)
      recheck()
    },
    pause() {
      if (isPaused) return
      isPaused = true
      queue.clear()
      if (started) recheck()
    },
    resume() {
      if (!isPaused) return
      isPaused = false
      if (!started) return
      const now = effects.now()
      for (const { id, schedule } of watchlists) {
        const current = handled.get(id)
        if (schedule !== null && current !== undefined && current.through < now) void mark(id, { ...current, through: now })
      }
      recheck()
    },
    paused: () => isPaused,
    wake: recheck,
    nextRuns() {
      const now = effects.now()
      const timeZone = zone()
      const list = started ? watchlists : firstOfEachId(given)
      return list.map(({ id, schedule }): NextRun => {
        if (schedule === null || !schedule.enabled) return { watchlistId: id, status: 'off', slot: null }
        if (running?.watchlistId === id) return { watchlistId: id, status: 'running', slot: running.slot }
        const queued = queue.get(id)
        if (queued !== undefined)
          return { watchlistId: id, status: queued.waitingFor === null ? 'due' : 'waiting_for_run', slot: queued.slot }
        return {
          watchlistId: id,
          status: isPaused ? 'paused' : 'scheduled',
          slot: nextUnhandledSlot(schedule, timeZone, now, handled.get(id))
        }
      })
    },
    stop() {
      stopped = true
      cancelTimer?.()
      cancelTimer = null
      queue.clear()
    }
  }
}

function firstOfEachId(watchlists: readonly ScheduledWatchlist[]): ScheduledWatchlist[] {
  const seen = new Set<string>()
  return watchlists.filter((watchlist) => {
    if (seen.has(watchlist.id)) return false
    seen.add(watchlist.id)
    return true
  })
}
