import { describe, expect, it } from 'vitest'
import { createFixedWindowLimiter, retryAfterSeconds } from './demo-rate-limiter'

const MINUTE = 60_000

describe('createFixedWindowLimiter', () => {
  it('allows the limit per whole minute and restores it when the minute turns', () => {
    let time = Date.UTC(2025, 0, 6, 9, 0, 59, 500)
    const limiter = createFixedWindowLimiter(() => time)
    const windowEnd = Date.UTC(2025, 0, 6, 9, 1, 0)
    expect(limiter.take(2, MINUTE)).toEqual({ allowed: true, remaining: 1, resetAt: windowEnd })
    expect(limiter.take(2, MINUTE)).toEqual({ allowed: true, remaining: 0, resetAt: windowEnd })
    expect(limiter.take(2, MINUTE)).toEqual({ allowed: false, remaining: 0, resetAt: windowEnd })
    expect(limiter.peek(2, MINUTE)).toEqual({ remaining: 0, resetAt: windowEnd })
    time = windowEnd
    expect(limiter.peek(2, MINUTE)).toEqual({ remaining: 2, resetAt: windowEnd + 60_000 })
    expect(limiter.take(2, MINUTE).remaining).toBe(1)
  })

  it('aligns a shorter window to whole multiples of its length, and starts afresh when the length changes', () => {
    let time = Date.UTC(2025, 0, 6, 9, 0, 7, 250)
    const limiter = createFixedWindowLimiter(() => time)
    const tenSeconds = Date.UTC(2025, 0, 6, 9, 0, 10)
    expect(limiter.take(3, 5_000)).toEqual({ allowed: true, remaining: 2, resetAt: tenSeconds })
    expect(limiter.take(3, 5_000).remaining).toBe(1)
    time = tenSeconds + 4_999
    expect(limiter.take(3, 5_000)).toEqual({ allowed: true, remaining: 2, resetAt: tenSeconds + 5_000 })
    expect(limiter.take(3, 10_000)).toEqual({ allowed: true, remaining: 2, resetAt: tenSeconds + 10_000 })
  })

  it('counts windows from an origin when given one, and starts afresh when the origin moves', () => {
    let time = Date.UTC(2025, 0, 6, 9, 0, 59, 500)
    const limiter = createFixedWindowLimiter(() => time)
    const origin = time - 250
    expect(limiter.take(1, MINUTE, origin)).toEqual({ allowed: true, remaining: 0, resetAt: origin + MINUTE })
    time = Date.UTC(2025, 0, 6, 9, 1, 0)
    expect(limiter.take(1, MINUTE, origin)).toEqual({ allowed: false, remaining: 0, resetAt: origin + MINUTE })
    time = origin + 2 * MINUTE + 1
    expect(limiter.peek(1, MINUTE, origin)).toEqual({ remaining: 1, resetAt: origin + 3 * MINUTE })
    limiter.take(1, MINUTE, origin)
    expect(limiter.take(1, MINUTE, time)).toEqual({ allowed: true, remaining: 0, resetAt: time + MINUTE })
  })

  it('never reports a negative count when the limit is lowered mid-window', () => {
    const limiter = createFixedWindowLimiter(() => 0)
    for (let i = 0; i < 5; i += 1) limiter.take(10, MINUTE)
    expect(limiter.peek(3, MINUTE).remaining).toBe(0)
    expect(limiter.take(3, MINUTE).allowed).toBe(false)
  })
})

describe('retryAfterSeconds', () => {
  it('rounds up and never says 0', () => {
    expect(retryAfterSeconds(60_000, 10_000)).toBe(50)
    expect(retryAfterSeconds(60_000, 10_001)).toBe(50)
    expect(retryAfterSeconds(60_000, 9_999)).toBe(51)
    expect(retryAfterSeconds(60_000, 59_999)).toBe(1)
    expect(retryAfterSeconds(60_000, 60_000)).toBe(1)
  })
})
