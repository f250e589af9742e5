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
  send(): Promise<SendReport>
}

/** What a send's answer said about the server's rate. */
export type SendReport = Pick<SendResult, 'outcome' | 'rateLimit'>

export interface LaneState {
  /** The server has asked this lane's work to wait (a 429 or a spent window). */
  throttled: boolean
  resumeAt: number | null
  /** Time this lane spent waiting for the server, in total. */
  throttledMs: number
}

export interface Lane<T extends Task = Task> {
  push(task: T): void
  /** Pushes each in turn and then sends what may go: a lookup's 2,000 searches queued at its start are looked at once, not once each. */
  pushAll(tasks: Iterable<T>): void
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
  /** Lanes whose `heldSince` is set. */
  let lanesHeld = 0
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
    // Called on every step of a pump: with no hold and no lane held, there is nothing to look at.
    if (until === null && lanesHeld === 0) return
    for (const lane of lanes) {
      const waiting = until !== null && lane.entries.size > 0
      if (waiting && lane.heldSince === null) {
        lane.heldSince = now
        lanesHeld += 1
        lane.onThrottleChange()
      } else if (!waiting && lane.heldSince !== null) {
        release(lane, now)
        lane.onThrottleChange()
      }
    }
  }

  function release(lane: LaneRecord, now: number): void {
    if (lane.heldSince === null) return
    lane.throttledMs += Math.max(0, now - lane.heldSince)
    lane.heldSince = null
    lanesHeld -= 1
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

  /** One reaction per send, not a chain of them: a try stands in for a promise that catches a send throwing at once. */
  function dispatch(task: Task, now: number): void {
    inFlight += 1
    const sendNumber = deps.controller.sent(now)
    let sending: Promise<SendReport>
    try {
      sending = task.send()
    } catch (error) {
      sending = Promise.reject(error)
    }
    sending.then(
      (result) => settle(sendNumber, now, result),
      (error: unknown) => {
        deps.onUnexpectedError(error)
        settle(sendNumber, now, { outcome: 'failure', rateLimit: null })
      }
    )
  }

  function settle(sendNumber: number, sentAt: number, { outcome, rateLimit }: SendReport): void {
    inFlight -= 1
    try {
      const settledAt = deps.now()
      deps.controller.settled(sendNumber, { outcome, rateLimit, latencyMs: settledAt - sentAt }, settledAt)
    } catch (error) {
      deps.onUnexpectedError(error)
    }
    schedulePump()
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
      const add = (task: T): void => {
        const queued: QueuedTask = { lane, task, entry: null }
        queued.entry = queue.push(queued, task.order, task.notBefore, lane.seq)
        lane.entries.add(queued.entry)
      }
      return {
        push(task: T) {
          if (lane.closed) return
          add(task)
          // New work leaves at once, as a lookup's first searches go out when it starts.
          pump()
        },
        pushAll(tasks: Iterable<T>) {
          if (lane.closed) return
          for (const task of tasks) add(task)
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
          release(lane, deps.now())
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
