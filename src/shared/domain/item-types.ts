/**
 * The kinds of value a lookup takes, without zod: the Demo API's thread checks a search's
 * `item_type` with this alone, so it loads none of zod (three quarters of a megabyte to compile
 * in each thread that imports it). item-type.ts builds the contract's schema from the same list.
 */
export const ITEM_TYPES = ['gtin', 'wm_item_number'] as const
export type ItemType = (typeof ITEM_TYPES)[number]

export function isItemType(value: unknown): value is ItemType {
  return (ITEM_TYPES as readonly unknown[]).includes(value)
}
