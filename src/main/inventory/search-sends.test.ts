import type { Worker } from 'node:worker_threads'
import { describe, expect, it, vi } from 'vitest'
import { answeringServer, rejectionOf } from '../http/test-support/loopback-servers'
import { isThreadStopped } from '../workers/supervised-thread'
import { runningThreads } from '../workers/thread-census'
import { SearchFetchError, type SearchExchange, type SearchLimits, type SearchToSend } from './search-exchange'
import { SMALL_REPLY_BYTES } from './search-reply-thread'
import type { SearchThreadReplies, SearchThreadRequest } from './search-reply-thread-protocol'
import { TEMPLATES_KEPT } from './search-reply-thread-protocol'
import { buildSearchTemplate, type SearchTemplate } from './search-request'
import { openedSearchThreads } from './test-support/opened-search-threads'

/**
 * How searches sent from the search thread travel between main and the thread: the sends of one
 * turn of main's loop as one message, the answers of one turn of the thread's as one, a template
 * told once per thread and token, and a cancel that fails only the searches of its signal.
 */
const TOKEN = 'tok-0123456789abcdef'
const LATER_TOKEN = 'tok-fedcba9876543210'
const VALUES = ['00012345678905', '00036000291452']

const open = openedSearchThreads(TOKEN)

function templateFor(url: string, token = TOKEN): SearchTemplate {
  return buildSearchTemplate(
    { baseUrl: url, searchPath: '/search', boundInventoryOrigin: new URL(url).origin },
    { consumerId: 'client', authorization: token }
  )
}

const searchWith = (template: SearchTemplate, storeNbr = 1): SearchToSend => ({ template, storeNbr, itemType: 'gtin', values: VALUES })
const limits = (signal?: AbortSignal): SearchLimits => ({ timeoutMs: 30_000, signal })

/** A server that answers each search with no items, and lists the store and Authorization of each. */
async function listingServer() {
  const heard: { store: number; authorization: string | undefined }[] = []
  const url = await answeringServer((request, body, response) => {
    heard.push({ store: (JSON.parse(body) as { store_nbr: number }).store_nbr, authorization: request.headers.authorization })
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[]}')
  })
  return { url, heard }
}

/** The running search thread, with every message main posts to it and every message it posts to main. */
function listen(): { worker: Worker; posted: SearchThreadRequest[]; replies: SearchThreadReplies[] } {
  const [worker] = runningThreads('Search replies')
  if (worker === undefined) throw new Error('the search thread is not running')
  const posted: SearchThreadRequest[] = []
  const replies: SearchThreadReplies[] = []
  const post = worker.postMessage.bind(worker)
  vi.spyOn(worker, 'postMessage').mockImplementation((message: unknown, transfer) => {
    posted.push(message as SearchThreadRequest)
    post(message, transfer)
  })
  worker.on('message', (message: SearchThreadReplies) => replies.push(message))
  return { worker, posted, replies }
}

const sends = (posted: SearchThreadRequest[]) => posted.flatMap((message) => (message.kind === 'send' ? [message] : []))

function answered(exchange: SearchExchange): void {
  expect(exchange.kind).toBe('answered')
}

/** A thread that has answered one search to a listing server with `template`, listened to from then on. */
async function searchingThread() {
  const { thread } = open()
  const server = await listingServer()
  const template = templateFor(server.url)
  answered(await thread.exchange(searchWith(template), limits()))
  return { server, thread, template, ...listen() }
}

