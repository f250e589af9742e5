import type { RateLimit } from '../inventory/inventory-client'

/**
 * The job-wide gate every request passes before it is sent. It keeps the job inside the server's
 * rate window using `X-Current-Token-Count` / `X-Next-Replenishment-Time`, so 429s stay rare; when
 * one comes anyway, the whole job pauses and resumes with less concurrency.
 */

export interface GateState {
  concurrency: number
  inFlight: number
  /** Requests the server said were left in its window, from the latest response that said so. */
  remaining: number | null
  /** When that window replenishes (epoch ms). */
  resetAt: number | null
  /** Set by a 429: no request leaves before this time. */
  pausedUntil: number | null
}

export type GateDecision =
  | { kind: 'go' }
  /** At the concurrency limit: wait for a request to finish. */
  | { kind: 'full' }
  /** Rate limited: wait until `until` (or for a response that brings fresh figures). */
  | { kind: 'hold'; until: number }

/** Pure: may one more request leave now? */
export function decideDispatch(state: GateState, now: number, maxWaitMs: number): GateDecision {
  if (state.pausedUntil !== null && now < state.pausedUntil) {
    return { kind: 'hold', until: Math.min(state.pausedUntil, now + maxWaitMs) }
  }
  if (state.inFlight >= state.concurrency) return { kind: 'full' }
  const windowOpen = state.resetAt === null || now >= state.resetAt
  // The requests in flight will each spend one of the remaining tokens when the server counts them.
  if (!windowOpen && state.remaining !== null && state.remaining <= state.inFlight && state.resetAt !== null) {
    return { kind: 'hold', until: Math.min(state.resetAt, now + maxWaitMs) }
  }
  return { kind: 'go' }
}

/** Pure: how long to pause after a 429 whose response named no time. */
export function pauseWithoutHint(episode: number, random: () => number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, episode - 1))
  // Half fixed, half jitter: a throttled server must not see an immediate retry.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export interface ThrottleOptions {
  maxConcurrency: number
  random: () => number
  baseBackoffMs?: number
  maxBackoffMs?: number
  /** No single hold lasts longer than this, whatever a (possibly skewed) server clock says. */
  maxWaitMs?: number
  /** Consecutive successes, per unit of current concurrency, before concurrency creeps back up by one. */
  successesPerStep?: number
}

export type RequestOutcome = 'success' | 'throttled' | 'failure'

export interface ThrottleSnapshot {
  throttled: boolean
  resumeAt: number | null
  throttledMs: number
  concurrency: number
  /** 429 responses received. */
  throttles: number
}

export interface Throttle {
  /** On `go` the caller must send exactly one request and later call `release` once. */
  tryAcquire(now: number): GateDecision
  release(outcome: RequestOutcome, rateLimit: RateLimit | null, now: number): void
  /** Stops counting time held, e.g. when the job ends or has nothing queued. */
  idle(now: number): void
  snapshot(now: number): ThrottleSnapshot
}

export function createThrottle(options: ThrottleOptions): Throttle {
  const baseBackoffMs = options.baseBackoffMs ?? 1_000
  const maxBackoffMs = options.maxBackoffMs ?? 60_000
  const maxWaitMs = options.maxWaitMs ?? 5 * 60_000
  const successesPerStep = options.successesPerStep ?? 5
  const maxConcurrency = Math.max(1, Math.floor(options.maxConcurrency))

  const state: GateState = { concurrency: maxConcurrency, inFlight: 0, remaining: null, resetAt: null, pausedUntil: null }
  let episodes = 0
  let successStreak = 0
  let throttles = 0
  let throttledMs = 0
  let heldSince: number | null = null
  let heldUntil: number | null = null

  function endHold(now: number): void {
    if (heldSince !== null) throttledMs += Math.max(0, now - heldSince)
    heldSince = null
    heldUntil = null
  }

  function noteWindow(rateLimit: RateLimit | null): void {
    if (rateLimit === null) return
    if (rateLimit.remaining !== null) state.remaining = rateLimit.remaining
    if (rateLimit.resetAt !== null) state.resetAt = rateLimit.resetAt
  }

  return {
    tryAcquire(now) {
      const decision = decideDispatch(state, now, maxWaitMs)
      if (decision.kind === 'hold') {
        heldSince ??= now
        heldUntil = decision.until
        return decision
      }
      endHold(now)
      if (decision.kind === 'go') state.inFlight += 1
      return decision
    },

    release(outcome, rateLimit, now) {
      state.inFlight = Math.max(0, state.inFlight - 1)
      if (outcome === 'throttled') {
        throttles += 1
        successStreak = 0
        const alreadyPaused = state.pausedUntil !== null && now < state.pausedUntil
        // Responses to requests sent before the pause began belong to the same episode.
        if (!alreadyPaused) {
          episodes += 1
          state.concurrency = Math.max(1, Math.floor(state.concurrency / 2))
        }
        const until =
          rateLimit?.retryAfterMs != null
            ? now + rateLimit.retryAfterMs
            : rateLimit?.resetAt != null && rateLimit.resetAt > now
              ? rateLimit.resetAt
              : now + pauseWithoutHint(episodes, options.random, baseBackoffMs, maxBackoffMs)
        state.pausedUntil = Math.max(state.pausedUntil ?? 0, Math.min(until, now + maxWaitMs))
        // The pause replaces the window figures: after it the server starts a fresh count.
        state.remaining = null
        state.resetAt = null
        return
      }
      noteWindow(rateLimit)
      if (outcome === 'success') {
        episodes = 0
        successStreak += 1
        if (state.concurrency < maxConcurrency && successStreak >= successesPerStep * state.concurrency) {
          state.concurrency += 1
          successStreak = 0
        }
      }
    },

    idle(now) {
      endHold(now)
    },

    snapshot(now) {
      const holding = heldSince !== null
      return {
        throttled: holding,
        resumeAt: holding ? heldUntil : null,
        throttledMs: throttledMs + (heldSince === null ? 0 : Math.max(0, now - heldSince)),
        concurrency: state.concurrency,
        throttles
      }
    }
  }
}
