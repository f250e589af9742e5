import { AppError } from '../../shared/domain/app-error'
import type { ItemType } from '../../shared/domain/item-type'
import { describeBytes } from '../http/bounded-reply'
import { classifyFetchFailure, errorChain, fetchFailureMessage, type FetchFailure } from '../http/fetch-failure'
import { postOverFetch } from '../http/http-post'
import { describeRedirect, type Redirect } from '../http/redirect-refusal'
import type { Logger } from '../logging/logger'
import type { TokenManager, TokenTarget } from '../token/token-manager'
import { extractErrorMessage } from './error-body'
import { InventoryApiError, searchHttpError } from './inventory-api-error'
import { parseRateLimit, type RateLimit } from './rate-limit-headers'
import {
  authorizationValue,
  buildSearchTemplate,
  MAX_VALUES_PER_SEARCH,
  valueCount,
  type SearchTemplate,
  type SearchValues
} from './search-request'
import { searchOnCallersThread, SearchFetchError, type SearchExchange, type SearchLimits, type SearchTransport } from './search-exchange'
import { createInThreadReplyReader, type SearchAnswers } from './search-reply'

export { InventoryApiError } from './inventory-api-error'
export type { RateLimit } from './rate-limit-headers'

export interface ApiTarget extends TokenTarget {
  baseUrl: string
  /**
   * The inventory origin the secret was saved for (the Demo's own address, or the headless
   * command's host when it brings its own secret): the token is sent nowhere else.
   */
  boundInventoryOrigin: string
  searchPath: string
  bearerPrefix: boolean
}

export interface SearchBatchRequest {
  storeNbr: number
  itemType: ItemType
  values: SearchValues
  signal?: AbortSignal
}

export interface SearchBatchResult {
  /** The reply read and matched to the values asked. */
  answers: SearchAnswers
  rateLimit: RateLimit
  tokenRefreshed: boolean
}

export interface InventoryClient {
  searchBatch(target: ApiTarget, request: SearchBatchRequest): Promise<SearchBatchResult>
}

/**
 * One search of at most 100 values. Gets the token from the token manager; a 401 drops that
 * token and the search is tried once more with a new one.
 */
