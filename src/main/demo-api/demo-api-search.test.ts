import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../../shared/domain/gtin'
import { SEARCH_PATHS } from '../../shared/environments'
import type { DemoApi } from './demo-api'
import { MESSAGES } from './demo-replies'
import { authHeaders, search, start, START, tokenFor, validGtins, type SearchBody } from './test-support/demo-api-requests'

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
