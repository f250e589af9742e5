import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { gs1CheckDigit } from '../../shared/domain/gtin'
import { SEARCH_PATHS, TOKEN_PATH } from '../../shared/environments'
import { testDemoApi } from '../http/test-support/loopback-servers'
import { DEMO_CREDENTIALS, startDemoApi, type DemoApi, type DemoApiHandle, type DemoFaults } from './demo-api'
import { MESSAGES } from './demo-replies'

const START = Date.UTC(2025, 0, 6, 9, 0, 10)

interface Harness {
  api: DemoApiHandle
  clock: { time: number }
}

async function start(faults: Partial<DemoFaults> = {}): Promise<Harness> {
  const clock = { time: START }
  const api = await testDemoApi({ faults, now: () => clock.time })
  return { api, clock }
}

function requestToken(api: DemoApi, form: Record<string, string>): Promise<Response> {
  return fetch(`${api.url}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString()
  })
}

async function tokenFor(api: DemoApi): Promise<string> {
  const response = await requestToken(api, {
    grant_type: 'client_credentials',
    client_id: DEMO_CREDENTIALS.clientId,
    client_secret: DEMO_CREDENTIALS.clientSecret
  })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { access_token: string }
  return body.access_token
}

function search(api: DemoApi, body: unknown, headers: Record<string, string>, path: string = SEARCH_PATHS.production): Promise<Response> {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
}

function authHeaders(token: string): Record<string, string> {
  return { 'wm_consumer.id': DEMO_CREDENTIALS.clientId, Authorization: token }
}

function validGtins(count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, i) => {
    const data = `00${String(70_000_000_000 + offset + i * 7919).padStart(11, '0')}`
    return `${data}${gs1CheckDigit(data)}`
  })
}

interface SearchBody {
  supplier_name: string
  store_nbr: number
  items: Array<{
    gtin: string
    wm_item_number: string
    inventory_locations: Array<{ location_area: string; state: string; quantity: number }>
    cid_level_inventories: unknown[]
    cross_references: unknown[]
    lastUpdatedTime: string
  }>
}

async function errorText(response: Response): Promise<string> {
  return response.text()
}

describe('token endpoint', () => {
  it('issues an opaque dotted token for the demo client, whose secret needs URL-encoding', async () => {
    const { api } = await start()
    const response = await requestToken(api, {
      grant_type: 'client_credentials',
      client_id: 'demo-client',
      client_secret: 'demo-secret+/='
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 })
    expect(body['access_token']).toMatch(/^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(api.stats().tokenRequests).toBe(1)
  })

  it('refuses a secret sent without URL-encoding, because a raw "+" arrives as a space', async () => {
    const { api } = await start()
    const response = await fetch(`${api.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret+/='
    })
    expect(response.status).toBe(401)
  })

  it('answers 401 with the documented message for a wrong secret or client id', async () => {
    const { api } = await start()
    const forms: Array<Record<string, string>> = [
      { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' },
      { grant_type: 'client_credentials', client_id: 'someone-else', client_secret: 'demo-secret+/=' },
      { grant_type: 'client_credentials', client_id: 'demo-client' }
    ]
    for (const form of forms) {
      const response = await requestToken(api, form)
      expect(response.status).toBe(401)
      const body = (await response.json()) as { errors: Array<{ description: string }> }
      expect(body.errors[0]?.description).toBe(MESSAGES.authenticationFailed)
    }
  })

  it('requires grant_type=client_credentials, a form body and POST', async () => {
    const { api } = await start()
    const { clientId, clientSecret } = DEMO_CREDENTIALS
    expect((await requestToken(api, { client_id: clientId, client_secret: clientSecret })).status).toBe(400)
    const password = { grant_type: 'password', client_id: clientId, client_secret: clientSecret }
    expect((await requestToken(api, password)).status).toBe(400)

    const asJson = await fetch(`${api.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret })
    })
    expect(asJson.status).toBe(400)
    expect(await errorText(asJson)).toContain(MESSAGES.invalidParameter)

    const get = await fetch(`${api.url}${TOKEN_PATH}`)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
  })

  it('reports the configured token lifetime', async () => {
    const { api } = await start({ tokenLifetimeSeconds: 120 })
    const response = await requestToken(api, {
      grant_type: 'client_credentials',
      client_id: DEMO_CREDENTIALS.clientId,
      client_secret: DEMO_CREDENTIALS.clientSecret
    })
    expect(((await response.json()) as { expires_in: number }).expires_in).toBe(120)
  })
})

describe('search security', () => {
  const body = { store_nbr: 1234, item_type: 'gtin', item_type_values: validGtins(3) }

  it('answers 403 in XML when wm_consumer.id or Authorization is missing', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const partial: Array<Record<string, string>> = [{ Authorization: token }, { 'wm_consumer.id': 'demo-client' }, {}]
    for (const headers of partial) {
      const response = await search(api, body, headers)
      expect(response.status).toBe(403)
      expect(response.headers.get('content-type')).toContain('application/xml')
      expect(await response.text()).toContain(MESSAGES.missingHeaders)
    }
  })

  it('answers 403 naming the consumer id that is not subscribed', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const response = await search(api, body, { 'wm_consumer.id': 'stranger-42', Authorization: token })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      message: 'The consumer id stranger-42 is not subscribed to the service name'
    })
  })

  it('answers 401 for a token it never issued', async () => {
    const { api } = await start()
    const response = await search(api, body, authHeaders('eyJhbGciOiJkaXIifQ..made.up.token'))
    expect(response.status).toBe(401)
    const json = (await response.json()) as { errors: Array<{ description: string }> }
    expect(json.errors[0]?.description).toBe(
      'Authentication failed due to missing Authentication header or invalid authentication credentials'
    )
  })

  it('accepts the token alone, as documented, and with a Bearer prefix', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    expect((await search(api, body, authHeaders(token))).status).toBe(200)
    expect((await search(api, body, authHeaders(`Bearer ${token}`))).status).toBe(200)
  })

  it('expires a token after its lifetime on the injected clock', async () => {
    const { api, clock } = await start()
    const token = await tokenFor(api)
    clock.time += 899_000
    expect((await search(api, body, authHeaders(token))).status).toBe(200)
    clock.time += 1_000
    const response = await search(api, body, authHeaders(token))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      message: 'Access token : ******* validation failed with error : expired token'
    })
  })

  it('can expire every issued token early, as a key rotation would, while new tokens work', async () => {
    const { api } = await start()
    const old = await tokenFor(api)
    api.expireAllTokens()
    const refused = await search(api, body, authHeaders(old))
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ message: MESSAGES.expiredToken })
    expect((await search(api, body, authHeaders(await tokenFor(api)))).status).toBe(200)
  })

  it('serves the sandbox path too and answers 404 "Not found." anywhere else', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    expect((await search(api, body, authHeaders(token), SEARCH_PATHS.sandbox)).status).toBe(200)
    const wrong = await search(api, body, authHeaders(token), '/api-proxy/service/inventory/status/v2/search-items')
    expect(wrong.status).toBe(404)
    expect(await wrong.json()).toEqual({ message: 'Not found.' })
  })
})

describe('search body validation', () => {
  async function expectInvalid(api: DemoApi, token: string, body: unknown): Promise<void> {
    const response = await search(api, body, authHeaders(token))
    expect(response.status).toBe(400)
    const json = (await response.json()) as { errors: Array<{ description: string }> }
    expect(json.errors[0]?.description).toBe('Invalid parameter.')
  }

  it('rejects more than 100 values and accepts exactly 100', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    await expectInvalid(api, token, { store_nbr: 1234, item_type: 'gtin', item_type_values: validGtins(101) })
    const hundred = await search(api, { store_nbr: 1234, item_type: 'gtin', item_type_values: validGtins(100) }, authHeaders(token))
    expect(hundred.status).toBe(200)
  })

  it('rejects a store number sent as a string, a bad item type and malformed value lists', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const values = validGtins(2)
    await expectInvalid(api, token, { store_nbr: '1234', item_type: 'gtin', item_type_values: values })
    await expectInvalid(api, token, { store_nbr: 12.5, item_type: 'gtin', item_type_values: values })
    await expectInvalid(api, token, { store_nbr: 1234, item_type: 'upc', item_type_values: values })
    await expectInvalid(api, token, { store_nbr: 1234, item_type: 'gtin', item_type_values: [12345678905] })
    await expectInvalid(api, token, { store_nbr: 1234, item_type: 'gtin', item_type_values: [] })
    await expectInvalid(api, token, { store_nbr: 1234, item_type: 'gtin' })
    await expectInvalid(api, token, '{"store_nbr": 1234,')
  })
})

describe('search results', () => {
  it('returns every mapped value once, in a shuffled but repeatable order, and leaves unmapped ones out', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const values = validGtins(100)
    const request = { store_nbr: 1234, item_type: 'gtin', item_type_values: values }
    const body = (await (await search(api, request, authHeaders(token))).json()) as SearchBody
    const again = (await (await search(api, request, authHeaders(token))).json()) as SearchBody
    // Compared item by item, not as text, so a failure shows which item changed.
    expect(again.items.map((item) => item.gtin)).toEqual(body.items.map((item) => item.gtin))
    expect(again.items).toEqual(body.items)

    expect(body.store_nbr).toBe(1234)
    expect(body.supplier_name.length).toBeGreaterThan(3)
    const returned = body.items.map((item) => item.gtin)
    expect(new Set(returned).size).toBe(returned.length)
    expect(returned.every((gtin) => values.includes(gtin))).toBe(true)
    const inRequestOrder = values.filter((gtin) => returned.includes(gtin))
    expect(returned).not.toEqual(inRequestOrder)
    const unmapped = values.length - returned.length
    expect(unmapped).toBeGreaterThanOrEqual(1)
    expect(unmapped).toBeLessThanOrEqual(20)
  })

  it('answers for any store number, with stock that differs from store to store', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const values = validGtins(100)
    const answers = await Promise.all(
      [1, 1234, 999_999].map(async (store) => {
        const response = await search(api, { store_nbr: store, item_type: 'gtin', item_type_values: values }, authHeaders(token))
        expect(response.status).toBe(200)
        const body = (await response.json()) as SearchBody
        expect(body.store_nbr).toBe(store)
        return new Map(body.items.map((item) => [item.gtin, JSON.stringify(item.inventory_locations)]))
      })
    )
    const [first, second] = answers
    const shared = [...(first?.keys() ?? [])].filter((gtin) => second?.has(gtin))
    expect(shared.length).toBeGreaterThan(70)
    expect(shared.filter((gtin) => first?.get(gtin) !== second?.get(gtin)).length).toBeGreaterThan(shared.length / 2)
    // A store carries most but not all of what the supplier owns, and not the same items as the next store.
    expect(new Set(answers.map((answer) => [...answer.keys()].sort().join())).size).toBe(3)
  })

  it('answers the same value the same way whatever else is in the request', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const values = validGtins(30)
    const all = (await (
      await search(api, { store_nbr: 77, item_type: 'gtin', item_type_values: values }, authHeaders(token))
    ).json()) as SearchBody
    const reversed = (await (
      await search(api, { store_nbr: 77, item_type: 'gtin', item_type_values: [...values].reverse() }, authHeaders(token))
    ).json()) as SearchBody
    const byGtin = (items: SearchBody['items']): SearchBody['items'] => [...items].sort((a, b) => a.gtin.localeCompare(b.gtin))
    expect(byGtin(reversed.items)).toEqual(byGtin(all.items))
  })

  it('gives items realistic shapes: 14-digit GTINs, 9-digit item numbers, 0..4 locations, fractional weights', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const items: SearchBody['items'] = []
    for (let batch = 0; batch < 4; batch += 1) {
      const request = { store_nbr: 1234, item_type: 'gtin', item_type_values: validGtins(100, batch * 1_000_000) }
      items.push(...((await (await search(api, request, authHeaders(token))).json()) as SearchBody).items)
    }
    for (const item of items) {
      expect(item.gtin).toMatch(/^\d{14}$/)
      expect(item.wm_item_number).toMatch(/^\d{9}$/)
      expect(item.inventory_locations.length).toBeLessThanOrEqual(4)
      expect(Array.isArray(item.cid_level_inventories)).toBe(true)
      expect(Array.isArray(item.cross_references)).toBe(true)
      expect(new Date(item.lastUpdatedTime).toISOString()).toBe(item.lastUpdatedTime)
      expect(Date.parse(item.lastUpdatedTime)).toBeLessThan(START)
      expect(item).toHaveProperty('item_status')
    }
    const quantities = items.flatMap((item) => item.inventory_locations.map((row) => row.quantity))
    expect(items.some((item) => item.inventory_locations.length === 0)).toBe(true)
    expect(items.some((item) => item.inventory_locations.length >= 3)).toBe(true)
    expect(quantities.some((quantity) => !Number.isInteger(quantity))).toBe(true)
    const areas = new Set(items.flatMap((item) => item.inventory_locations.map((row) => row.location_area)))
    expect([...areas]).toEqual(expect.arrayContaining(['store', 'backroom', 'mfc']))
  })

  it('derives a check-digit-valid GTIN for item-number lookups', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const values = Array.from({ length: 20 }, (_, i) => String(550_000_000 + i * 37))
    const response = await search(api, { store_nbr: 5, item_type: 'wm_item_number', item_type_values: values }, authHeaders(token))
    const body = (await response.json()) as SearchBody
    expect(body.items.length).toBeGreaterThan(10)
    for (const item of body.items) {
      expect(values).toContain(item.wm_item_number)
      expect(Number(item.gtin[13])).toBe(gs1CheckDigit(item.gtin.slice(0, 13)))
    }
  })

  it('can answer 404 "not mapped" when nothing in the request is mapped', async () => {
    const { api } = await start({ notMappedError: true })
    const token = await tokenFor(api)
    const notAGtin = { store_nbr: 1234, item_type: 'gtin', item_type_values: ['00012345678900'] }
    const response = await search(api, notAGtin, authHeaders(token))
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'A requested GTIN is not mapped to the Supplier.' })
    api.setFaults({ notMappedError: false })
    const plain = (await (await search(api, notAGtin, authHeaders(token))).json()) as SearchBody
    expect(plain.items).toEqual([])
  })
})

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

describe('stats and lifecycle', () => {
  it('counts values searched and resets on demand', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    await search(api, { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(40) }, authHeaders(token))
    await search(api, { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(60) }, authHeaders(token))
    expect(api.stats()).toMatchObject({ tokenRequests: 1, searchRequests: 2, valuesSearched: 100 })
    api.resetStats()
    expect(api.stats()).toEqual({
      tokenRequests: 0,
      searchRequests: 0,
      throttled: 0,
      serverErrors: 0,
      dropped: 0,
      malformed: 0,
      valuesSearched: 0,
      held: 0,
      maxConcurrentSearches: 0
    })
  })

  it('answers 10 searches of 100 values a second with room to spare', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const started = performance.now()
    for (let second = 0; second < 3; second += 1) {
      const batch = Array.from({ length: 10 }, (_, i) =>
        search(api, { store_nbr: 1000 + second, item_type: 'gtin', item_type_values: validGtins(100, i * 1_000_000) }, authHeaders(token))
      )
      const responses = await Promise.all(batch)
      expect(responses.every((response) => response.status === 200)).toBe(true)
      await Promise.all(responses.map((response) => response.arrayBuffer()))
    }
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(api.stats().valuesSearched).toBe(3_000)
  })

  it('closes promptly with a slow search in flight and leaves nothing that keeps the process alive', async () => {
    const script = fileURLToPath(new URL('./test-support/close-with-search-in-flight.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = await new Promise<number | null>((resolve) => {
      // The search waits 60 s; exiting well before that proves close() cancelled its timer and socket.
      const deadline = setTimeout(() => {
        child.kill()
        resolve(null)
      }, 15_000)
      child.once('exit', (code) => {
        clearTimeout(deadline)
        resolve(code)
      })
    })
    expect(output).toContain('closed; search failed')
    expect(exited).toBe(0)
  })

  it('can be closed twice', async () => {
    const api = await startDemoApi()
    await api.close()
    await api.close()
    await expect(fetch(`${api.url}${TOKEN_PATH}`, { method: 'POST' })).rejects.toThrow(TypeError)
  })
})
