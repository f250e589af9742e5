import type { RateController, RateControllerSnapshot, SendResult } from './rate-controller'
import { createWorkQueue, type WorkEntry } from './work-queue'

/**
 * Sends the searches of every lookup against one API client, one rate between them: the server
 * limits a client, not a lookup. Lookups get a lane each; a lane opened earlier is served first, and
 * within a lane work goes in its own order, so lookups (and, within a many-store lookup, stores)
 * finish in turn while as many requests stay in flight as the rate allows.
 */

export interface Task {
  /** Lower first, element by element, within the lane, e.g. [store, batch]. */
  order: readonly number[]
  /** Not sent before this time (a retry's backoff). */
  notBefore?: number
  /**
   * Sends the request and handles its answer (a retry pushes new work before this settles, so it
   * keeps its place). Resolves with what the answer said about the server's rate; it must not reject.
   */
  send(): Promise<Pick<SendResult, 'outcome' | 'rateLimit'>>
}

export interface LaneState {
  /** The server has asked this lane's work to wait (a 429 or a spent window). */
  throttled: boolean
  resumeAt: number | null
  /** Time this lane spent waiting for the server, in total. */
  throttledMs: number
}

export interface Lane<T extends Task = Task> {
  push(task: T): void
  /** Work not yet sent; requests in flight are the caller's to abort. */
  readonly queued: number
  /** Takes out the work not yet sent, in no particular order, e.g. to fail it without sending it. */
  drain(): T[]
  /** Drops the work not yet sent and closes the lane. */
  close(): void
  state(now: number): LaneState
}

export interface LaneOptions {
  /** Called when the lane starts or stops waiting for the server, so its progress can say so. */
  onThrottleChange?: () => void
}

export interface RequestScheduler {
  openLane<T extends Task>(options?: LaneOptions): Lane<T>
  readonly inFlight: number
  snapshot(now: number): RateControllerSnapshot
}

export interface SchedulerDeps {
  controller: RateController
  now: () => number
  /** May resolve or reject when `signal` aborts; the scheduler copes with either. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** A bug, such as a send that broke its promise not to reject (counted as a failure): for the log. */
  onUnexpectedError: (error: unknown) => void
}

interface LaneRecord {
  seq: number
  entries: Set<WorkEntry<QueuedTask>>
  closed: boolean
  heldSince: number | null
  throttledMs: number
  onThrottleChange: () => void
}

interface QueuedTask {
  lane: LaneRecord
  task: Task
  entry: WorkEntry<QueuedTask> | null
}

