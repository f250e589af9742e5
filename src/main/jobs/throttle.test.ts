import { describe, expect, it } from 'vitest'
import { createThrottle, decideDispatch, pauseWithoutHint, type GateState } from './throttle'

const T0 = 1_000_000
const open: GateState = { concurrency: 4, inFlight: 0, remaining: null, resetAt: null, pausedUntil: null }
const window = (remaining: number, resetAt: number) => ({ remaining, resetAt, retryAfterMs: null })

describe('decideDispatch', () => {
  it('lets requests go while the window has tokens and concurrency allows', () => {
    expect(decideDispatch(open, T0, 60_000)).toEqual({ kind: 'go' })
    expect(decideDispatch({ ...open, inFlight: 3, remaining: 10, resetAt: T0 + 5_000 }, T0, 60_000)).toEqual({ kind: 'go' })
  })

  it('waits for a request to finish at the concurrency limit', () => {
    expect(decideDispatch({ ...open, inFlight: 4 }, T0, 60_000)).toEqual({ kind: 'full' })
  })

  it('holds new requests until the replenishment time when the tokens left are already spoken for', () => {
    const state = { ...open, inFlight: 2, remaining: 2, resetAt: T0 + 7_000 }
    expect(decideDispatch(state, T0, 60_000)).toEqual({ kind: 'hold', until: T0 + 7_000 })
    expect(decideDispatch({ ...state, remaining: 0, inFlight: 0 }, T0, 60_000)).toEqual({ kind: 'hold', until: T0 + 7_000 })
    expect(decideDispatch(state, T0 + 7_000, 60_000)).toEqual({ kind: 'go' })
  })

  it('holds everything during a pause, but never longer than the cap', () => {
    expect(decideDispatch({ ...open, pausedUntil: T0 + 3_000 }, T0, 60_000)).toEqual({ kind: 'hold', until: T0 + 3_000 })
    expect(decideDispatch({ ...open, pausedUntil: T0 + 3_000_000 }, T0, 60_000)).toEqual({ kind: 'hold', until: T0 + 60_000 })
    expect(decideDispatch({ ...open, pausedUntil: T0 + 3_000 }, T0 + 3_000, 60_000)).toEqual({ kind: 'go' })
  })
})

describe('pauseWithoutHint', () => {
  it('backs off exponentially, never immediately, capped', () => {
    expect(pauseWithoutHint(1, () => 0, 1_000, 60_000)).toBe(500)
    expect(pauseWithoutHint(3, () => 0, 1_000, 60_000)).toBe(2_000)
    expect(pauseWithoutHint(3, () => 1, 1_000, 60_000)).toBe(4_000)
    expect(pauseWithoutHint(20, () => 1, 1_000, 60_000)).toBe(60_000)
  })
})

describe('createThrottle', () => {
  it('counts requests in flight against the concurrency limit', () => {
    const throttle = createThrottle({ maxConcurrency: 2, random: () => 0.5 })
    expect(throttle.tryAcquire(T0).kind).toBe('go')
    expect(throttle.tryAcquire(T0).kind).toBe('go')
    expect(throttle.tryAcquire(T0).kind).toBe('full')
    throttle.release('success', null, T0 + 10)
    expect(throttle.tryAcquire(T0 + 10).kind).toBe('go')
  })

  it('uses the window figures of each response proactively and records the time held', () => {
    const throttle = createThrottle({ maxConcurrency: 4, random: () => 0.5 })
    expect(throttle.tryAcquire(T0).kind).toBe('go')
    throttle.release('success', window(0, T0 + 5_000), T0 + 100)
    expect(throttle.tryAcquire(T0 + 100)).toEqual({ kind: 'hold', until: T0 + 5_000 })
    expect(throttle.snapshot(T0 + 1_100)).toMatchObject({ throttled: true, resumeAt: T0 + 5_000, throttledMs: 1_000 })
    expect(throttle.tryAcquire(T0 + 5_000).kind).toBe('go')
    expect(throttle.snapshot(T0 + 6_000)).toMatchObject({ throttled: false, resumeAt: null, throttledMs: 4_900, throttles: 0 })
  })

  it('on a 429 pauses the whole job until Retry-After and halves concurrency once per episode', () => {
    const throttle = createThrottle({ maxConcurrency: 4, random: () => 0.5 })
    for (let i = 0; i < 4; i += 1) expect(throttle.tryAcquire(T0).kind).toBe('go')
    throttle.release('throttled', { remaining: 0, resetAt: T0 + 60_000, retryAfterMs: 2_000 }, T0 + 50)
    // The other requests were already on their way; their 429s belong to the same episode.
    throttle.release('throttled', { remaining: 0, resetAt: T0 + 60_000, retryAfterMs: 2_000 }, T0 + 60)
    throttle.release('success', window(3, T0 + 60_000), T0 + 70)
    throttle.release('success', window(2, T0 + 60_000), T0 + 80)
    expect(throttle.snapshot(T0 + 80)).toMatchObject({ concurrency: 2, throttles: 2 })
    expect(throttle.tryAcquire(T0 + 80)).toEqual({ kind: 'hold', until: T0 + 2_060 })
    expect(throttle.tryAcquire(T0 + 2_060).kind).toBe('go')
    expect(throttle.tryAcquire(T0 + 2_060).kind).toBe('go')
    expect(throttle.tryAcquire(T0 + 2_060).kind).toBe('full')
  })

  it('falls back to the replenishment time, then to exponential backoff, when the 429 names no time', () => {
    const throttle = createThrottle({ maxConcurrency: 1, random: () => 0, baseBackoffMs: 1_000 })
    throttle.tryAcquire(T0)
    throttle.release('throttled', { remaining: 0, resetAt: T0 + 9_000, retryAfterMs: null }, T0)
    expect(throttle.tryAcquire(T0)).toEqual({ kind: 'hold', until: T0 + 9_000 })

    let now = T0 + 9_000
    const pauses: number[] = []
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.tryAcquire(now).kind).toBe('go')
      throttle.release('throttled', null, now)
      const decision = throttle.tryAcquire(now)
      if (decision.kind !== 'hold') throw new Error('expected a hold')
      pauses.push(decision.until - now)
      now = decision.until
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000])
  })

  it('creeps concurrency back up after sustained success', () => {
    const throttle = createThrottle({ maxConcurrency: 4, random: () => 0.5, successesPerStep: 2 })
    throttle.tryAcquire(T0)
    throttle.release('throttled', { remaining: null, resetAt: null, retryAfterMs: 1_000 }, T0)
    expect(throttle.snapshot(T0).concurrency).toBe(2)
    let now = T0 + 1_000
    const seen: number[] = []
    for (let i = 0; i < 12; i += 1) {
      expect(throttle.tryAcquire(now).kind).toBe('go')
      throttle.release('success', null, (now += 10))
      seen.push(throttle.snapshot(now).concurrency)
    }
    expect(seen).toEqual([2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4])
  })

  it('stops counting held time when the job goes idle', () => {
    const throttle = createThrottle({ maxConcurrency: 1, random: () => 0.5 })
    throttle.tryAcquire(T0)
    throttle.release('throttled', { remaining: null, resetAt: null, retryAfterMs: 10_000 }, T0)
    throttle.tryAcquire(T0)
    throttle.idle(T0 + 3_000)
    expect(throttle.snapshot(T0 + 9_000)).toMatchObject({ throttled: false, throttledMs: 3_000 })
  })
})