describe('searches sent from the search thread, as messages', () => {
  it('sends the searches asked for in one turn of main as one message, the template told once, the values in one text', async () => {
    const { server, thread, template, posted } = await searchingThread()

    const exchanges = await Promise.all([2, 3, 4].map((store) => thread.exchange(searchWith(template, store), limits())))
    exchanges.forEach(answered)
    const [group, ...others] = sends(posted)
    expect(others).toEqual([])
    expect(group?.templates).toEqual([])
    expect(group?.searches.map((search) => [search.storeNbr, search.values, search.lengths])).toEqual([
      [2, VALUES.join(''), [14, 14]],
      [3, VALUES.join(''), [14, 14]],
      [4, VALUES.join(''), [14, 14]]
    ])
    expect(server.heard.map((heard) => heard.store).sort()).toEqual([1, 2, 3, 4])
  })

  it('answers the replies the thread read in one turn of its loop as one message', async () => {
    const { thread } = open()
    await thread.read(reply(), { itemType: 'gtin', values: VALUES })
    const { replies } = listen()
    // A reply of some megabytes first: the three after it reach the thread's port while it reads that one, and are read in the same turn.
    const large = new TextEncoder().encode(
      JSON.stringify({ items: Array.from({ length: 40_000 }, (_, index) => ({ gtin: String(index), inventory_locations: [] })) })
    )
    const answers = await Promise.all(
      [large, reply(), reply(), reply()].map((body) => thread.read(body, { itemType: 'gtin', values: VALUES }))
    )
    expect(answers.map((answer) => answer.unmatched)).toEqual([40_000, 0, 0, 0])
    expect(replies.map((message) => message.length)).toEqual([4])
  })

  it('tells the thread a new template after a new token, and a template it dropped once more than TEMPLATES_KEPT came after it', async () => {
    const { server, thread, template: first, posted } = await searchingThread()

    answered(await thread.exchange(searchWith(templateFor(server.url, LATER_TOKEN)), limits()))
    answered(await thread.exchange(searchWith(first), limits()))
    for (let index = 0; index < TEMPLATES_KEPT; index += 1) {
      answered(await thread.exchange(searchWith(templateFor(server.url, `${LATER_TOKEN}-${index}`)), limits()))
    }
    answered(await thread.exchange(searchWith(first), limits()))

    const told = sends(posted).map((message) => message.templates.map((template) => template.headers.Authorization))
    expect(told.slice(0, 2)).toEqual([[LATER_TOKEN], []])
    expect(told.at(-1)).toEqual([TOKEN])
    expect(server.heard.map((heard) => heard.authorization)).toEqual([
      TOKEN,
      LATER_TOKEN,
      TOKEN,
      ...Array.from({ length: TEMPLATES_KEPT }, (_, index) => `${LATER_TOKEN}-${index}`),
      TOKEN
    ])
  })

  it('counts a template as the thread does, by when it was told: one used again is still dropped once TEMPLATES_KEPT were told after it', async () => {
    const { server, thread, template: first, posted } = await searchingThread()

    answered(await thread.exchange(searchWith(templateFor(server.url, LATER_TOKEN)), limits()))
    answered(await thread.exchange(searchWith(first), limits()))
    for (let index = 0; index < TEMPLATES_KEPT - 1; index += 1) {
      answered(await thread.exchange(searchWith(templateFor(server.url, `${LATER_TOKEN}-${index}`)), limits()))
    }
    answered(await thread.exchange(searchWith(first), limits()))

    const told = sends(posted).map((message) => message.templates.map((template) => template.headers.Authorization))
    expect(told.at(-1)).toEqual([TOKEN])
    expect(server.heard.at(-1)?.authorization).toBe(TOKEN)
  })

  it('tells a new thread the template again after the old one stopped mid-search', async () => {
    const { thread, stops } = open()
    const server = await holdingServer()
    const template = templateFor(server.url)
    const pending = thread.exchange(searchWith(template), limits())
    await server.arrived(1)
    await runningThreads('Search replies')[0]?.terminate()
    const error: unknown = await pending.then(
      () => null,
      (failure: unknown) => failure
    )
    expect(isThreadStopped(error)).toBe(true)
    expect(stops).toHaveLength(1)

    server.release()
    answered(await thread.exchange(searchWith(template), limits()))
    expect(server.heard.map((heard) => heard.authorization)).toEqual([TOKEN, TOKEN])
  })

  it('cancels one search of a group: it fails at once and its request is dropped, and the others of the group are answered', async () => {
    const { thread } = open()
    const server = await holdingServer()
    const template = templateFor(server.url)
    const first = thread.exchange(searchWith(template), limits())
    await server.arrived(1)
    server.release()
    answered(await first)
    server.hold()
    const { posted } = listen()

    const cancelled = new AbortController()
    const kept = new AbortController()
    const [one, two, three] = [
      thread.exchange(searchWith(template, 1), limits(kept.signal)),
      thread.exchange(searchWith(template, 2), limits(cancelled.signal)),
      thread.exchange(searchWith(template, 3), limits(kept.signal))
    ]
    await server.arrived(4)
    cancelled.abort()
    const failed = await rejectionOf(two, SearchFetchError)
    expect(failed.timedOut).toBe(false)
    await server.closed(2)
    server.release()
    answered(await one)
    answered(await three)
    expect(sends(posted)).toHaveLength(1)
    const cancels = posted.flatMap((message) => (message.kind === 'cancel' ? [message.ids.length] : []))
    expect(cancels).toEqual([1])
  })
})

/**
 * A server that holds each search until `release()` (and answers at once from then on, until
 * `hold()`): `arrived(n)` resolves once n searches have come, `closed(store)` once the connection
 * of store's search has closed.
 */
async function holdingServer() {
  const heard: { store: number; authorization: string | undefined }[] = []
  const held: (() => void)[] = []
  const closedStores = new Set<number>()
  const waits: { ready: () => boolean; resolve: () => void }[] = []
  let holding = true
  const check = (): void => {
    for (const wait of waits.splice(0)) {
      if (wait.ready()) wait.resolve()
      else waits.push(wait)
    }
  }
  const until = (ready: () => boolean): Promise<void> =>
    new Promise((resolve) => {
      waits.push({ ready, resolve })
      check()
    })
  const url = await answeringServer((request, body, response) => {
    const store = (JSON.parse(body) as { store_nbr: number }).store_nbr
    heard.push({ store, authorization: request.headers.authorization })
    request.socket.on('close', () => {
      closedStores.add(store)
      check()
    })
    const answer = (): void => void response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[]}')
    if (holding) held.push(answer)
    else answer()
    check()
  })
  return {
    url,
    heard,
    arrived: (count: number) => until(() => heard.length >= count),
    closed: (store: number) => until(() => closedStores.has(store)),
    hold() {
      holding = true
    },
    release() {
      holding = false
      for (const answer of held.splice(0)) answer()
    }
  }
}

/** A reply too large to be read in place, so the thread reads it. */
function reply(): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({
      request_id: 'r'.repeat(SMALL_REPLY_BYTES),
      items: VALUES.map((gtin) => ({ gtin, inventory_locations: [{ location_area: 'store', state: 'available', quantity: 1 }] }))
    })
  )
}
