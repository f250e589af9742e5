import { describe, expect, it } from 'vitest'
import type { RateLimit } from '../../inventory/rate-limit-headers'
import { createRateController, pauseWithoutHint, type RateController, type SendOutcome } from './rate-controller'

const T0 = 1_000_000
const figures = (remaining: number, resetAt: number): RateLimit => ({ remaining, resetAt, retryAfterMs: null })
const silent: RateLimit = { remaining: null, resetAt: null, retryAfterMs: null }

/** Sends as many requests as the controller lets go at `now`; returns their send numbers. */
function sendAll(controller: RateController, now: number, inFlight: { count: number }): number[] {
  const sent: number[] = []
  while (controller.decide(now, inFlight.count).kind === 'go') {
    sent.push(controller.sent(now))
    inFlight.count += 1
  }
  return sent
}

function answer(
  controller: RateController,
  inFlight: { count: number },
  sendNumber: number,
  now: number,
  outcome: SendOutcome = 'success',
  rateLimit: RateLimit | null = silent,
  latencyMs = 100
): void {
  inFlight.count -= 1
  controller.settled(sendNumber, { outcome, rateLimit, latencyMs }, now)
}

describe('pauseWithoutHint', () => {
  it('backs off exponentially, never immediately, capped', () => {
    expect(pauseWithoutHint(1, () => 0, 1_000, 60_000)).toBe(500)
    expect(pauseWithoutHint(3, () => 0, 1_000, 60_000)).toBe(2_000)
    expect(pauseWithoutHint(3, () => 1, 1_000, 60_000)).toBe(4_000)
    expect(pauseWithoutHint(20, () => 1, 1_000, 60_000)).toBe(60_000)
  })
})

