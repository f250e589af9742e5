/**
 * A clock for tests: time moves only when the test says so, and `sleep` resolves when the clock
 * passes its deadline. `runUntilSettled` plays the role of the event loop's timers, jumping to the
 * next deadline whenever nothing else is left to run.
 *
 * Timers run on their own clock, as the event loop's do: `jumpWallClock` moves what `now()` says
 * (the clock set, a time zone's clock changed by hand, or a sleep during which timers stood still)
 * without moving any timer, and `advance` moves both.
 */
export interface FakeClock {
  now(): number
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /** Like `setTimeout`: calls `fire` once `ms` have passed on the timers' clock; the returned function cancels it. */
  setTimer(ms: number, fire: () => void): () => void
  advance(ms: number): Promise<void>
  jumpWallClock(ms: number): void
  pendingTimers(): number
  runUntilSettled<T>(promise: Promise<T>, maxJumps?: number): Promise<T>
}

interface Timer {
  at: number
  seq: number
  resolve: () => void
  cancelled?: boolean
}

export const FAKE_EPOCH = Date.UTC(2025, 0, 6, 9, 0, 0)

export async function flushMicrotasks(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve))
}

export function createFakeClock(start: number = FAKE_EPOCH): FakeClock {
  let current = start
  let wallOffset = 0
  let seq = 0
  let timers: Timer[] = []

  function fireDue(): boolean {
    const due = timers.filter((t) => t.at <= current).sort((a, b) => a.at - b.at || a.seq - b.seq)
    if (due.length === 0) return false
    timers = timers.filter((t) => t.at > current)
    // A timer that fires may cancel another one due at the same moment, as with real timers.
    for (const timer of due) if (timer.cancelled !== true) timer.resolve()
    return true
  }

  const clock: FakeClock = {
    now: () => current + wallOffset,

    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) {
          resolve()
          return
        }
        const timer: Timer = { at: current + Math.max(0, ms), seq: (seq += 1), resolve }
        timers.push(timer)
        signal?.addEventListener(
          'abort',
          () => {
            timers = timers.filter((t) => t !== timer)
            resolve()
          },
          { once: true }
        )
      })
    },

    setTimer(ms, fire) {
      const timer: Timer = { at: current + Math.max(0, ms), seq: (seq += 1), resolve: fire }
      timers.push(timer)
      return () => {
        timer.cancelled = true
        timers = timers.filter((t) => t !== timer)
      }
    },

    jumpWallClock(ms) {
      wallOffset += ms
    },

    async advance(ms) {
      const target = current + ms
      for (;;) {
        const next = timers.reduce((min, t) => Math.min(min, t.at), Number.POSITIVE_INFINITY)
        if (next > target) break
        current = Math.max(current, next)
        fireDue()
        await flushMicrotasks()
      }
      current = target
      await flushMicrotasks()
    },

    pendingTimers: () => timers.length,

    async runUntilSettled<T>(promise: Promise<T>, maxJumps = 100_000): Promise<T> {
      let settled = false
      let failure: unknown = null
      let value: T | undefined
      promise.then(
        (v) => {
          settled = true
          value = v
        },
        (error: unknown) => {
          settled = true
          failure = error ?? new Error('rejected')
        }
      )
      for (let jumps = 0; ; jumps += 1) {
        await flushMicrotasks()
        if (settled) break
        if (jumps >= maxJumps) throw new Error('The fake clock jumped too often; the code under test may loop.')
        const next = timers.reduce((min, t) => Math.min(min, t.at), Number.POSITIVE_INFINITY)
        if (next === Number.POSITIVE_INFINITY) throw new Error('Nothing left to run and the promise has not settled.')
        current = Math.max(current, next)
        fireDue()
      }
      if (failure !== null) throw failure
      return value as T
    }
  }
  return clock
}
