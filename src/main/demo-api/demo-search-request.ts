import { isItemType } from '../../shared/domain/item-types'
import type { DemoSearch } from './demo-inventory'

export const MAX_VALUES_PER_SEARCH = 100

export type ParsedSearch = { ok: true; search: DemoSearch } | { ok: false; field: string }

/**
 * Validates a search body as strictly as the documented API: `store_nbr` a bare JSON integer,
 * `item_type` one of the two types, 1..100 string values. Unknown extra fields are ignored.
 */
export function parseSearchBody(contentType: string | undefined, body: string): ParsedSearch {
  if (mediaType(contentType) !== 'application/json') return { ok: false, field: 'Content-Type' }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return { ok: false, field: 'body' }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, field: 'body' }
  const record = parsed as Record<string, unknown>

  const storeNbr = record['store_nbr']
  if (typeof storeNbr !== 'number' || !Number.isSafeInteger(storeNbr) || storeNbr <= 0) {
    return { ok: false, field: 'store_nbr' }
  }
  const itemType = record['item_type']
  if (!isItemType(itemType)) return { ok: false, field: 'item_type' }
  const values = record['item_type_values']
  if (
    !Array.isArray(values) ||
    values.length === 0 ||
    values.length > MAX_VALUES_PER_SEARCH ||
    !values.every((value): value is string => typeof value === 'string')
  ) {
    return { ok: false, field: 'item_type_values' }
  }
  return { ok: true, search: { storeNbr, itemType, values } }
}

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}
