import { describe, expect, it } from 'vitest'
import { parseRateLimit } from './rate-limit-headers'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)

describe('parseRateLimit', () => {
  it('reads nothing from a response without throttling headers', () => {
    expect(parseRateLimit(new Headers(), NOW)).toEqual({ remaining: null, resetAt: null, retryAfterMs: null })
  })

  it.each([
    [String(NOW + 30_000), NOW + 30_000],
    [String((NOW + 30_000) / 1000), NOW + 30_000],
    [new Date(NOW + 30_000).toISOString(), NOW + 30_000],
    [new Date(NOW + 30_000).toUTCString(), NOW + 30_000],
    ['30', NOW + 30_000]
  ])('reads X-Next-Replenishment-Time %s', (value, expected) => {
    const headers = new Headers({ 'X-Next-Replenishment-Time': value, 'X-Current-Token-Count': '4' })
    expect(parseRateLimit(headers, NOW)).toEqual({ remaining: 4, resetAt: expected, retryAfterMs: null })
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRateLimit(new Headers({ 'Retry-After': '12' }), NOW).retryAfterMs).toBe(12_000)
    expect(parseRateLimit(new Headers({ 'Retry-After': new Date(NOW + 5_000).toUTCString() }), NOW).retryAfterMs).toBe(5_000)
    expect(parseRateLimit(new Headers({ 'Retry-After': new Date(NOW - 5_000).toUTCString() }), NOW).retryAfterMs).toBe(0)
  })

  it('ignores garbage', () => {
    const headers = new Headers({ 'Retry-After': 'soon', 'X-Current-Token-Count': '-3', 'X-Next-Replenishment-Time': 'later' })
    expect(parseRateLimit(headers, NOW)).toEqual({ remaining: null, resetAt: null, retryAfterMs: null })
  })

  it("reads a search's headers as a record without touching the global Headers, whose first use loads Node's fetch", () => {
    const global = Object.getOwnPropertyDescriptor(globalThis, 'Headers')
    Object.defineProperty(globalThis, 'Headers', {
      configurable: true,
      get() {
        throw new Error('the global Headers was read')
      }
    })
    try {
      const headers = { 'x-current-token-count': '7', 'x-next-replenishment-time': String(NOW + 30_000), 'retry-after': '2' }
      expect(parseRateLimit(headers, NOW)).toEqual({ remaining: 7, resetAt: NOW + 30_000, retryAfterMs: 2_000 })
    } finally {
      if (global !== undefined) Object.defineProperty(globalThis, 'Headers', global)
    }
  })
})
