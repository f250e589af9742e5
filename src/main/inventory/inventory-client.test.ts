import type { IncomingHttpHeaders } from 'node:http'
import type { InventoryItem } from '../../shared/domain/line-result'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_PATHS } from '../../shared/environments'
import {
  answeringServer,
  countingServer,
  endlessReplyServer,
  redirectingServer,
  rejectionOf,
  testDemoApi
} from '../http/test-support/loopback-servers'
import { postOverFetch } from '../http/http-post'
import { createMemoryLogger } from '../logging/logger'
import { createTokenManager } from '../token/token-manager'
import { createInventoryClient, InventoryApiError, type ApiTarget } from './inventory-client'
import { buildSearchRequest } from './search-request'
import { startSearchReplyThread, type SearchReplyThread } from './search-reply-thread'
import { readableAnswers } from './test-support/readable-answers'

const failure = (promise: Promise<unknown>) => rejectionOf(promise, InventoryApiError)

/** Where the searches' HTTP runs: `main` is Electron's path (net.fetch on main), `search thread` Node's entries'. */
type Where = 'main' | 'search thread'

function setup(baseUrl: string, authUrl = baseUrl, timeoutMs = 5_000, thread: SearchReplyThread | null = null) {
  const log = createMemoryLogger()
  const tokens = createTokenManager({ post: postOverFetch(fetch), now: Date.now, log })
  const client = createInventoryClient({ fetch, tokens, log, now: Date.now, timeoutMs, ...(thread === null ? {} : { transport: thread }) })
  const target: ApiTarget = {
    environment: 'sandbox',
    authUrl,
    baseUrl,
    boundInventoryOrigin: new URL(baseUrl).origin,
    searchPath: SEARCH_PATHS.sandbox,
    clientId: 'demo-client',
    clientSecret: 'demo-secret+/=',
    bearerPrefix: false
  }
  return { log, tokens, client, target }
}

const VALUES = ['00036000291452', '04006381333931', '00000096385074']

/** A host no target is bound to, listing every request it hears. */
async function anotherHost(): Promise<{ url: string; heard: string[] }> {
  const heard: string[] = []
  const url = await answeringServer((request, _body, response) => {
    heard.push(`${request.method ?? ''} ${request.url ?? ''}`)
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[]}')
  })
  return { url, heard }
}

describe('buildSearchRequest', () => {
  it('cannot build a search without both mandatory headers', () => {
    const signal = new AbortController().signal
    const body = { store_nbr: 1, item_type: 'gtin' as const, item_type_values: ['1'] }
    const endpoint = { baseUrl: 'https://h/', searchPath: '/p', boundInventoryOrigin: 'https://h' }
    expect(() => buildSearchRequest(endpoint, { consumerId: '', authorization: 't' }, body, signal)).toThrow()
    expect(() => buildSearchRequest(endpoint, { consumerId: 'c', authorization: '' }, body, signal)).toThrow()
    const { url, init } = buildSearchRequest(endpoint, { consumerId: 'c', authorization: 't' }, body, signal)
    expect(url).toBe('https://h/p')
    expect(init.headers).toMatchObject({ 'wm_consumer.id': 'c', Authorization: 't', 'Content-Type': 'application/json' })
  })

  it.each([
    ['another host', 'https://collector.example.com'],
    ['another port', 'https://h:8443'],
    ['plain http', 'http://h'],
    ['a look-alike with the bound host as a user name', 'https://h@collector.example.com']
  ])('refuses to put the token on a search to %s than the one the secret was saved for', (_case, baseUrl) => {
    const signal = new AbortController().signal
    const body = { store_nbr: 1, item_type: 'gtin' as const, item_type_values: ['1'] }
    const endpoint = { baseUrl, searchPath: '/p', boundInventoryOrigin: 'https://h' }
    expect(() => buildSearchRequest(endpoint, { consumerId: 'c', authorization: 't' }, body, signal)).toThrow(
      /^The client secret was saved for the inventory host https:\/\/h, so its token is never sent to /
    )
  })
})

