import { padGtin } from '../../shared/domain/gtin'
import type { ItemType } from '../../shared/domain/item-type'
import type { InventoryItem } from '../../shared/domain/line-result'

/**
 * The form in which a value and an item's identifier are compared. Servers may echo a GTIN
 * without its leading zeros, or a Walmart item number with extra ones, and in any order.
 */
export function lookupKey(itemType: ItemType, value: string): string {
  const digits = value.trim()
  if (itemType === 'gtin') return padGtin(digits.replace(/\D/g, ''))
  const stripped = digits.replace(/^0+/, '')
  return stripped === '' ? '0' : stripped
}

/** Pairs the items of one response with the values asked for; the first item for a value wins. */
export function matchItems(
  itemType: ItemType,
  values: readonly string[],
  items: readonly InventoryItem[]
): { found: Map<string, InventoryItem>; unmatched: number } {
  const wanted = new Set(values.map((value) => lookupKey(itemType, value)))
  const found = new Map<string, InventoryItem>()
  let unmatched = 0
  for (const item of items) {
    const identifier = itemType === 'gtin' ? item.gtin : item.wm_item_number
    const key = identifier === null ? null : lookupKey(itemType, identifier)
    if (key === null || !wanted.has(key)) unmatched += 1
    else if (!found.has(key)) found.set(key, item)
  }
  return { found, unmatched }
}
