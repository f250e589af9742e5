import { afterEach, describe, expect, it } from 'vitest'
import { SEARCH_PATHS, TOKEN_PATH } from '../../shared/environments'
import { gs1CheckDigit } from '../../shared/domain/gtin'
import { DEMO_CREDENTIALS } from './demo-api'
import { startDemoApiThread, type DemoApiThread, type DemoApiThreadOptions } from './demo-api-thread'
import { parseDemoDate, type DemoDay } from './demo-date'
import { searchInventory, type DemoItem } from './demo-inventory'

const A_DAY = parseDemoDate('2025-03-14') as DemoDay

const started: DemoApiThread[] = []
afterEach(async () => {
  for (const api of started.splice(0)) await api.close()
})

async function start(options: Partial<DemoApiThreadOptions> = {}): Promise<DemoApiThread> {
  const api = await startDemoApiThread({ day: A_DAY, ...options })
  started.push(api)
  return api
}

async function tokenFor(api: DemoApiThread): Promise<string> {
  const response = await fetch(`${api.url}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEMO_CREDENTIALS.clientId,
      client_secret: DEMO_CREDENTIALS.clientSecret
    }).toString()
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

function search(api: DemoApiThread, token: string, values: readonly string[] = ['00012345678905']): Promise<Response> {
  return fetch(`${api.url}${SEARCH_PATHS.production}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'wm_consumer.id': DEMO_CREDENTIALS.clientId, Authorization: token },
    body: JSON.stringify({ store_nbr: 1, item_type: 'gtin', item_type_values: values })
  })
}

/** Each item's locations by GTIN: what a day changes (the timestamps follow the thread's own clock). */
function stockByGtin(items: readonly DemoItem[]): Record<string, unknown> {
  return Object.fromEntries(items.map((item) => [item.gtin, item.inventory_locations]))
}

describe('the Demo API on its own thread', () => {
  it('answers token and search requests on loopback and counts them', async () => {
    const api = await start()
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const token = await tokenFor(api)
    expect((await search(api, token)).status).toBe(200)
    expect(await api.stats()).toMatchObject({ tokenRequests: 1, searchRequests: 1, valuesSearched: 1 })
    await api.resetStats()
    expect(await api.stats()).toMatchObject({ tokenRequests: 0, searchRequests: 0 })
  })

  it('takes its faults at start and when changed, and refuses faults out of range with a RangeError', async () => {
    // The window starts now: on the real clock, an aligned one could turn between the two searches.
    const api = await start({ faults: { rateLimitPerWindow: 1, rateWindowMs: 600_000, rateWindowOriginMs: Date.now() } })
    const token = await tokenFor(api)
    expect((await search(api, token)).status).toBe(200)
    expect((await search(api, token)).status).toBe(429)
    await expect(api.setFaults({ serverErrorRate: 2 })).rejects.toThrow(RangeError)
    await api.setFaults({ rateLimitPerWindow: null })
    expect((await search(api, token)).status).toBe(200)
    expect((await api.stats()).throttled).toBe(1)
  })

  it('answers with the stock of the day it started on, and of the day main moves it to', async () => {
    const values = Array.from({ length: 100 }, (_, i) => {
      const data = String(61_000_000_000 + i * 31).padStart(13, '0')
      return `${data}${gs1CheckDigit(data)}`
    })
    const api = await start()
    const token = await tokenFor(api)
    const answer = async () => stockByGtin(((await (await search(api, token, values)).json()) as { items: DemoItem[] }).items)
    const expected = (day: DemoDay) => stockByGtin(searchInventory({ storeNbr: 1, itemType: 'gtin', values }, Date.now(), day).items)
    expect(await answer()).toEqual(expected(A_DAY))
    await api.setDay(A_DAY + 30)
    expect(await answer()).toEqual(expected(A_DAY + 30))
    expect(expected(A_DAY + 30)).not.toEqual(expected(A_DAY))
  })

  it('expires the tokens it issued when asked', async () => {
    const api = await start()
    const token = await tokenFor(api)
    await api.expireAllTokens()
    expect((await search(api, token)).status).toBe(401)
  })

  it('fails to start with the RangeError of faults out of range', async () => {
    await expect(startDemoApiThread({ day: A_DAY, faults: { tokenLifetimeSeconds: 0 } })).rejects.toThrow(RangeError)
  })

  it('stops serving when closed, and its controls then fail instead of hanging', async () => {
    const api = await startDemoApiThread({ day: A_DAY })
    await api.close()
    await expect(fetch(`${api.url}${TOKEN_PATH}`, { method: 'POST' })).rejects.toThrow()
    await expect(api.stats()).rejects.toThrow(/stopped/)
  })
})
