import { expect } from 'vitest'
import { gs1CheckDigit } from '../../../shared/domain/gtin'
import { SEARCH_PATHS, TOKEN_PATH } from '../../../shared/environments'
import { testDemoApi } from '../../http/test-support/loopback-servers'
import { DEMO_CREDENTIALS, type DemoApi, type DemoApiHandle, type DemoFaults } from '../demo-api'

/** Where the Demo's clock starts in every test: 10 s into a minute, so each rate window's edges are known. */
export const START = Date.UTC(2025, 0, 6, 9, 0, 10)

export interface Harness {
  api: DemoApiHandle
  clock: { time: number }
}

/** A Demo API on a loopback port whose clock the test moves. */
export async function start(faults: Partial<DemoFaults> = {}): Promise<Harness> {
  const clock = { time: START }
  const api = await testDemoApi({ faults, now: () => clock.time })
  return { api, clock }
}

export function requestToken(api: DemoApi, form: Record<string, string>): Promise<Response> {
  return fetch(`${api.url}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual'
  })
}

export async function tokenFor(api: DemoApi): Promise<string> {
  const response = await requestToken(api, {
    grant_type: 'client_credentials',
    client_id: DEMO_CREDENTIALS.clientId,
    client_secret: DEMO_CREDENTIALS.clientSecret
  })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { access_token: string }
  return body.access_token
}

export function search(
  api: DemoApi,
  body: unknown,
  headers: Record<string, string>,
  path: string = SEARCH_PATHS.production
): Promise<Response> {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual'
  })
}

export function authHeaders(token: string): Record<string, string> {
  return { 'wm_consumer.id': DEMO_CREDENTIALS.clientId, Authorization: token }
}

export function validGtins(count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, i) => {
    const data = `00${String(70_000_000_000 + offset + i * 7919).padStart(11, '0')}`
    return `${data}${gs1CheckDigit(data)}`
  })
}

export interface SearchBody {
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

export async function errorText(response: Response): Promise<string> {
  return response.text()
}