export function createRequestScheduler(deps: SchedulerDeps): RequestScheduler {
  const queue = createWorkQueue<QueuedTask>()
  const lanes = new Set<LaneRecord>()
  let laneSeq = 0
  let inFlight = 0
  let serverHoldUntil: number | null = null
  let timer: { at: number; abort: AbortController } | null = null
  let pumpQueued = false
  let pumping = false

  /**
   * Answers that arrive together are all taken in before anything more is sent: a 429 among them
   * holds back the sends that the successes next to it would otherwise have let out.
   */
  function schedulePump(): void {
    if (pumpQueued) return
    pumpQueued = true
    setImmediate(() => {
      pumpQueued = false
      pump()
    })
  }

  function wakeAt(at: number | null): void {
    if (timer !== null && timer.at === at) return
    timer?.abort.abort()
    timer = null
    if (at === null) return
    const abort = new AbortController()
    const scheduled = { at, abort }
    timer = scheduled
    deps
      .sleep(Math.max(0, at - deps.now()), abort.signal)
      .catch(() => undefined)
      .then(() => {
        if (timer !== scheduled || abort.signal.aborted) return
        timer = null
        schedulePump()
      })
      .catch(deps.onUnexpectedError)
  }

  function noteServerHold(now: number, until: number | null): void {
    serverHoldUntil = until
    for (const lane of lanes) {
      const waiting = until !== null && lane.entries.size > 0
      if (waiting && lane.heldSince === null) {
        lane.heldSince = now
        lane.onThrottleChange()
      } else if (!waiting && lane.heldSince !== null) {
        lane.throttledMs += Math.max(0, now - lane.heldSince)
        lane.heldSince = null
        lane.onThrottleChange()
      }
    }
  }

  function pump(): void {
    // A send that pushes work synchronously calls back in here; the loop below picks that work up.
    if (pumping) return
    pumping = true
    try {
      pumpNow()
    } finally {
      pumping = false
    }
  }

  function pumpNow(): void {
    for (;;) {
      const now = deps.now()
      if (!queue.hasReady(now)) {
        noteServerHold(now, null)
        wakeAt(queue.nextReadyAt())
        return
      }
      const decision = deps.controller.decide(now, inFlight)
      if (decision.kind === 'full') {
        noteServerHold(now, null)
        wakeAt(null)
        return
      }
      if (decision.kind === 'hold') {
        noteServerHold(now, decision.reason === 'server' ? decision.until : null)
        wakeAt(decision.until)
        return
      }
      noteServerHold(now, null)
      const next = queue.takeReady(now)
      if (next === undefined) continue
      if (next.entry !== null) next.lane.entries.delete(next.entry)
      dispatch(next.task, now)
    }
  }

  function dispatch(task: Task, now: number): void {
    inFlight += 1
    const sendNumber = deps.controller.sent(now)
    new Promise<Pick<SendResult, 'outcome' | 'rateLimit'>>((resolve) => resolve(task.send()))
      .catch((error: unknown): Pick<SendResult, 'outcome' | 'rateLimit'> => {
        deps.onUnexpectedError(error)
        return { outcome: 'failure', rateLimit: null }
      })
      .then((result) => {
        inFlight -= 1
        const settledAt = deps.now()
        deps.controller.settled(sendNumber, { ...result, latencyMs: settledAt - now }, settledAt)
        schedulePump()
      })
      .catch(deps.onUnexpectedError)
  }

  return {
    openLane<T extends Task>(options: LaneOptions = {}): Lane<T> {
      const lane: LaneRecord = {
        seq: (laneSeq += 1),
        entries: new Set(),
        closed: false,
        heldSince: null,
        throttledMs: 0,
        onThrottleChange: options.onThrottleChange ?? (() => undefined)
      }
      lanes.add(lane)
      return {
        push(task: T) {
          if (lane.closed) return
          const queued: QueuedTask = { lane, task, entry: null }
          queued.entry = queue.push(queued, [lane.seq, ...task.order], task.notBefore)
          lane.entries.add(queued.entry)
          // New work leaves at once, as a lookup's first searches go out when it starts.
          pump()
        },
        get queued() {
          return lane.entries.size
        },
        drain() {
          const tasks: T[] = []
          for (const entry of lane.entries) {
            // Only this lane's push puts work in it, always a T.
            if (queue.drop(entry)) tasks.push(entry.value.task as T)
          }
          lane.entries.clear()
          return tasks
        },
        close() {
          if (lane.closed) return
          lane.closed = true
          for (const entry of lane.entries) queue.drop(entry)
          lane.entries.clear()
          const now = deps.now()
          if (lane.heldSince !== null) lane.throttledMs += Math.max(0, now - lane.heldSince)
          lane.heldSince = null
          lanes.delete(lane)
          schedulePump()
        },
        state(now) {
          const held = lane.heldSince !== null
          return {
            throttled: held,
            resumeAt: held ? serverHoldUntil : null,
            throttledMs: lane.throttledMs + (lane.heldSince === null ? 0 : Math.max(0, now - lane.heldSince))
          }
        }
      }
    },

    get inFlight() {
      return inFlight
    },

    snapshot: (now) => deps.controller.snapshot(now)
  }
}
