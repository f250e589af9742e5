import { describe, expect, it } from 'vitest'
import { START, authHeaders, search, start, tokenFor, validGtins } from './test-support/demo-api-requests'

describe('rate limit', () => {
  it('counts down on every search, answers 429 with Retry-After when spent, and refills at the next minute', async () => {
    const { api, clock } = await start({ rateLimitPerWindow: 3 })
    const token = await tokenFor(api)
    const body = { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(1) }
    const windowEnd = Date.UTC(2025, 0, 6, 9, 1, 0)

    const counts: Array<string | null> = []
    for (let i = 0; i < 3; i += 1) {
      const response = await search(api, body, authHeaders(token))
      expect(response.status).toBe(200)
      expect(response.headers.get('x-next-replenishment-time')).toBe(String(windowEnd))
      counts.push(response.headers.get('x-current-token-count'))
    }
    expect(counts).toEqual(['2', '1', '0'])

    clock.time += 500
    const throttled = await search(api, body, authHeaders(token))
    expect(throttled.status).toBe(429)
    expect(await throttled.json()).toEqual({ message: 'Too Many Requests' })
    expect(throttled.headers.get('retry-after')).toBe('50')
    expect(throttled.headers.get('x-current-token-count')).toBe('0')
    expect(throttled.headers.get('x-next-replenishment-time')).toBe(String(windowEnd))
    expect(api.stats().throttled).toBe(1)

    clock.time = windowEnd
    const refilled = await search(api, body, authHeaders(token))
    expect(refilled.status).toBe(200)
    expect(refilled.headers.get('x-current-token-count')).toBe('2')
  })

  it('checks the token before spending the allowance, yet still reports the window', async () => {
    const { api } = await start({ rateLimitPerWindow: 2 })
    const token = await tokenFor(api)
    const body = { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(1) }
    for (let i = 0; i < 5; i += 1) {
      const refused = await search(api, body, authHeaders('not-a-token'))
      expect(refused.status).toBe(401)
      expect(refused.headers.get('x-current-token-count')).toBe('2')
    }
    expect((await search(api, body, authHeaders(token))).headers.get('x-current-token-count')).toBe('1')
  })

  it('takes a shorter window, aligned to whole multiples of its length', async () => {
    const { api, clock } = await start({ rateLimitPerWindow: 2, rateWindowMs: 4_000 })
    const token = await tokenFor(api)
    const body = { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(1) }
    // START is 9:00:10, so the 4-second window began at 9:00:08 and ends at 9:00:12.
    const windowEnd = Date.UTC(2025, 0, 6, 9, 0, 12)
    await search(api, body, authHeaders(token))
    await search(api, body, authHeaders(token))
    const throttled = await search(api, body, authHeaders(token))
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('2')
    expect(throttled.headers.get('x-next-replenishment-time')).toBe(String(windowEnd))
    clock.time = windowEnd
    const refilled = await search(api, body, authHeaders(token))
    expect(refilled.status).toBe(200)
    expect(refilled.headers.get('x-current-token-count')).toBe('1')
    expect(refilled.headers.get('x-next-replenishment-time')).toBe(String(windowEnd + 4_000))
  })

  it('starts its windows where it is told, so a window can have a known length ahead of it', async () => {
    const { api, clock } = await start({ rateLimitPerWindow: 1, rateWindowOriginMs: START - 1_000 })
    const token = await tokenFor(api)
    const body = { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(1) }
    expect((await search(api, body, authHeaders(token))).headers.get('x-next-replenishment-time')).toBe(String(START + 59_000))
    const throttled = await search(api, body, authHeaders(token))
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('59')
    clock.time = START + 59_000
    expect((await search(api, body, authHeaders(token))).status).toBe(200)
    expect(() => api.setFaults({ rateWindowOriginMs: -1 })).toThrow(RangeError)
    expect(() => api.setFaults({ rateWindowOriginMs: 0.5 })).toThrow(RangeError)
  })

  it('can keep its figures to itself: only Retry-After on a 429, or nothing at all', async () => {
    const { api } = await start({ rateLimitPerWindow: 1, rateLimitHeaders: 'retry_after' })
    const token = await tokenFor(api)
    const body = { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(1) }
    const allowed = await search(api, body, authHeaders(token))
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('x-current-token-count')).toBeNull()
    expect(allowed.headers.get('x-next-replenishment-time')).toBeNull()
    const throttled = await search(api, body, authHeaders(token))
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('50')
    expect(throttled.headers.get('x-current-token-count')).toBeNull()

    api.setFaults({ rateLimitHeaders: 'none' })
    const bare = await search(api, body, authHeaders(token))
    expect(bare.status).toBe(429)
    expect(await bare.json()).toEqual({ message: 'Too Many Requests' })
    expect(bare.headers.get('retry-after')).toBeNull()
    expect(() => api.setFaults({ rateLimitHeaders: 'some' as 'all' })).toThrow(RangeError)
    expect(() => api.setFaults({ rateWindowMs: 50 })).toThrow(RangeError)
  })

  it('sends no rate headers when unlimited', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const response = await search(api, { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(1) }, authHeaders(token))
    expect(response.headers.get('x-current-token-count')).toBeNull()
  })
})
