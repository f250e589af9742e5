/**
 * A clock for the browser preview and whole-app tests: the real one shifted by what the test
 * sets, so lookups pace as usual while schedules see the time the test chose. A timer fires when
 * the clock is moved past it; with `realTimers`, also when its time passes on the real clock, so
 * a preview used by hand runs its schedules as the app does. Nothing waits: moving the clock
 * fires what it passed, at once, in order.
 */
export interface MovableClock {
  now(): number
  setTimer(ms: number, fire: () => void): () => void
  /** Moves the clock on by `ms` and fires the timers it passes. */
  advance(ms: number): void
  /** Sets the clock to `instant` (forward or back, as a person setting the computer's clock) and fires the timers passed. */
  set(instant: number): void
}

interface PendingTimer {
  at: number
  fire: () => void
  cancelReal: () => void
}

export function createMovableClock(options: { start?: number; realTimers?: boolean; realNow?: () => number } = {}): MovableClock {
  const realNow = options.realNow ?? Date.now
  let offset = options.start === undefined ? 0 : options.start - realNow()
  let timers: PendingTimer[] = []
  const now = (): number => realNow() + offset

  function fire(timer: PendingTimer): void {
    if (!timers.includes(timer)) return
    timers = timers.filter((other) => other !== timer)
    timer.cancelReal()
    timer.fire()
  }

  function firePassed(): void {
    const due = timers.filter((timer) => timer.at <= now()).sort((a, b) => a.at - b.at)
    for (const timer of due) fire(timer)
  }

  return {
    now,
    setTimer(ms, callback) {
      const timer: PendingTimer = { at: now() + Math.max(0, ms), fire: callback, cancelReal: () => undefined }
      timers.push(timer)
      if (options.realTimers === true) {
        const real = setTimeout(() => fire(timer), Math.max(0, ms))
        real.unref()
        timer.cancelReal = () => clearTimeout(real)
      }
      return () => {
        timer.cancelReal()
        timers = timers.filter((other) => other !== timer)
      }
    },
    advance(ms) {
      offset += Math.max(0, ms)
      firePassed()
    },
    set(instant) {
      offset = instant - realNow()
      firePassed()
    }
  }
}
