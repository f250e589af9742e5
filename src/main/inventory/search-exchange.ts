import { ERROR_REPLY_LIMIT_BYTES, SEARCH_REPLY_LIMIT_BYTES } from '../http/bounded-reply'
import { isSuccessStatus, type HttpPost, type HttpPostReply } from '../http/http-post'
import type { Redirect } from '../http/redirect-refusal'
import type { ItemType } from '../../shared/domain/item-type'
import { UnreadableReplyError, type SearchAnswers, type SearchReplyReader } from './search-reply'
import { searchRequestOf, valueList, type SearchRequest, type SearchTemplate, type SearchValues } from './search-request'

/** The reply headers main reads: the rate limit's and the error body's type. Nothing else crosses from a search thread. */
const READ_HEADERS = ['content-type', 'x-current-token-count', 'x-next-replenishment-time', 'retry-after'] as const

export type ReplyHeaders = Partial<Record<(typeof READ_HEADERS)[number], string>>

/** What one search's HTTP came to, with its reply read: all the inventory client needs, wherever the HTTP ran. */
export type SearchExchange =
  | { kind: 'answered'; status: number; headers: ReplyHeaders; answers: SearchAnswers }
  /** A 2xx whose body is not a search reply. */
  | { kind: 'unreadable'; status: number; headers: ReplyHeaders }
  /** Any other status, with its body's text (bounded) for main to read the server's message in. */
  | { kind: 'refused'; status: number; headers: ReplyHeaders; text: string }
  | { kind: 'redirected'; redirect: Redirect }
  | { kind: 'too_large'; status: number | null; limitBytes: number }

/**
 * Sends one search and reads its reply: where a search's HTTP runs (main's thread with Electron's
 * `net.fetch` or, under Node, node:http(s); the search thread with Node's fetch), the request goes
 * out the same way, no redirect is followed, and the reply is bounded while it streams. Rejects
 * with `SearchFetchError` when no whole answer came (the caller says why in a sentence); an error
 * of `read` other than an unreadable reply (its thread stopped) is passed on as it is.
 */
export async function exchangeSearch(
  post: HttpPost,
  { url, init }: SearchRequest,
  read: (body: Uint8Array) => SearchAnswers | Promise<SearchAnswers>
): Promise<SearchExchange> {
  let reply: HttpPostReply
  try {
    // The token and the consumer ID must not follow a redirect to another host: no transport follows one.
    reply = await post({
      url,
      headers: init.headers,
      body: init.body,
      signal: init.signal,
      limitBytes: (status) => (isSuccessStatus(status) ? SEARCH_REPLY_LIMIT_BYTES : ERROR_REPLY_LIMIT_BYTES)
    })
  } catch (error) {
    throw new SearchFetchError(error)
  }
  if (reply.kind !== 'answered') return reply
  const { status } = reply
  const headers = readHeaders(reply.header)
  if (!isSuccessStatus(status)) return { kind: 'refused', status, headers, text: new TextDecoder().decode(reply.body) }
  try {
    return { kind: 'answered', status, headers, answers: await read(reply.body) }
  } catch (error) {
    if (error instanceof UnreadableReplyError) return { kind: 'unreadable', status, headers }
    throw error
  }
}

/** A search that got no whole answer: the request failed, was cancelled or timed out. `cause` is the fetch's own error. */
export class SearchFetchError extends Error {
  /** Whether the search's own time ran out (rather than the caller cancelling it or the network failing). */
  readonly timedOut: boolean

  constructor(cause: unknown, timedOut = false) {
    super('The search got no answer.', { cause })
    this.name = 'SearchFetchError'
    this.timedOut = timedOut
  }
}

function readHeaders(header: (name: string) => string | null): ReplyHeaders {
  const read: ReplyHeaders = {}
  for (const name of READ_HEADERS) {
    const value = header(name)
    if (value !== null) read[name] = value
  }
  return read
}

/** One search to send: what every search to its target with its token has in common, and its own values. */
export interface SearchToSend {
  template: SearchTemplate
  storeNbr: number
  itemType: ItemType
  values: SearchValues
}

/** How long a search may take, and the signal that cancels it (a lookup's, for every search of the lookup). */
export interface SearchLimits {
  timeoutMs: number
  signal?: AbortSignal | undefined
}

/** The timeout's reason, as Node's `AbortSignal.timeout` names it: a fetch aborted with it rejects with a `TimeoutError`. */
export function searchTimedOut(): DOMException {
  return new DOMException('The search timed out.', 'TimeoutError')
}

/**
 * Where a search's HTTP runs, chosen by whoever builds the app: its one request out and its reply
 * read. Rejects with `SearchFetchError` when no whole answer came (cancelled, timed out, or the
 * request failed).
 */
export interface SearchTransport {
  exchange(search: SearchToSend, limits: SearchLimits): Promise<SearchExchange>
}

/** The search's HTTP on the caller's thread (Electron's `net.fetch` runs only on main), its replies read by `replies`. */
export function searchOnCallersThread(post: HttpPost, replies: SearchReplyReader): SearchTransport {
  return {
    async exchange(search, { timeoutMs, signal }) {
      // One controller and one timer per search, both let go when it ends: thousands of searches
      // under one run's signal made AbortSignal.any's and AbortSignal.timeout's weak links and
      // 30-second timers a good part of main's work during a large lookup.
      const sending = new AbortController()
      let timedOut = false
      const cancel = (): void => sending.abort(signal?.reason)
      const timer = setTimeout(() => {
        timedOut = true
        sending.abort(searchTimedOut())
      }, timeoutMs)
      timer.unref()
      if (signal?.aborted === true) cancel()
      else signal?.addEventListener('abort', cancel, { once: true })
      const values = valueList(search.values)
      const body = { store_nbr: search.storeNbr, item_type: search.itemType, item_type_values: values }
      const question = { itemType: search.itemType, values }
      try {
        return await exchangeSearch(post, searchRequestOf(search.template, body, sending.signal), (reply) => replies.read(reply, question))
      } catch (error) {
        if (error instanceof SearchFetchError) throw new SearchFetchError(error.cause, timedOut)
        throw error
      } finally {
        clearTimeout(timer)
        signal?.removeEventListener('abort', cancel)
      }
    }
  }
}
