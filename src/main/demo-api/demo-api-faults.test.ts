import { describe, expect, it, vi } from 'vitest'
import { SEARCH_PATHS } from '../../shared/environments'
import { startDemoApi, type DemoApi } from './demo-api'
import { authHeaders, search, start, tokenFor, validGtins } from './test-support/demo-api-requests'

describe('faults', () => {
  const body = { store_nbr: 9, item_type: 'gtin', item_type_values: validGtins(5) }

  async function statuses(api: DemoApi, token: string, count: number): Promise<number[]> {
    const out: number[] = []
    for (let i = 0; i < count; i += 1) {
      const response = await search(api, body, authHeaders(token))
      await response.arrayBuffer()
      out.push(response.status)
    }
    return out
  }

  it('injects 500 and 503 at roughly the configured rate, repeatably for a seed', async () => {
    const { api } = await start({ serverErrorRate: 0.3, seed: 42 })
    const token = await tokenFor(api)
    const first = await statuses(api, token, 200)
    const errors = first.filter((status) => status >= 500).length
    expect(errors).toBeGreaterThanOrEqual(40)
    expect(errors).toBeLessThanOrEqual(80)
    expect(new Set(first)).toEqual(new Set([200, 500, 503]))
    expect(api.stats().serverErrors).toBe(errors)

    api.setFaults({ seed: 42 })
    expect(await statuses(api, token, 200)).toEqual(first)
  })

  it('answers 503 in plain text and 500 as JSON', async () => {
    const { api } = await start({ serverErrorRate: 1, seed: 7 })
    const token = await tokenFor(api)
    const seen = new Map<number, string>()
    for (let i = 0; i < 20 && seen.size < 2; i += 1) {
      const response = await search(api, body, authHeaders(token))
      seen.set(response.status, `${response.headers.get('content-type')} ${await response.text()}`)
    }
    expect(seen.get(503)).toBe('text/plain;charset=utf-8 One or more services are unavailable')
    expect(seen.get(500)).toContain('An internal server error has occurred.')
    expect(seen.get(500)).toContain('application/json')
  })

  it('drops the connection without a response, which fetch reports as an error', async () => {
    const { api } = await start({ dropConnectionRate: 1 })
    const token = await tokenFor(api)
    await expect(search(api, body, authHeaders(token))).rejects.toThrow(TypeError)
    expect(api.stats().dropped).toBe(1)
    api.setFaults({ dropConnectionRate: 0 })
    expect((await search(api, body, authHeaders(token))).status).toBe(200)
  })

  it('sends a 200 whose body is not valid JSON', async () => {
    const { api } = await start({ malformedBodyRate: 1 })
    const token = await tokenFor(api)
    for (let i = 0; i < 6; i += 1) {
      const response = await search(api, body, authHeaders(token))
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text.startsWith('{"supplier_name"')).toBe(true)
      expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError)
    }
    expect(api.stats().malformed).toBe(6)
  })

  it('adds latency without blocking, so concurrent searches overlap', async () => {
    const { api } = await start({ latencyMs: 300 })
    const token = await tokenFor(api)
    const started = performance.now()
    const responses = await Promise.all(Array.from({ length: 5 }, () => search(api, body, authHeaders(token))))
    const elapsed = performance.now() - started
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(1_400)
    expect(api.stats().maxConcurrentSearches).toBe(5)
  })

  it('holds every search after the first few without an answer until its client gives up or the server closes', async () => {
    const { api } = await start({ holdSearchesAfter: 2 })
    const token = await tokenFor(api)
    const send = (signal?: AbortSignal) =>
      fetch(`${api.url}${SEARCH_PATHS.production}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...authHeaders(token) },
        body: JSON.stringify(body),
        ...(signal === undefined ? {} : { signal })
      })
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const abandoned = new AbortController()
    const givenUp = send(abandoned.signal)
    const kept = send()
    await vi.waitFor(() => expect(api.stats().held).toBe(2), { timeout: 10_000 })
    abandoned.abort()
    await expect(givenUp).rejects.toThrow()

    // Setting it again counts afresh from then on.
    api.setFaults({ holdSearchesAfter: 1 })
    expect((await send()).status).toBe(200)
    const later = send()
    await vi.waitFor(() => expect(api.stats().held).toBe(3), { timeout: 10_000 })
    expect(api.stats()).toMatchObject({ searchRequests: 6, valuesSearched: 3 * body.item_type_values.length })
    expect(() => api.setFaults({ holdSearchesAfter: -1 })).toThrow(RangeError)
    expect(() => api.setFaults({ holdSearchesAfter: 1.5 })).toThrow(RangeError)

    await api.close()
    await expect(kept).rejects.toThrow()
    await expect(later).rejects.toThrow()
  })

  it('refuses fault values out of range', async () => {
    const { api } = await start()
    expect(() => api.setFaults({ serverErrorRate: 1.5 })).toThrow(RangeError)
    expect(() => api.setFaults({ rateLimitPerWindow: 0 })).toThrow(RangeError)
    expect(() => api.setFaults({ latencyMs: -1 })).toThrow(RangeError)
    await expect(startDemoApi({ faults: { tokenLifetimeSeconds: 0 } })).rejects.toThrow(RangeError)
  })
})
