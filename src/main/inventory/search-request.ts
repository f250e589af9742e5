import { AppError } from '../../shared/domain/app-error'
import type { ItemType } from '../../shared/domain/item-type'
import { joinUrl } from '../http/fetch-failure'

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

/** A search ready to send: its address (checked), headers (the token among them) and body. */
export interface SearchRequest {
  url: string
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal }
}

/**
 * The one place a token and the client ID are put on a request: a search whose address is not on
 * the inventory origin the secret was saved for is refused here, whatever the settings or a
 * target built elsewhere say, so no path through main can send them to another host.
 */
export function buildSearchRequest(
  endpoint: { baseUrl: string; searchPath: string; boundInventoryOrigin: string },
  credentials: SearchCredentials,
  body: SearchBody,
  signal: AbortSignal
): SearchRequest {
  if (credentials.consumerId === '' || credentials.authorization === '') {
    throw new Error('A search needs both wm_consumer.id and Authorization')
  }
  const url = joinUrl(endpoint.baseUrl, endpoint.searchPath)
  const origin = new URL(url).origin
  if (origin !== endpoint.boundInventoryOrigin) {
    throw new AppError(
      'missing_credentials',
      `The client secret was saved for the inventory host ${endpoint.boundInventoryOrigin}, so its token is never sent to ${origin}; save the secret again in Settings for this inventory host.`
    )
  }
  return {
    url,
    init: {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'wm_consumer.id': credentials.consumerId,
        Authorization: credentials.authorization
      },
      body: JSON.stringify(body),
      signal
    }
  }
}

export function authorizationValue(token: string, bearerPrefix: boolean): string {
  return bearerPrefix ? `Bearer ${token}` : token
}
