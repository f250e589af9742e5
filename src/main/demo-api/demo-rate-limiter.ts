export interface RateWindowState {
  /** Requests still allowed in the current window. */
  remaining: number
  /** Epoch ms when the current window ends and the allowance is restored. */
  resetAt: number
}

export interface RateDecision extends RateWindowState {
  allowed: boolean
}

export interface FixedWindowLimiter {
  /** Spends one request from the current window when any is left. */
  take(limit: number, windowMs: number, originMs?: number): RateDecision
  /** Reports the current window without spending anything. */
  peek(limit: number, windowMs: number, originMs?: number): RateWindowState
}

/**
 * A fixed window aligned to whole multiples of its length on the injected clock (whole minutes for
 * the 60-second default): the same shape of throttling that neighbouring services document ("N per
 * minute", a count left and a replenishment time), and simple enough that a test with a fake clock
 * can predict every header. A test on the real clock moves the origin to its own start instead, so
 * how long a window has left is its choice, not the phase of the minute it happens to run in.
 * Changing the length or the origin starts a new window.
 */
export function createFixedWindowLimiter(now: () => number): FixedWindowLimiter {
  let windowStart = Number.NEGATIVE_INFINITY
  let windowLength = 0
  let used = 0

  function roll(windowMs: number, originMs: number): number {
    const time = now()
    const start = originMs + Math.floor((time - originMs) / windowMs) * windowMs
    if (start !== windowStart || windowMs !== windowLength) {
      windowStart = start
      windowLength = windowMs
      used = 0
    }
    return start + windowMs
  }

  return {
    take(limit, windowMs, originMs = 0) {
      const resetAt = roll(windowMs, originMs)
      if (used >= limit) return { allowed: false, remaining: 0, resetAt }
      used += 1
      return { allowed: true, remaining: limit - used, resetAt }
    },
    peek(limit, windowMs, originMs = 0) {
      const resetAt = roll(windowMs, originMs)
      return { remaining: Math.max(0, limit - used), resetAt }
    }
  }
}

/** Whole seconds until the window resets, never 0: a client that waits that long will be let in. */
export function retryAfterSeconds(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000))
}
