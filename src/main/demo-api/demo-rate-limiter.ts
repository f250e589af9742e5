export const RATE_WINDOW_MS = 60_000

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
  take(limit: number): RateDecision
  /** Reports the current window without spending anything. */
  peek(limit: number): RateWindowState
}

/**
 * A fixed window aligned to whole minutes of the injected clock: the same shape of throttling that
 * neighbouring services document ("N per minute", a count left and a replenishment time), and
 * simple enough that a test with a fake clock can predict every header.
 */
export function createFixedWindowLimiter(now: () => number): FixedWindowLimiter {
  let windowStart = Number.NEGATIVE_INFINITY
  let used = 0

  function roll(): number {
    const time = now()
    const start = Math.floor(time / RATE_WINDOW_MS) * RATE_WINDOW_MS
    if (start !== windowStart) {
      windowStart = start
      used = 0
    }
    return start + RATE_WINDOW_MS
  }

  return {
    take(limit) {
      const resetAt = roll()
      if (used >= limit) return { allowed: false, remaining: 0, resetAt }
      used += 1
      return { allowed: true, remaining: limit - used, resetAt }
    },
    peek(limit) {
      const resetAt = roll()
      return { remaining: Math.max(0, limit - used), resetAt }
    }
  }
}

/** Whole seconds until the window resets, never 0: a client that waits that long will be let in. */
export function retryAfterSeconds(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000))
}
