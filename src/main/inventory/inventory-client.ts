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
import { searchOnCallersThread, SearchFetchError, type SearchExchange, type SearchTransport } from './search-exchange'
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

/** An exchange that reached main's reading: a redirect or an oversized reply has already failed. */
type ReadExchange = Exclude<SearchExchange, { kind: 'redirected' | 'too_large' }>

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

  /** One request out, its reply read where the transport reads it; a redirect or an oversized reply fails here. */
  async function attempt(target: ApiTarget, request: SearchBatchRequest, token: string): Promise<ReadExchange> {
    const template = templateFor(target, token)
    const search = { template, storeNbr: request.storeNbr, itemType: request.itemType, values: request.values }
    let exchange: SearchExchange
    try {
      exchange = await transport.exchange(search, { timeoutMs, signal: request.signal })
    } catch (error) {
      if (!(error instanceof SearchFetchError)) throw error
      throw fetchError(classifyFetchFailure(error.cause, request.signal, error.timedOut), template.origin, error.cause)
    }
    if (exchange.kind === 'redirected') throw redirectError(template.origin, exchange.redirect)
    if (exchange.kind === 'too_large') throw tooLargeError(template.origin, exchange.status, exchange.limitBytes)
    return exchange
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
    async searchBatch(target, request) {
      if (valueCount(request.values) > MAX_VALUES_PER_SEARCH) {
        throw new AppError('invalid_input', `A search takes at most ${MAX_VALUES_PER_SEARCH} values.`)
      }
      let tokenRefreshed = false
      let { token } = await deps.tokens.getToken(target, request.signal)
      let exchange = await attempt(target, request, token)
      if (exchange.kind === 'refused' && exchange.status === 401) {
        deps.tokens.invalidate(target, token)
        tokenRefreshed = true
        ;({ token } = await deps.tokens.getToken(target, request.signal))
        exchange = await attempt(target, request, token)
      }
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
