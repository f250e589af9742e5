import type { IncomingHttpHeaders } from 'node:http'
import { describe, expect, it } from 'vitest'
import { postOverFetch } from '../http/http-post'
import { postOverNode } from '../http/node-http-post'
import { answeringServer } from '../http/test-support/loopback-servers'
import { REDACTED } from '../security/redactor'
import { isThreadStopped } from '../workers/supervised-thread'
import { runningThreads } from '../workers/thread-census'
import { SearchFetchError, searchOnCallersThread, type SearchExchange, type SearchLimits, type SearchToSend } from './search-exchange'
import { createInThreadReplyReader, type SearchQuestion } from './search-reply'
import { buildSearchTemplate } from './search-request'
import { openedSearchThreads } from './test-support/opened-search-threads'
import { readableAnswers } from './test-support/readable-answers'

/**
 * Searches sent from the search thread, as the Node entries run them: main prepares the request
 * (address checked, token in its header) and the thread sends it with Node's fetch and reads the
 * reply. Timeouts, redirects, error statuses and oversized replies go through the inventory
 * client's own tests on this transport too (`inventory-client.test.ts`).
 */
const TOKEN = 'tok-0123456789abcdef'
const LATER_TOKEN = 'tok-fedcba9876543210'
const QUESTION: SearchQuestion = { itemType: 'gtin', values: ['00012345678905', '00036000291452'] }

const open = openedSearchThreads(TOKEN)

/** A search of QUESTION's values from store 1 to `url`, with `token`: as the inventory client asks for one. */
function search(url: string, token = TOKEN): SearchToSend {
  const template = buildSearchTemplate(
    { baseUrl: url, searchPath: '/search', boundInventoryOrigin: new URL(url).origin },
    { consumerId: 'client', authorization: token }
  )
  return { template, storeNbr: 1, ...QUESTION }
}

const limits = (signal?: AbortSignal): SearchLimits => ({ timeoutMs: 30_000, signal })

/** A server that echoes the request's Authorization header inside the first item it finds. */
function echoingItems(): Promise<string> {
  return answeringServer((request, _body, response) => {
    const echoed = request.headers.authorization ?? ''
    response.writeHead(200, { 'Content-Type': 'application/json', 'X-Current-Token-Count': '9' }).end(
      JSON.stringify({
        items: [{ gtin: '12345678905', inventory_locations: [{ location_area: 'store', state: 'available', quantity: 1, note: echoed }] }]
      })
    )
  })
}

/** A server that holds every search until its connection closes; `arrived` resolves with the first one, `closed` when its connection ends. */
async function holdingServer() {
  let arrive: () => void = () => undefined
  let close: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const closed = new Promise<void>((resolve) => (close = resolve))
  const url = await answeringServer((request) => {
    request.socket.on('close', close)
    arrive()
  })
  return { url, arrived, closed }
}

/** An answered exchange with its items decoded, so that a test reads the text History would store. */
function answered(exchange: SearchExchange) {
  if (exchange.kind !== 'answered') throw new Error(`expected an answer, got ${exchange.kind}`)
  return { ...exchange, answers: readableAnswers(exchange.answers) }
}

describe('searches sent from the search thread', () => {
  it('sends the prepared request and answers with the reply read there: redacted with every value main knows, even one learned after the thread started', async () => {
    const { thread, redactor } = open()
    const url = await echoingItems()
    const first = answered(await thread.exchange(search(url), limits()))
    expect(first.headers['x-current-token-count']).toBe('9')
    expect(first.answers.items[0]?.json).toContain(REDACTED)
    expect(JSON.stringify(first)).not.toContain(TOKEN)
    expect(first.answers.items[1]).toBeNull()

    redactor.remember(LATER_TOKEN)
    const second = answered(await thread.exchange(search(url, LATER_TOKEN), limits()))
    expect(JSON.stringify(second)).not.toContain(LATER_TOKEN)
  })

  it('cancelled mid-request: fails at once on main, and the thread drops the request', async () => {
    const { thread } = open()
    const server = await holdingServer()
    const controller = new AbortController()
    const pending = thread.exchange(search(server.url), limits(controller.signal))
    await server.arrived
    controller.abort()
    const error: unknown = await pending.then(
      () => null,
      (failure: unknown) => failure
    )
    expect(error).toBeInstanceOf(SearchFetchError)
    await server.closed
  })

  it('refuses a search whose signal is already aborted without sending it', async () => {
    const { thread } = open()
    let requests = 0
    const url = await answeringServer((_request, _body, response) => {
      requests += 1
      response.writeHead(200).end('{"items":[]}')
    })
    const controller = new AbortController()
    controller.abort()
    await expect(thread.exchange(search(url), limits(controller.signal))).rejects.toBeInstanceOf(SearchFetchError)
    answered(await thread.exchange(search(url), limits()))
    expect(requests).toBe(1)
  })

  it('ended mid-request: the search fails with the sentence, the stop is heard, and the next search runs on a new thread taught every value again', async () => {
    const { thread, stops } = open()
    const echoing = await echoingItems()
    answered(await thread.exchange(search(echoing), limits()))
    const [running] = runningThreads('Search replies')
    const server = await holdingServer()
    const pending = thread.exchange(search(server.url), limits())
    await server.arrived
    await running?.terminate()
    const error: unknown = await pending.then(
      () => null,
      (failure: unknown) => failure
    )
    expect(isThreadStopped(error)).toBe(true)
    expect(stops.map((stop) => stop.message)).toEqual([(error as Error).message])

    const again = answered(await thread.exchange(search(echoing), limits()))
    expect(runningThreads('Search replies')[0]).not.toBe(running)
    expect(JSON.stringify(again)).not.toContain(TOKEN)
  })
})

