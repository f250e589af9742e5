import type { RateLimit } from '../../inventory/rate-limit-headers'

/**
 * Decides when the next search may leave, so that a lookup runs at the rate the server allows and
 * no faster. Two sources of truth, used together:
 *
 * - The server's own figures. `X-Current-Token-Count` says how many requests its window still
 *   allows after the one answered, `X-Next-Replenishment-Time` when the window refills, and a 429's
 *   `Retry-After` how long to stay away. Every send is numbered; a figure answered to send `s` allows
 *   sends up to `s + remaining`, because the sends after `s` reach the server after it. Sends that
 *   were dropped without an answer are counted too, since the server counted them. Once the window
 *   is spent, nothing leaves until it refills, so 429s stay rare.
 * - Where the server says nothing, a congestion window found by trying (AIMD): it grows by one
 *   request per round trip while answers keep coming back fast (from a quick start that doubles it),
 *   halves on a 429 (with figures a 429 is rare, so the cut costs little), and shrinks by a fifth
 *   when latency rises well above the fastest recent answers, which is how an overloaded server
 *   queues. Below one request in flight the window becomes a pace: one request per round trip / window.
 */

export type SendOutcome = 'success' | 'throttled' | 'failure' | 'cancelled'

export interface SendResult {
  outcome: SendOutcome
  rateLimit: RateLimit | null
  /** From send to answer. */
  latencyMs: number
}

export type Dispatch =
  | { kind: 'go' }
  /** As many requests in flight as the window allows: wait for one to finish. */
  | { kind: 'full' }
  /**
   * Nothing may leave before `until`. `server`: the server asked for the wait (a 429, a spent
   * window); `pace`: the controller spaces requests out below one in flight.
   */
  | { kind: 'hold'; until: number; reason: 'server' | 'pace' }

export interface RateControllerOptions {
  /** Requests in flight at once, at most, whatever the server allows. */
  maxConcurrency: number
  /** Where the congestion window starts; it grows from there while answers come back fast. */
  initialConcurrency?: number
  random: () => number
  /** The first pause after a 429 that names no time; it doubles for each further one. */
  baseBackoffMs?: number
  maxBackoffMs?: number
  /** No single hold lasts longer than this, whatever a (possibly skewed) server clock says. */
  maxWaitMs?: number
}

export interface RateControllerSnapshot {
  /** Requests the controller lets be in flight; below 1, one at a time, spaced out. */
  window: number
  /** Smoothed latency of recent successful answers. */
  latencyMs: number | null
  /** The fastest of the recent successful answers: what latency is when the server is not queueing. */
  baseLatencyMs: number | null
  /** Sends the server's current window still allows; null when it said nothing or the window refilled. */
  budget: number | null
  resetAt: number | null
  pausedUntil: number | null
  /** 429 answers received. */
  throttles: number
  /** Times the window was cut, for a 429 without figures or for rising latency. */
  decreases: number
}

export interface RateController {
  decide(now: number, inFlight: number): Dispatch
  /** Call on each send that `decide` allowed; the number it returns goes back with the answer. */
  sent(now: number): number
  settled(sendNumber: number, result: SendResult, now: number): void
  snapshot(now: number): RateControllerSnapshot
}

/** The slowest pace: with 1 s answers, one request every 50 s. */
const MIN_WINDOW = 0.02
const DECREASE_ON_THROTTLE = 0.5
const DECREASE_ON_LATENCY = 0.8
/** Per success below one request in flight, where each answer is a whole round. */
const PACED_STEP = 0.05
/** Latency counts as rising above base x ratio + slack; the slack keeps a fast loopback's jitter from looking like queueing. */
const LATENCY_RISE_RATIO = 1.5
const LATENCY_RISE_SLACK_MS = 30
/** The base latency is the fastest answer of this long: long enough that a queue building up does not become the new normal. */
const BASE_LATENCY_SPAN_MS = 30_000
const MIN_SAMPLES_FOR_LATENCY = 8
const SMOOTHING = 0.2
/** Until any answer says otherwise, a round trip is taken to last this long. */
const UNKNOWN_LATENCY_MS = 1_000
/** Replenishment times within this of each other name the same window (servers that send "seconds from now" drift). */
const SAME_WINDOW_MS = 1_000
/** A count without a replenishment time is trusted for this long. */
const COUNT_ALONE_VALID_MS = 1_000

