import { AppError } from '../../shared/domain/app-error'
import type { ItemType } from '../../shared/domain/item-type'
import type { InventoryItem } from '../../shared/domain/line-result'
import { classifyFetchFailure } from '../http/fetch-failure'
import type { Logger } from '../logging/logger'
import type { TokenManager, TokenTarget } from '../token/token-manager'
import { extractErrorMessage } from './error-body'
import { InventoryApiError, searchHttpError } from './inventory-api-error'
import { parseRateLimit, type RateLimit } from './rate-limit-headers'
import { authorizationValue, buildSearchRequest, MAX_VALUES_PER_SEARCH } from './search-request'
import { parseSearchResponse } from './search-response'

export { InventoryApiError } from './inventory-api-error'
export type { RateLimit } from './rate-limit-headers'

export interface ApiTarget extends TokenTarget {
  baseUrl: string
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
  items: InventoryItem[]
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
}): InventoryClient {
  const timeoutMs = deps.timeoutMs ?? 30_000

  async function attempt(target: ApiTarget, request: SearchBatchRequest, token: string) {
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = request.signal === undefined ? timeout : AbortSignal.any([request.signal, timeout])
    const { url, init } = buildSearchRequest(
      target,
      { consumerId: target.clientId, authorization: authorizationValue(token, target.bearerPrefix) },
      { store_nbr: request.storeNbr, item_type: request.itemType, item_type_values: request.values },
      signal
    )
    try {
      const response = await deps.fetch(url, init)
      const text = await response.text()
      return { response, text }
    } catch (error) {
      throw fetchError(classifyFetchFailure(error, request.signal, timeout), error)
    }
  }

  function fetchError(failure: ReturnType<typeof classifyFetchFailure>, error: unknown): InventoryApiError {
    if (failure === 'cancelled') return new InventoryApiError('cancelled', 'The lookup was cancelled.', { kind: 'cancelled', retryable: false })
    deps.log.warn('search request failed', { failure, error: String(error) })
    if (failure === 'timeout') {
      return new InventoryApiError('timeout', `The inventory service did not answer within ${Math.round(timeoutMs / 1000)} s.`, { kind: 'timeout', retryable: true })
    }
    return new InventoryApiError('offline', 'Could not reach the inventory service. Check your network connection or proxy, and the inventory host in Settings.', {
      kind: 'network',
      retryable: true
    })
  }

  return {
    async searchBatch(target, request) {
      if (request.values.length > MAX_VALUES_PER_SEARCH) {
        throw new AppError('invalid_input', `A search takes at most ${MAX_VALUES_PER_SEARCH} values.`)
      }
      let tokenRefreshed = false
      let { token } = await deps.tokens.getToken(target, request.signal)
      let { response, text } = await attempt(target, request, token)
      if (response.status === 401) {
        deps.tokens.invalidate(target, token)
        tokenRefreshed = true
        ;({ token } = await deps.tokens.getToken(target, request.signal))
        ;({ response, text } = await attempt(target, request, token))
      }
      const rateLimit = parseRateLimit(response.headers, deps.now())
      if (!response.ok) {
        throw searchHttpError(response.status, extractErrorMessage(text, response.headers.get('content-type'), (message) => deps.log.redactor.text(message)), rateLimit)
      }
      let items: InventoryItem[]
      try {
        items = parseSearchResponse(JSON.parse(text))
      } catch {
        throw new InventoryApiError('server_error', 'The server sent a response that could not be read.', {
          kind: 'server',
          retryable: true,
          status: response.status,
          rateLimit
        })
      }
      return { items, rateLimit, tokenRefreshed }
    }
  }
}