describe.each<Where>(['main', 'search thread'])('inventory client, its HTTP on %s', (where) => {
  // One thread for the block, started before its first test: a thread's start (its script compiled under vitest) is no search's time.
  let thread: SearchReplyThread | null = null
  beforeAll(async () => {
    if (where === 'main') return
    const log = createMemoryLogger()
    thread = startSearchReplyThread({ log, redactor: log.redactor })
    await thread.read(new TextEncoder().encode('{"items":[]}'), { itemType: 'gtin', values: [] })
  })
  afterAll(async () => {
    await thread?.close()
  })
  const open = (baseUrl: string, authUrl = baseUrl, timeoutMs = 5_000) => setup(baseUrl, authUrl, timeoutMs, thread)

  it('sends nothing to an inventory host other than the one its target is bound to, whatever the target says', async () => {
    const api = await testDemoApi()
    const { url: other, heard } = await anotherHost()
    const { client, target } = open(api.url)
    const request = client.searchBatch({ ...target, baseUrl: other }, { storeNbr: 1234, itemType: 'gtin', values: VALUES })
    await expect(request).rejects.toMatchObject({ code: 'missing_credentials' })
    expect(heard).toEqual([])
  })

  it('checks a target again when it changed after its first search: its template is not used for another host', async () => {
    const api = await testDemoApi()
    const { url: other, heard } = await anotherHost()
    const { client, target } = open(api.url)
    await client.searchBatch(target, { storeNbr: 1234, itemType: 'gtin', values: VALUES })
    target.baseUrl = other
    const request = client.searchBatch(target, { storeNbr: 1234, itemType: 'gtin', values: VALUES })
    await expect(request).rejects.toMatchObject({ code: 'missing_credentials' })
    expect(heard).toEqual([])
    expect(api.stats().searchRequests).toBe(1)
  })

  it('searches the Demo API: bare-number store, both headers, every value accounted for', async () => {
    const api = await testDemoApi()
    const { client, target } = open(api.url)
    const result = await client.searchBatch(target, { storeNbr: 1234, itemType: 'gtin', values: VALUES })
    expect(result.tokenRefreshed).toBe(false)
    const { items } = readableAnswers(result.answers)
    expect(items).toHaveLength(VALUES.length)
    for (const encoded of items) {
      const item = JSON.parse(encoded?.json ?? 'null') as InventoryItem
      expect(VALUES).toContain(item.gtin)
      expect(item.total_quantity).toBe(item.inventory_locations.reduce((sum, location) => sum + location.quantity, 0))
      expect(item.raw).toBeTypeOf('object')
    }
  })

  it('sends exactly the documented body and headers, with or without the Bearer prefix', async () => {
    const api = await testDemoApi()
    const seen: { headers: IncomingHttpHeaders; body: string }[] = []
    const url = await answeringServer((request, body, response) => {
      seen.push({ headers: request.headers, body })
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[]}')
    })
    const { client, target, tokens } = open(url, api.url)
    await client.searchBatch(target, { storeNbr: 77, itemType: 'wm_item_number', values: ['552233441'] })
    await client.searchBatch({ ...target, bearerPrefix: true }, { storeNbr: 77, itemType: 'gtin', values: VALUES })
    const { token } = await tokens.getToken(target)
    expect(JSON.parse(seen[0]!.body)).toEqual({ store_nbr: 77, item_type: 'wm_item_number', item_type_values: ['552233441'] })
    expect(seen[0]!.headers['wm_consumer.id']).toBe('demo-client')
    expect(seen[0]!.headers.authorization).toBe(token)
    expect(seen[1]!.headers.authorization).toBe(`Bearer ${token}`)
  })

  it('refuses more than 100 values before sending anything', async () => {
    const api = await testDemoApi()
    const { client, target } = open(api.url)
    await expect(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: Array(101).fill('1') })).rejects.toMatchObject({
      code: 'invalid_input'
    })
    expect(api.stats().searchRequests).toBe(0)
  })

  it('answers a 401 with one new token and one retry', async () => {
    const api = await testDemoApi()
    const { client, target } = open(api.url)
    await client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES })
    api.expireAllTokens()
    const result = await client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES })
    expect(result.tokenRefreshed).toBe(true)
    expect(api.stats().tokenRequests).toBe(2)
  })

  it('gives up with token_rejected when a fresh token is refused too', async () => {
    const api = await testDemoApi()
    const url = await answeringServer((_request, _body, response) => {
      response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"Authentication failed"}')
    })
    const { client, target } = open(url, api.url)
    const error = await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))
    expect(error).toMatchObject({ code: 'token_rejected', kind: 'auth', retryable: false })
    expect(api.stats().tokenRequests).toBe(2)
  })

  it.each([
    [429, { 'Retry-After': '7', 'X-Current-Token-Count': '0' }, 'throttled', 'throttled', true],
    [500, {}, 'server_error', 'server', true],
    [503, { 'Content-Type': 'text/plain' }, 'server_error', 'server', true],
    [408, {}, 'server_error', 'server', true],
    [400, {}, 'bad_request', 'client', false],
    [404, {}, 'not_found', 'client', false]
  ] as const)('classifies HTTP %i', async (status, headers, code, kind, retryable) => {
    const api = await testDemoApi()
    const url = await answeringServer((_request, _body, response) => {
      response
        .writeHead(status, { 'Content-Type': 'application/json', ...headers })
        .end('{"errors":[{"code":"X","description":"Server words"}]}')
    })
    const { client, target } = open(url, api.url)
    const error = await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))
    expect(error).toMatchObject({ code, kind, retryable, status })
    expect(error.message).toContain('Server words')
    if (status === 429) expect(error.rateLimit).toMatchObject({ remaining: 0 })
    if (status === 429) expect(error.rateLimit?.retryAfterMs).toBeGreaterThan(6_000)
  })

  it('names an unsubscribed client ID, and a missing-headers 403 as a bad request', async () => {
    const api = await testDemoApi()
    let reply = 'The consumer id demo-client is not subscribed to the service name'
    const url = await answeringServer((_request, _body, response) => {
      response.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: reply }))
    })
    const { client, target } = open(url, api.url)
    expect(await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))).toMatchObject({
      code: 'not_subscribed',
      retryable: false
    })
    reply = 'Request is missing required security headers'
    expect(await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))).toMatchObject({
      code: 'bad_request',
      retryable: false
    })
  })

  it('treats a malformed body, a dropped connection and a timeout as retryable', async () => {
    const api = await testDemoApi()
    const malformed = await answeringServer((_request, _body, response) => response.writeHead(200).end('{"items": [tru'))
    const dropped = await answeringServer((request) => request.socket.destroy())
    const silent = await answeringServer(() => undefined)
    for (const [url, code] of [
      [malformed, 'server_error'],
      [dropped, 'offline'],
      [silent, 'timeout']
    ] as const) {
      const { client, target } = open(url, api.url, 400)
      const error = await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))
      expect(error).toMatchObject({ code, retryable: true })
    }
  })

  it('reports a cancelled search as cancelled, not as a failure to retry', async () => {
    const api = await testDemoApi()
    let searchArrived: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => {
      searchArrived = resolve
    })
    // Answers only when the test ends: the search is surely in flight when it is cancelled.
    const hanging = await answeringServer(() => searchArrived())
    const { client, target } = open(hanging, api.url)
    const controller = new AbortController()
    const pending = client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES, signal: controller.signal })
    await arrived
    controller.abort()
    expect(await failure(pending)).toMatchObject({ code: 'cancelled', retryable: false })
  })

  it('never puts the secret or the token in a log line or an error message', async () => {
    const api = await testDemoApi({ faults: { serverErrorRate: 1 } })
    const { client, target, tokens, log } = open(api.url)
    const error = await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))
    const { token } = await tokens.getToken(target)
    const everything = [error.message, ...log.lines].join('\n')
    expect(everything).not.toContain(token)
    expect(everything).not.toContain(target.clientSecret)
  })

  it('never follows a redirect: the search, its token and consumer ID go nowhere else, and the answer there is not used', async () => {
    const api = await testDemoApi()
    const elsewhere = await countingServer()
    const inventory = await redirectingServer(`${elsewhere.url}/steal`, 308)
    const { client, target } = open(inventory.url, api.url)
    const error = await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))
    expect(error).toMatchObject({
      code: 'redirected',
      kind: 'config',
      retryable: false,
      status: 308,
      message: `The inventory host ${inventory.url} redirected the search to ${elsewhere.url}/steal (HTTP 308); the app does not follow redirects, so nothing was sent there. Check the inventory host in Settings.`
    })
    expect(inventory.requests()).toBe(1)
    expect(elsewhere.requests()).toBe(0)
  })

  it.each([
    [200, 'sent a reply larger than 16 MB to one search'],
    [503, 'answered HTTP 503 with a reply larger than 64 KB to one search']
  ])('stops reading an endless HTTP %i reply at its limit and fails this search without a retry', async (status, said) => {
    const api = await testDemoApi()
    const server = await endlessReplyServer(status)
    const { client, target } = open(server.url, api.url, 20_000)
    const error = await failure(client.searchBatch(target, { storeNbr: 1, itemType: 'gtin', values: VALUES }))
    expect(error).toMatchObject({ code: 'reply_too_large', retryable: false })
    expect(error.message).toContain(`The inventory host ${server.url} ${said}, so it was not read.`)
    expect(server.requests()).toBe(1)
    expect(server.sentBytes()).toBeLessThan(64 * 1024 * 1024)
  })
})