describe('answers held for the others under way', () => {
  /** Held far longer than a test runs: an answer that comes while another search is under way would wait for it. */
  const HOLD_MS = 600_000

  it('posts the answers of searches under way together, and the last one at once', async () => {
    const { thread } = open({ gatherMs: HOLD_MS })
    const held: (() => void)[] = []
    let arrive: () => void = () => undefined
    const allArrived = new Promise<void>((resolve) => (arrive = resolve))
    const url = await answeringServer((_request, _body, response) => {
      held.push(() => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[]}'))
      if (held.length === 3) arrive()
    })
    const answers = [0, 1, 2].map(() => thread.exchange(search(url), limits()))
    await allArrived
    let messages = 0
    runningThreads('Search replies')[0]?.on('message', () => (messages += 1))
    for (const answer of held) answer()
    const exchanges = await Promise.all(answers)
    expect(exchanges.map((exchange) => exchange.kind)).toEqual(['answered', 'answered', 'answered'])
    expect(messages).toBe(1)
  })

  it('tells a search that timed out at once, while another is still under way', async () => {
    const { thread } = open({ gatherMs: HOLD_MS })
    const server = await holdingServer()
    const other = new AbortController()
    const waiting = thread.exchange(search(server.url), limits(other.signal))
    const error = await thread.exchange(search(server.url), { timeoutMs: 200 }).then(
      () => null,
      (failure: unknown) => failure
    )
    expect(error).toBeInstanceOf(SearchFetchError)
    expect((error as SearchFetchError).timedOut).toBe(true)
    other.abort()
    await expect(waiting).rejects.toBeInstanceOf(SearchFetchError)
  })
})

describe('where a search is sent from', () => {
  it('puts the same bytes on the wire from the search thread as from main: the same address, headers and body', async () => {
    const { thread, redactor } = open()
    const heard: { url: string | undefined; headers: IncomingHttpHeaders; body: string }[] = []
    const url = await answeringServer((request, body, response) => {
      heard.push({ url: request.url, headers: request.headers, body })
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[]}')
    })
    const sent = { ...search(url), storeNbr: 4321, values: ['00012345678905', '00036000291452', '12345678'] }
    await searchOnCallersThread(postOverFetch(fetch), createInThreadReplyReader(redactor)).exchange(sent, limits())
    await thread.exchange(sent, limits())
    await searchOnCallersThread(postOverNode(), createInThreadReplyReader(redactor)).exchange(sent, limits())
    expect(runningThreads('Search replies')).toHaveLength(1)
    const [onMain, onThread, onMainOverNode] = heard
    expect(onThread).toEqual(onMain)
    expect(onMain?.body).toBe('{"store_nbr":4321,"item_type":"gtin","item_type_values":["00012345678905","00036000291452","12345678"]}')
    expect(onMain?.headers).toMatchObject({ authorization: TOKEN, 'wm_consumer.id': 'client', 'content-type': 'application/json' })
    // node:http(s) adds none of fetch's browser headers (sec-fetch-mode, accept-language...); what the app sets is the same.
    const sentByApp = ({ url: address, headers, body }: (typeof heard)[number]) => ({
      address,
      body,
      headers: Object.fromEntries(
        ['authorization', 'wm_consumer.id', 'content-type', 'accept', 'content-length', 'user-agent'].map((name) => [name, headers[name]])
      )
    })
    expect(onMainOverNode && sentByApp(onMainOverNode)).toEqual(onMain && sentByApp(onMain))
  })
})
