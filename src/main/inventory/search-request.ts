import type { ItemType } from '../../shared/domain/item-type'
import { joinUrl } from '../http/fetch-failure'
import { NO_REDIRECTS } from '../http/redirect-refusal'

export const MAX_VALUES_PER_SEARCH = 100

export interface SearchBody {
  store_nbr: number
  item_type: ItemType
  item_type_values: string[]
}

/** Both headers are required parameters: a search without them cannot be built. */
export interface SearchCredentials {
  consumerId: string
  authorization: string
}

export function buildSearchRequest(
  endpoint: { baseUrl: string; searchPath: string },
  credentials: SearchCredentials,
  body: SearchBody,
  signal: AbortSignal
): { url: string; init: RequestInit } {
  if (credentials.consumerId === '' || credentials.authorization === '') {
    throw new Error('A search needs both wm_consumer.id and Authorization')
  }
  return {
    url: joinUrl(endpoint.baseUrl, endpoint.searchPath),
    init: {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'wm_consumer.id': credentials.consumerId,
        Authorization: credentials.authorization
      },
      body: JSON.stringify(body),
      // The token and the consumer ID must not follow a redirect to another host.
      ...NO_REDIRECTS,
      signal
    }
  }
}

export function authorizationValue(token: string, bearerPrefix: boolean): string {
  return bearerPrefix ? `Bearer ${token}` : token
}