export function createInventoryClient(deps: {
  fetch: typeof fetch
  tokens: TokenManager
  log: Logger
  now: () => number
  timeoutMs?: number
  /**
   * Where each search's HTTP runs and its reply is read: in the app, Electron's `net.fetch` on main
   * with the replies read on a thread, or under Node the whole search on the search thread; by
   * default here, `fetch` and the reading on the caller's thread.
   */
  transport?: SearchTransport
}): InventoryClient {
  const timeoutMs = deps.timeoutMs ?? 30_000
  const transport = deps.transport ?? searchOnCallersThread(postOverFetch(deps.fetch), createInThreadReplyReader(deps.log.redactor))
  /** Each target's template for its latest token: its address checked and headers built once, not per search. */
  const templates = new WeakMap<ApiTarget, { token: string; built: TemplateFields; template: SearchTemplate }>()

  function templateFor(target: ApiTarget, token: string): SearchTemplate {
    const known = templates.get(target)
    // Every field the template was built from, not only the target's identity: a target changed after it was checked is checked again.
    if (known?.token === token && sameFields(known.built, target)) return known.template
    const template = buildSearchTemplate(target, {
      consumerId: target.clientId,
      authorization: authorizationValue(token, target.bearerPrefix)
    })
    const { baseUrl, searchPath, boundInventoryOrigin, clientId, bearerPrefix } = target
    templates.set(target, { token, built: { baseUrl, searchPath, boundInventoryOrigin, clientId, bearerPrefix }, template })
    return template
  }

  /** The limits of a lookup's searches: one object for all of them (a transport reads it as the search leaves). */
  let lastLimits: SearchLimits = { timeoutMs, signal: undefined }

  function limitsFor(signal: AbortSignal | undefined): SearchLimits {
    if (lastLimits.signal !== signal) lastLimits = { timeoutMs, signal }
    return lastLimits
  }

  /**
   * One request out and its reply read where the transport reads it, with one reaction for what
   * came back: a search of a lookup with its token held takes no await, no async function and no
   * promise of its own on main. A 401 to a search sent with the token that was held drops that
   * token and sends the search once more with a new one; a redirect or an oversized reply fails here.
   */
  function sendAndRead(target: ApiTarget, request: SearchBatchRequest, token: string, refreshed: boolean): Promise<SearchBatchResult> {
    const template = templateFor(target, token)
    const search = { template, storeNbr: request.storeNbr, itemType: request.itemType, values: request.values }
    return transport.exchange(search, limitsFor(request.signal)).then(
      (exchange) =>
        !refreshed && exchange.kind === 'refused' && exchange.status === 401
          ? withNewToken(target, request, token)
          : resultOf(template.origin, exchange, refreshed),
      (error: unknown) => {
        throw exchangeFailure(error, template.origin, request.signal)
      }
    )
  }

  /** The first search of a target (or of an expiring token), and the retry after a 401 for `staleToken`. */
  async function withNewToken(target: ApiTarget, request: SearchBatchRequest, staleToken: string | null): Promise<SearchBatchResult> {
    if (staleToken !== null) deps.tokens.invalidate(target, staleToken)
    const { token } = await deps.tokens.getToken(target, request.signal)
    return sendAndRead(target, request, token, staleToken !== null)
  }

  function resultOf(host: string, exchange: SearchExchange, tokenRefreshed: boolean): SearchBatchResult {
    if (exchange.kind === 'redirected') throw redirectError(host, exchange.redirect)
    if (exchange.kind === 'too_large') throw tooLargeError(host, exchange.status, exchange.limitBytes)
    const rateLimit = parseRateLimit(exchange.headers, deps.now())
    if (exchange.kind === 'answered') return { answers: exchange.answers, rateLimit, tokenRefreshed }
    if (exchange.kind === 'refused') {
      const contentType = exchange.headers['content-type'] ?? null
      throw searchHttpError(
        exchange.status,
        extractErrorMessage(exchange.text, contentType, (message) => deps.log.redactor.text(message)),
        rateLimit
      )
    }
    throw new InventoryApiError('server_error', 'The server sent a response that could not be read.', {
      kind: 'server',
      retryable: true,
      status: exchange.status,
      rateLimit
    })
  }

  function exchangeFailure(error: unknown, host: string, signal: AbortSignal | undefined): unknown {
    if (!(error instanceof SearchFetchError)) return error
    return fetchError(classifyFetchFailure(error.cause, signal, error.timedOut), host, error.cause)
  }

  function fetchError(failure: FetchFailure, host: string, error: unknown): InventoryApiError {
    if (failure === 'cancelled')
      return new InventoryApiError('cancelled', 'The lookup was cancelled.', { kind: 'cancelled', retryable: false })
    deps.log.warn('search request failed', { host, failure, cause: errorChain(error) })
    if (failure === 'redirect') return redirectError(host, { status: null, location: null })
    const message = fetchFailureMessage(failure, { service: 'inventory', host, timeoutSeconds: Math.round(timeoutMs / 1000) })
    if (failure === 'timeout') return new InventoryApiError('timeout', message, { kind: 'timeout', retryable: true })
    if (failure === 'certificate_untrusted')
      return new InventoryApiError('certificate_untrusted', message, { kind: 'config', retryable: false })
    return new InventoryApiError('offline', message, { kind: 'network', retryable: true })
  }

  return {
    searchBatch(target, request) {
      if (valueCount(request.values) > MAX_VALUES_PER_SEARCH) {
        return Promise.reject(new AppError('invalid_input', `A search takes at most ${MAX_VALUES_PER_SEARCH} values.`))
      }
      // A cancelled lookup's search asks the token manager, which says so.
      const token = request.signal?.aborted === true ? undefined : deps.tokens.heldToken(target)
      if (token === undefined) return withNewToken(target, request, null)
      try {
        return sendAndRead(target, request, token, false)
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    }
  }
}

type TemplateFields = Pick<ApiTarget, 'baseUrl' | 'searchPath' | 'boundInventoryOrigin' | 'clientId' | 'bearerPrefix'>

function sameFields(built: TemplateFields, target: ApiTarget): boolean {
  return (
    built.baseUrl === target.baseUrl &&
    built.searchPath === target.searchPath &&
    built.boundInventoryOrigin === target.boundInventoryOrigin &&
    built.clientId === target.clientId &&
    built.bearerPrefix === target.bearerPrefix
  )
}

function redirectError(host: string, redirect: Redirect): InventoryApiError {
  return new InventoryApiError(
    'redirected',
    `The inventory host ${host} ${describeRedirect(redirect, 'search')}; the app does not follow redirects, so nothing was sent there. Check the inventory host in Settings.`,
    { kind: 'config', retryable: false, ...(redirect.status === null ? {} : { status: redirect.status }) }
  )
}

/** One oversized reply: that search fails, without a retry that would read it again; other searches go on. */
function tooLargeError(host: string, status: number | null, limitBytes: number): InventoryApiError {
  const answered = status !== null && (status < 200 || status > 299) ? `answered HTTP ${status} with a reply` : 'sent a reply'
  return new InventoryApiError(
    'reply_too_large',
    `The inventory host ${host} ${answered} larger than ${describeBytes(limitBytes)} to one search, so it was not read. Try these values again later, or check the inventory host in Settings.`,
    { kind: 'client', retryable: false, ...(status === null ? {} : { status }) }
  )
}
