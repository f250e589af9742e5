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
 * What every search to one target with one token has in common: its address, checked, and its
 * headers, the token among them. Built once per (target, token), not once per search.
 */
export interface SearchTemplate {
  readonly url: string
  /** The address's origin, as a sentence about this host names it. */
  readonly origin: string
  readonly headers: Readonly<Record<string, string>>
}

/**
 * The one place a token and the client ID are put on a request: a search whose address is not on
 * the inventory origin the secret was saved for is refused here, whatever the settings or a
 * target built elsewhere say, so no path through main can send them to another host.
 */
export function buildSearchTemplate(
  endpoint: { baseUrl: string; searchPath: string; boundInventoryOrigin: string },
  credentials: SearchCredentials
): SearchTemplate {
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
    origin,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'wm_consumer.id': credentials.consumerId,
      Authorization: credentials.authorization
    }
  }
}

/**
 * One search from its template: the request main's fetch sends and the search thread's alike, so
 * the bytes on the wire do not depend on where the search's HTTP runs.
 */
export function searchRequestOf(template: Pick<SearchTemplate, 'url' | 'headers'>, body: SearchBody, signal: AbortSignal): SearchRequest {
  return { url: template.url, init: { method: 'POST', headers: { ...template.headers }, body: JSON.stringify(body), signal } }
}

/** A whole search at once: its template checked and built, then the request. */
export function buildSearchRequest(
  endpoint: { baseUrl: string; searchPath: string; boundInventoryOrigin: string },
  credentials: SearchCredentials,
  body: SearchBody,
  signal: AbortSignal
): SearchRequest {
  return searchRequestOf(buildSearchTemplate(endpoint, credentials), body, signal)
}

export function authorizationValue(token: string, bearerPrefix: boolean): string {
  return bearerPrefix ? `Bearer ${token}` : token
}

/**
 * A search's values as one text and each value's length, as a run keeps its values: a batch's
 * are one slice of the run's text, with no string per value on main, and cross to the search
 * thread so (one string to copy, not a hundred).
 */
export interface PackedValues {
  readonly text: string
  readonly lengths: readonly number[]
}

/** A search's values: a list, or packed (a run's batches). */
export type SearchValues = readonly string[] | PackedValues

function isList(values: SearchValues): values is readonly string[] {
  return Array.isArray(values)
}

export function valueCount(values: SearchValues): number {
  return isList(values) ? values.length : values.lengths.length
}

/** The values as a list: where each is needed as a string (a request body built on main, a reply read on main). */
export function valueList(values: SearchValues): string[] {
  return isList(values) ? [...values] : unpackValues(values.text, values.lengths)
}

export function packValues(values: SearchValues): PackedValues {
  return isList(values) ? { text: values.join(''), lengths: values.map((value) => value.length) } : values
}

/** The values `text` holds, cut by `lengths`; throws when the lengths do not add up to the text. */
export function unpackValues(text: string, lengths: readonly number[]): string[] {
  const values: string[] = []
  let start = 0
  for (const length of lengths) {
    if (!Number.isInteger(length) || length < 0 || start + length > text.length) break
    values.push(text.slice(start, start + length))
    start += length
  }
  if (values.length !== lengths.length || start !== text.length) {
    throw new Error(`A search's ${lengths.length} values crossed to the search thread in ${text.length} characters that do not split so`)
  }
  return values
}
