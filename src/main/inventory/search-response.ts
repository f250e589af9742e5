import { z } from 'zod'
import { parseLastUpdatedTime } from '../../shared/domain/as-of'
import { padGtin } from '../../shared/domain/gtin'
import type { InventoryItem, InventoryLocation } from '../../shared/domain/line-result'

/**
 * The response is documented only by field names, so parsing is tolerant: documented fields are
 * typed where present, anything else is kept in `raw` for the detail panel.
 */
const envelopeSchema = z.looseObject({
  supplier_name: z.string().nullish().catch(null),
  store_nbr: z.union([z.number(), z.string()]).nullish().catch(null),
  items: z.array(z.unknown()).nullish()
})

export function parseSearchResponse(json: unknown): InventoryItem[] {
  const envelope = envelopeSchema.parse(json)
  const storeNbr = envelope.store_nbr === null || envelope.store_nbr === undefined ? null : Number(envelope.store_nbr)
  const items: InventoryItem[] = []
  for (const raw of envelope.items ?? []) {
    const item = itemOf(raw)
    if (item === null) continue
    const locations: InventoryLocation[] = []
    for (const value of item.inventory_locations ?? []) {
      const location = locationOf(value)
      if (location !== null) locations.push(location)
    }
    items.push({
      gtin: normalizeReturnedGtin(item.gtin),
      wm_item_number: item.wm_item_number === null || item.wm_item_number === undefined ? null : String(item.wm_item_number),
      supplier_name: envelope.supplier_name ?? null,
      store_nbr: Number.isFinite(storeNbr) ? storeNbr : null,
      inventory_locations: locations,
      total_quantity: locations.reduce((sum, location) => sum + location.quantity, 0),
      last_updated_time: parseLastUpdatedTime(item.lastUpdatedTime),
      raw
    })
  }
  return items
}

/*
 * An item and its locations are checked by hand rather than by zod: 200,000 answers are 200,000
 * items and their locations, and zod's loose objects allocated about 500 MB per such lookup in
 * main (a third of everything main allocates for it). The rules are the ones
 * `inventoryLocationSchema` states; search-response.test.ts holds both to the same answers.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isIdentifier(value: unknown): value is string | number | null | undefined {
  return value === null || value === undefined || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** An item with the documented fields typed, or null when one of them has a type the API does not give (the item is skipped). */
function itemOf(raw: unknown): {
  gtin: string | number | null | undefined
  wm_item_number: string | number | null | undefined
  inventory_locations: readonly unknown[] | null | undefined
  lastUpdatedTime: unknown
} | null {
  if (!isRecord(raw)) return null
  const { gtin, wm_item_number: itemNumber, inventory_locations: locations, lastUpdatedTime } = raw
  if (!isIdentifier(gtin) || !isIdentifier(itemNumber)) return null
  if (locations !== null && locations !== undefined && !Array.isArray(locations)) return null
  return { gtin, wm_item_number: itemNumber, inventory_locations: locations as readonly unknown[] | null | undefined, lastUpdatedTime }
}

/** A location as `inventoryLocationSchema` parses it: documented fields first, defaulted when of another type, other fields kept. */
function locationOf(value: unknown): InventoryLocation | null {
  if (!isRecord(value)) return null
  const location: InventoryLocation = {
    location_area: typeof value.location_area === 'string' ? value.location_area : '',
    state: typeof value.state === 'string' ? value.state : '',
    quantity: typeof value.quantity === 'number' && Number.isFinite(value.quantity) ? value.quantity : 0
  }
  for (const key of Object.keys(value)) if (!(key in location)) (location as Record<string, unknown>)[key] = value[key]
  return location
}

function normalizeReturnedGtin(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const text = String(value).trim()
  return /^\d{1,14}$/.test(text) ? padGtin(text) : text
}
