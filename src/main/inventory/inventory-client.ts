import { AppError } from '../../shared/domain/app-error'
import type { ItemType } from '../../shared/domain/item-type'
import {
  describeBytes,
  ERROR_REPLY_LIMIT_BYTES,
  readBoundedBytes,
  readBoundedText,
  ReplyTooLargeError,
  SEARCH_REPLY_LIMIT_BYTES
} from '../http/bounded-reply'
import { classifyFetchFailure, errorChain, fetchFailureMessage, type FetchFailure } from '../http/fetch-failure'
import { describeRedirect, redirectOf, type Redirect } from '../http/redirect-refusal'
import type { Logger } from '../logging/logger'
import type { TokenManager, TokenTarget } from '../token/token-manager'
import { extractErrorMessage } from './error-body'
import { InventoryApiError, searchHttpError } from './inventory-api-error'
import { parseRateLimit, type RateLimit } from './rate-limit-headers'
import { authorizationValue, buildSearchRequest, MAX_VALUES_PER_SEARCH } from './search-request'
import { createInThreadReplyReader, UnreadableReplyError, type SearchAnswers, type SearchReplyReader } from './search-reply'

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
  values: string[]
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
   * Reads each successful reply: in the app, a thread of its own, so main only moves the bytes;
   * by default here, on the caller's thread.
   */
  replies?: SearchReplyReader
}): InventoryClient {
  const timeoutMs = deps.timeoutMs ?? 30_000
  const replies = deps.replies ?? createInThreadReplyReader(deps.log.redactor)

  /** A reply's body: bytes for a success, to be read elsewhere; text for an error, whose message main reads. */
  async function attempt(
    target: ApiTarget,
    request: SearchBatchRequest,
    token: string
  ): Promise<{ response: Response; body: Uint8Array | string }> {
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = request.signal === undefined ? timeout : AbortSignal.any([request.signal, timeout])
    const { url, init } = buildSearchRequest(
      target,
      { consumerId: target.clientId, authorization: authorizationValue(token, target.bearerPrefix) },
      { store_nbr: request.storeNbr, item_type: request.itemType, item_type_values: request.values },
      signal
    )
    const host = new URL(url).origin
    let status: number | null = null
    try {
      // The token and the consumer ID must not follow a redirect to another host.
      const response = await deps.fetch(url, { ...init, redirect: 'manual' })
      status = response.status
      const redirect = redirectOf(response, url)
      if (redirect !== null) {
        await response.body?.cancel().catch(() => undefined)
        throw redirectError(host, redirect)
      }
      const body = response.ok
        ? await readBoundedBytes(response, SEARCH_REPLY_LIMIT_BYTES)
        : await readBoundedText(response, ERROR_REPLY_LIMIT_BYTES)
      return { response, body }
    } catch (error) {
      if (error instanceof InventoryApiError) throw error
      if (error instanceof ReplyTooLargeError) throw tooLargeError(host, status, error.limitBytes)
      throw fetchError(classifyFetchFailure(error, request.signal, timeout), host, error)
    }
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
      if (request.values.length > MAX_VALUES_PER_SEARCH) {
        throw new AppError('invalid_input', `A search takes at most ${MAX_VALUES_PER_SEARCH} values.`)
      }
      let tokenRefreshed = false
      let { token } = await deps.tokens.getToken(target, request.signal)
      let { response, body } = await attempt(target, request, token)
      if (response.status === 401) {
        deps.tokens.invalidate(target, token)
        tokenRefreshed = true
        ;({ token } = await deps.tokens.getToken(target, request.signal))
        ;({ response, body } = await attempt(target, request, token))
      }
      const rateLimit = parseRateLimit(response.headers, deps.now())
      if (typeof body === 'string') {
        throw searchHttpError(
          response.status,
          extractErrorMessage(body, response.headers.get('content-type'), (message) => deps.log.redactor.text(message)),
          rateLimit
        )
      }
      try {
        const answers = await replies.read(body, { itemType: request.itemType, values: request.values })
        return { answers, rateLimit, tokenRefreshed }
      } catch (error) {
        if (!(error instanceof UnreadableReplyError)) throw error
        throw new InventoryApiError('server_error', 'The server sent a response that could not be read.', {
          kind: 'server',
          retryable: true,
          status: response.status,
          rateLimit
        })
      }
    }
  }
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