describe('createRateController: the server figures', () => {
  it('starts at the initial window and waits for an answer when it is full', () => {
    const controller = createRateController({ maxConcurrency: 8, initialConcurrency: 3, random: () => 0.5 })
    const inFlight = { count: 0 }
    expect(sendAll(controller, T0, inFlight)).toEqual([1, 2, 3])
    expect(controller.decide(T0, inFlight.count)).toEqual({ kind: 'full' })
  })

  it('lets out exactly the sends a figure allows, counting those already in flight, then holds until the window refills', () => {
    const controller = createRateController({ maxConcurrency: 10, initialConcurrency: 4, random: () => 0.5 })
    const inFlight = { count: 0 }
    expect(sendAll(controller, T0, inFlight)).toEqual([1, 2, 3, 4])
    // Send 1 left 5 in the window: sends 2-4 are already on their way, so 5 and 6 may go, no more.
    answer(controller, inFlight, 1, T0 + 100, 'success', figures(5, T0 + 60_000))
    expect(sendAll(controller, T0 + 100, inFlight)).toEqual([5, 6])
    expect(controller.decide(T0 + 100, inFlight.count)).toEqual({ kind: 'hold', until: T0 + 60_000, reason: 'server' })
    expect(controller.snapshot(T0 + 100)).toMatchObject({ budget: 0, resetAt: T0 + 60_000 })
    expect(controller.decide(T0 + 60_000, 0).kind).toBe('go')
  })

  it('keeps the lower allowance when answers come back out of order', () => {
    const controller = createRateController({ maxConcurrency: 10, initialConcurrency: 3, random: () => 0.5 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    // The server counted send 3 before send 2: send 3's figure promises one send too many.
    answer(controller, inFlight, 2, T0 + 100, 'success', figures(7, T0 + 60_000))
    answer(controller, inFlight, 3, T0 + 100, 'success', figures(8, T0 + 60_000))
    expect(controller.snapshot(T0 + 100).budget).toBe(9 - 3)
  })

  it('counts a dropped request against the window: the server counted it', () => {
    const controller = createRateController({ maxConcurrency: 10, initialConcurrency: 2, random: () => 0.5 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    answer(controller, inFlight, 1, T0 + 100, 'success', figures(3, T0 + 60_000))
    answer(controller, inFlight, 2, T0 + 150, 'failure', null)
    expect(sendAll(controller, T0 + 150, inFlight)).toEqual([3, 4])
    expect(controller.decide(T0 + 150, inFlight.count).kind).toBe('hold')
  })

  it('ignores an answer counted in a window that has already refilled', () => {
    const controller = createRateController({ maxConcurrency: 10, initialConcurrency: 2, random: () => 0.5 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    answer(controller, inFlight, 2, T0 + 100, 'success', figures(9, T0 + 120_000))
    answer(controller, inFlight, 1, T0 + 100, 'success', figures(0, T0 + 60_000))
    expect(controller.snapshot(T0 + 100)).toMatchObject({ budget: 9, resetAt: T0 + 120_000 })
  })

  it('after a refill sends only as many as a whole window allowed until the new window speaks', () => {
    const controller = createRateController({ maxConcurrency: 10, initialConcurrency: 10, random: () => 0.5 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    // A window of 3 (the first answer left 2): sends 4-10 are refused.
    answer(controller, inFlight, 1, T0 + 100, 'success', figures(2, T0 + 10_000))
    for (let send = 2; send <= 10; send += 1) {
      answer(controller, inFlight, send, T0 + 100, send <= 3 ? 'success' : 'throttled', figures(send <= 3 ? 3 - send : 0, T0 + 10_000))
    }
    // The 429s' Retry-After is absent, so the window's refill ends the pause.
    expect(controller.decide(T0 + 100, 0)).toEqual({ kind: 'hold', until: T0 + 10_000, reason: 'server' })
    expect(sendAll(controller, T0 + 10_000, inFlight)).toEqual([11, 12, 13])
    expect(controller.decide(T0 + 10_000, inFlight.count)).toEqual({ kind: 'full' })
    // An answer counted just before the refill says nothing about the new window.
    answer(controller, inFlight, 10, T0 + 10_050, 'success', figures(0, T0 + 10_000))
    expect(controller.snapshot(T0 + 10_050).budget).toBe(0)
    answer(controller, inFlight, 11, T0 + 10_100, 'success', figures(2, T0 + 20_000))
    expect(controller.decide(T0 + 10_100, inFlight.count)).toEqual({ kind: 'hold', until: T0 + 20_000, reason: 'server' })
  })

  it('forgets a refilled window whose answers came back without figures', () => {
    const controller = createRateController({ maxConcurrency: 4, initialConcurrency: 4, random: () => 0.5 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    answer(controller, inFlight, 1, T0 + 100, 'success', figures(0, T0 + 1_000))
    for (const send of [2, 3, 4]) answer(controller, inFlight, send, T0 + 100, 'failure', null)
    expect(sendAll(controller, T0 + 1_000, inFlight)).toEqual([5])
    answer(controller, inFlight, 5, T0 + 1_100, 'success', silent)
    expect(sendAll(controller, T0 + 1_100, inFlight)).toHaveLength(4)
  })
})

describe('createRateController: 429', () => {
  it('pauses everything until Retry-After and halves the window once for the answers of one round trip', () => {
    const controller = createRateController({ maxConcurrency: 4, initialConcurrency: 4, random: () => 0.5 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    answer(controller, inFlight, 1, T0 + 50, 'throttled', { remaining: 0, resetAt: T0 + 60_000, retryAfterMs: 2_000 })
    answer(controller, inFlight, 2, T0 + 60, 'throttled', { remaining: 0, resetAt: T0 + 60_000, retryAfterMs: 2_000 })
    answer(controller, inFlight, 3, T0 + 70, 'success', null)
    answer(controller, inFlight, 4, T0 + 80, 'success', null)
    expect(controller.snapshot(T0 + 80)).toMatchObject({ window: 2, throttles: 2, decreases: 1, pausedUntil: T0 + 2_060 })
    expect(controller.decide(T0 + 80, 0)).toEqual({ kind: 'hold', until: T0 + 2_060, reason: 'server' })
    expect(sendAll(controller, T0 + 2_060, inFlight)).toHaveLength(2)
  })

  it('falls back to the replenishment time, then to exponential backoff, when the 429 names no time', () => {
    const controller = createRateController({ maxConcurrency: 1, random: () => 0, baseBackoffMs: 1_000 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    answer(controller, inFlight, 1, T0, 'throttled', { remaining: null, resetAt: T0 + 9_000, retryAfterMs: null })
    expect(controller.decide(T0, 0)).toEqual({ kind: 'hold', until: T0 + 9_000, reason: 'server' })

    let now = T0 + 9_000
    const pauses: number[] = []
    for (let i = 0; i < 3; i += 1) {
      const [send] = sendAll(controller, now, inFlight)
      answer(controller, inFlight, send ?? 0, now, 'throttled', null)
      const decision = controller.decide(now, 0)
      if (decision.kind !== 'hold') throw new Error('expected a hold')
      pauses.push(decision.until - now)
      now = decision.until
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000])
  })

  it('never holds longer than the cap, whatever the server says', () => {
    const controller = createRateController({ maxConcurrency: 1, random: () => 0.5, maxWaitMs: 60_000 })
    const inFlight = { count: 0 }
    sendAll(controller, T0, inFlight)
    answer(controller, inFlight, 1, T0, 'throttled', { remaining: 0, resetAt: T0 + 3_600_000, retryAfterMs: 3_600_000 })
    expect(controller.decide(T0, 0)).toEqual({ kind: 'hold', until: T0 + 60_000, reason: 'server' })
    expect(controller.decide(T0 + 60_000, 0).kind).toBe('go')
  })
})

describe('createRateController: finding the rate when the server says nothing', () => {
  /** One round: fill the window, answer every request after `latencyMs`. Returns the window after the round. */
  function round(controller: RateController, now: number, latencyMs = 100, outcome: SendOutcome = 'success'): number {
    const inFlight = { count: 0 }
    const sent = sendAll(controller, now, inFlight)
    for (const send of sent) answer(controller, inFlight, send, now + latencyMs, outcome, silent, latencyMs)
    return controller.snapshot(now + latencyMs).window
  }

  it('doubles the window each round trip until the first cut, then adds one per round trip', () => {
    const controller = createRateController({ maxConcurrency: 64, initialConcurrency: 2, random: () => 0.5 })
    const windows: number[] = []
    let now = T0
    for (let i = 0; i < 4; i += 1, now += 100) windows.push(round(controller, now))
    expect(windows).toEqual([4, 8, 16, 32])

    const inFlight = { count: 0 }
    const [send] = sendAll(controller, now, inFlight)
    answer(controller, inFlight, send ?? 0, now + 100, 'throttled', { remaining: null, resetAt: null, retryAfterMs: 0 })
    const afterCut = controller.snapshot(now + 100).window
    expect(afterCut).toBe(16)
    now += 100
    const additive: number[] = []
    for (let i = 0; i < 3; i += 1, now += 100) additive.push(Math.round(round(controller, now) * 100) / 100)
    // Each round's 16-17 answers add about 1/window each: one more request per round trip.
    expect(additive[0]).toBeCloseTo(17, 0)
    expect(additive[2]).toBeCloseTo(19, 0)
  })

  it('does not grow while it has less work than the window allows', () => {
    const controller = createRateController({ maxConcurrency: 64, initialConcurrency: 8, random: () => 0.5 })
    const inFlight = { count: 0 }
    let now = T0
    for (let i = 0; i < 20; i += 1, now += 100) {
      // Three requests at a time, of the eight the window allows.
      const sent = [1, 2, 3].map(() => {
        expect(controller.decide(now, inFlight.count).kind).toBe('go')
        inFlight.count += 1
        return controller.sent(now)
      })
      for (const send of sent) answer(controller, inFlight, send, now + 100)
    }
    expect(controller.snapshot(now).window).toBe(8)
  })

  it('stops at the most requests in flight it was allowed', () => {
    const controller = createRateController({ maxConcurrency: 6, initialConcurrency: 2, random: () => 0.5 })
    let now = T0
    for (let i = 0; i < 10; i += 1, now += 100) round(controller, now)
    expect(controller.snapshot(now).window).toBe(6)
  })

  it('shrinks the window by a fifth when latency rises well above the fastest answers, down to one', () => {
    const controller = createRateController({ maxConcurrency: 64, initialConcurrency: 10, random: () => 0.5 })
    let now = T0
    // Answers at 100 ms fill the latency history (and the window grows past 10 meanwhile).
    for (let i = 0; i < 2; i += 1, now += 100) round(controller, now, 100)
    const before = controller.snapshot(now).window
    // Queueing: 400 ms answers.
    const windows: number[] = []
    for (let i = 0; i < 20; i += 1, now += 400) windows.push(round(controller, now, 400))
    expect(windows[0]).toBeLessThan(before)
    expect(controller.snapshot(now).decreases).toBeGreaterThan(3)
    expect(windows.at(-1)).toBe(1)
    expect(Math.min(...windows)).toBe(1)
  })

  it('below one request in flight, spaces requests out by round trip / window, and picks up again', () => {
    const controller = createRateController({ maxConcurrency: 4, initialConcurrency: 1, random: () => 0.5, baseBackoffMs: 100 })
    const inFlight = { count: 0 }
    let now = T0
    // Three 429s without any figures, each more than a round trip (1 s until a success says otherwise) apart: 1 -> 0.5 -> 0.25 -> 0.125.
    for (let i = 0; i < 3; i += 1) {
      now += 1_000
      const decision = controller.decide(now, 0)
      if (decision.kind === 'hold') now = decision.until
      const [send] = sendAll(controller, now, inFlight)
      now += 200
      answer(controller, inFlight, send ?? 0, now, 'throttled', null, 200)
    }
    expect(controller.snapshot(now).window).toBe(0.125)
    for (let decision = controller.decide(now, 0); decision.kind === 'hold'; decision = controller.decide(now, 0)) now = decision.until
    const [send] = sendAll(controller, now, inFlight)
    expect(send).toBeDefined()
    // No latency is known from a success yet: a round trip counts as one second, so one request per 8 s.
    expect(controller.decide(now, 0)).toEqual({ kind: 'hold', until: now + 8_000, reason: 'pace' })
    answer(controller, inFlight, send ?? 0, now + 200, 'success', silent, 200)
    expect(controller.snapshot(now + 200).window).toBeCloseTo(0.175, 5)
    expect(controller.decide(now + 200, 0)).toEqual({ kind: 'hold', until: now + 8_000, reason: 'pace' })
  })

  it('takes no lesson from transient faults or cancelled requests', () => {
    const controller = createRateController({ maxConcurrency: 16, initialConcurrency: 4, random: () => 0.5 })
    expect(round(controller, T0, 100, 'failure')).toBe(4)
    expect(round(controller, T0 + 100, 100, 'cancelled')).toBe(4)
    expect(controller.snapshot(T0 + 200)).toMatchObject({ decreases: 0, throttles: 0, latencyMs: null })
  })
})
