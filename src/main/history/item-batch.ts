import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { InventoryItem, InventoryLocation } from '../../shared/domain/line-result'
import type { StockLocation } from '../../shared/stock/stock-figures'

/**
 * A found item in the form History stores it: its JSON text and its location rows (`packLocations`).
 * Search replies are read into this form where they are read (the search reply thread in the app)
 * and cross main's thread as UTF-8 bytes (`ItemBytes`), decoded into it again where they are written.
 */
export interface EncodedItem {
  json: string
  locations: string
}

export function encodeItem(item: InventoryItem): EncodedItem {
  return { json: JSON.stringify(item), locations: packLocations(item.inventory_locations) }
}

/**
 * The items of one batch of answers, stored as one compressed blob. Items of one supplier share
 * most of their text (field names, locations, dates), so a batch compresses about tenfold where
 * one item alone barely does; a batch is what one transaction writes and what a page reads.
 */
export function packItems(items: readonly EncodedItem[]): Uint8Array {
  return deflateRawSync(Buffer.from(`[${items.map((item) => item.json).join(',')}]`), { level: 1 })
}

/** Items this app wrote, read back without parsing each one again (200,000 of them open in well under a second). */
export function unpackItems(blob: Uint8Array): InventoryItem[] {
  const parsed: unknown = JSON.parse(inflateRawSync(blob).toString('utf8'))
  if (!Array.isArray(parsed) || !parsed.every(isItemLike)) throw new Error('a stored item batch is not a list of items')
  return parsed
}

function isItemLike(value: unknown): value is InventoryItem {
  return typeof value === 'object' && value !== null && Array.isArray((value as { inventory_locations?: unknown }).inventory_locations)
}

/** A found item's location rows as `[area, state, quantity]` triples: what a comparison reads instead of the item. */
export function packLocations(locations: readonly InventoryLocation[]): string {
  return JSON.stringify(locations.map((location) => [location.location_area, location.state, location.quantity]))
}

export function unpackLocations(text: string): StockLocation[] {
  const parsed: unknown = JSON.parse(text)
  if (!Array.isArray(parsed)) throw new Error('stored location rows are not a list')
  return parsed.map((row: unknown) => {
    if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'string' || typeof row[2] !== 'number') {
      throw new Error('a stored location row does not have its area, state and quantity')
    }
    return { location_area: row[0], state: row[1], quantity: row[2] }
  })
}