/** The two answers without a time, made once: `decide` runs on every step of every pump. */
const GO: Dispatch = Object.freeze({ kind: 'go' })
const FULL: Dispatch = Object.freeze({ kind: 'full' })

/** Pure: how long to pause after a 429 whose response named no time. */
export function pauseWithoutHint(episode: number, random: () => number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, episode - 1))
  // Half fixed, half jitter: a throttled server must not see an immediate retry.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export function createRateController(options: RateControllerOptions): RateController {
  const maxConcurrency = Math.max(1, Math.floor(options.maxConcurrency))
  const baseBackoffMs = options.baseBackoffMs ?? 1_000
  const maxBackoffMs = options.maxBackoffMs ?? 60_000
  const maxWaitMs = options.maxWaitMs ?? 5 * 60_000

  let window = Math.min(maxConcurrency, Math.max(1, options.initialConcurrency ?? 4))
  let slowStartUntil = Number.POSITIVE_INFINITY
  let sends = 0
  let nextPacedAt = Number.NEGATIVE_INFINITY
  let smoothedLatency: number | null = null
  let latencySamples = 0
  /** Successes' latencies, fastest first once slower earlier ones are dropped: the front is the minimum of the span. */
  const fastest: Array<{ at: number; latency: number }> = []
  let lastDecreaseAt = Number.NEGATIVE_INFINITY
  /** Answers to sends up to this one were on their way when the window was cut; they do not grow it again. */
  let sendsAtDecrease = 0
  /** When the window last held a request back (or was filled by one): growth is earned only by a window in use. */
  let lastFullAt = Number.NEGATIVE_INFINITY
  let decreases = 0
  let throttles = 0
  let episodes = 0
  let pausedUntil: number | null = null
  /** After a 429 that named no time, one request tests the water before the window opens again. */
  let probing = false
  /**
   * The server's current window: the last send number it allows, and when it refills. Once it has
   * refilled and before the new window's first figure comes back, the window is `provisional`: as
   * many sends as a whole window has been seen to allow, so a refill does not start with a burst the
   * server then refuses.
   */
  let serverWindow: { lastAllowed: number; resetAt: number; provisional: boolean } | null = null
  /** The most one window has been seen to allow: a success's remaining count, plus itself. */
  let windowSize: number | null = null

  const roundTrip = (): number => smoothedLatency ?? UNKNOWN_LATENCY_MS
  const baseLatency = (): number | null => fastest[0]?.latency ?? null

  function slots(): number {
    return Math.max(1, Math.floor(window))
  }

  function hold(until: number, now: number, reason: 'server' | 'pace'): Dispatch {
    return { kind: 'hold', until: Math.min(until, now + maxWaitMs), reason }
  }

  function decrease(now: number, factor: number, floor: number): void {
    // Answers to requests sent before the cut say the same thing again: one cut per round trip.
    if (now - lastDecreaseAt < roundTrip()) return
    window = Math.max(floor, window * factor)
    slowStartUntil = window
    lastDecreaseAt = now
    sendsAtDecrease = sends
    decreases += 1
  }

  function increase(): void {
    if (window < 1) window += PACED_STEP
    else if (window < slowStartUntil) window += 1
    else window += 1 / window
    window = Math.min(maxConcurrency, window)
  }

  function noteFigures(sendNumber: number, outcome: SendOutcome, rateLimit: RateLimit | null, now: number): void {
    if (rateLimit === null || rateLimit.remaining === null) return
    // A refused request was not counted, so its zero says nothing about the window's size.
    if (outcome !== 'throttled') windowSize = Math.max(windowSize ?? 0, rateLimit.remaining + 1)
    // A server clock far ahead must not hold the lookup longer than the cap; after it, the window counts as refilled.
    const resetAt = Math.min(rateLimit.resetAt ?? now + COUNT_ALONE_VALID_MS, now + maxWaitMs)
    const lastAllowed = sendNumber + rateLimit.remaining
    if (serverWindow === null || resetAt > serverWindow.resetAt + SAME_WINDOW_MS) {
      serverWindow = { lastAllowed, resetAt, provisional: false }
    } else if (serverWindow.provisional) {
      // An answer counted in the window before the refill: the provisional allowance stands.
    } else if (resetAt >= serverWindow.resetAt - SAME_WINDOW_MS) {
      // Of two figures for one window, the lower bound is right: answers may arrive out of order.
      serverWindow.lastAllowed = Math.min(serverWindow.lastAllowed, lastAllowed)
    }
  }

  function pauseFor(rateLimit: RateLimit | null, now: number): void {
    const alreadyPaused = pausedUntil !== null && now < pausedUntil
    // Answers to requests sent before the pause began belong to the same episode.
    if (!alreadyPaused) episodes += 1
    const named =
      rateLimit?.retryAfterMs != null
        ? now + rateLimit.retryAfterMs
        : rateLimit?.resetAt != null && rateLimit.resetAt > now
          ? rateLimit.resetAt
          : null
    probing = named === null
    const until = named ?? now + pauseWithoutHint(episodes, options.random, baseBackoffMs, maxBackoffMs)
    pausedUntil = Math.max(pausedUntil ?? 0, Math.min(until, now + maxWaitMs))
    // An explicit Retry-After says when the server takes requests again, whatever its count said.
    if (rateLimit?.retryAfterMs != null && serverWindow !== null && serverWindow.resetAt > pausedUntil) {
      serverWindow.resetAt = pausedUntil
    }
  }

  function noteLatency(latencyMs: number, now: number): void {
    const latency = Math.max(0, latencyMs)
    smoothedLatency = smoothedLatency === null ? latency : smoothedLatency * (1 - SMOOTHING) + latency * SMOOTHING
    latencySamples += 1
    while ((fastest.at(-1)?.latency ?? Number.NEGATIVE_INFINITY) >= latency) fastest.pop()
    fastest.push({ at: now, latency })
    while ((fastest[0]?.at ?? now) < now - BASE_LATENCY_SPAN_MS) fastest.shift()
  }

  function latencyRising(): boolean {
    const base = baseLatency()
    if (base === null || smoothedLatency === null || latencySamples < MIN_SAMPLES_FOR_LATENCY) return false
    return smoothedLatency > base * LATENCY_RISE_RATIO + LATENCY_RISE_SLACK_MS
  }

  return {
    decide(now, inFlight) {
      if (pausedUntil !== null && now < pausedUntil) return hold(pausedUntil, now, 'server')
      if (serverWindow !== null && !serverWindow.provisional && now >= serverWindow.resetAt && windowSize !== null) {
        serverWindow = { lastAllowed: sends + windowSize, resetAt: serverWindow.resetAt, provisional: true }
      }
      if (serverWindow !== null && sends >= serverWindow.lastAllowed) {
        if (!serverWindow.provisional && now < serverWindow.resetAt) return hold(serverWindow.resetAt, now, 'server')
        if (serverWindow.provisional) {
          // The new window's first figures are on their way back; if all came back without any, the server stopped saying.
          if (inFlight > 0) return FULL
          serverWindow = null
        }
      }
      if (inFlight >= (probing ? 1 : slots())) {
        lastFullAt = now
        return FULL
      }
      if (window < 1 && now < nextPacedAt) return hold(nextPacedAt, now, 'pace')
      if (inFlight + 1 >= slots()) lastFullAt = now
      return GO
    },

    sent(now) {
      sends += 1
      if (window < 1) nextPacedAt = now + roundTrip() / window
      return sends
    },

    settled(sendNumber, result, now) {
      noteFigures(sendNumber, result.outcome, result.rateLimit, now)
      switch (result.outcome) {
        case 'cancelled':
        case 'failure':
          return
        case 'throttled': {
          throttles += 1
          decrease(now, DECREASE_ON_THROTTLE, MIN_WINDOW)
          pauseFor(result.rateLimit, now)
          return
        }
        case 'success': {
          episodes = 0
          probing = false
          noteLatency(result.latencyMs, now)
          if (latencyRising()) {
            decrease(now, DECREASE_ON_LATENCY, Math.min(1, window))
            return
          }
          // Grow only while the window is what holds requests back, not a pause or a lack of work.
          const windowInUse = now - lastFullAt <= 2 * roundTrip()
          if (windowInUse && sendNumber > sendsAtDecrease) increase()
        }
      }
    },

    snapshot(now) {
      const known = serverWindow !== null && (serverWindow.provisional || now < serverWindow.resetAt) ? serverWindow : null
      return {
        window,
        latencyMs: smoothedLatency,
        baseLatencyMs: baseLatency(),
        budget: known === null ? null : Math.max(0, known.lastAllowed - sends),
        resetAt: known === null || known.provisional ? null : known.resetAt,
        pausedUntil: pausedUntil !== null && now < pausedUntil ? pausedUntil : null,
        throttles,
        decreases
      }
    }
  }
}
