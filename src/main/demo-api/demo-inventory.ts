import { gs1CheckDigit, padGtin } from '../../shared/domain/gtin'
import type { ItemType } from '../../shared/domain/item-types'
import { hashString, pickOne, randomDigits, randomFor, randomInt, shuffled, type RandomSource } from './demo-random'
import type { DemoDay } from './demo-date'
import { isCarried, type DemoLocation } from './demo-stock'
import { stockRowsOnDay } from './demo-stock-changes'

export type { DemoLocation } from './demo-stock'

/**
 * The Demo API's made-up catalogue. Everything is a pure function of its inputs so a lookup can be
 * repeated and compared: whether a value is mapped and what the item is depends on the value alone
 * (suppliers own items, not stores); whether a store carries it depends on (store, value), its
 * stock there on (store, value, day) (see demo-stock and demo-stock-changes); the timestamps on the
 * injected clock.
 */
export interface DemoItem {
  gtin: string
  wm_item_number: string
  inventory_locations: DemoLocation[]
  cid_level_inventories: Array<{ cid: string; quantity: number; unit_of_measure: string }>
  cross_references: Array<{ gtin: string; relationship: string; pack_quantity: number }>
  lastUpdatedTime: string
  /** Fields the documentation does not mention, so clients prove they keep what they do not know. */
  item_status: string
  dept_nbr: number
}

export interface DemoSearch {
  storeNbr: number
  itemType: ItemType
  values: readonly string[]
}

/** About 8 % of well-formed values are not mapped to the supplier and are simply absent from `items`. */
const UNMAPPED_PER_MILLE = 80
/** About 15 % of items are sold by weight, with fractional quantities (unit of measure LB); the rest in whole units (EA). */
const WEIGHTED_PER_MILLE = 150

const SUPPLIER_NAMES = [
  'Northwind Grocery Supply Co.',
  'Maple Ridge Foods Ltd.',
  'Blue Harbor Household Brands Inc.',
  'Sierra Verde Alimentos S.A. de C.V.',
  'Great Lakes Snack Company'
] as const

export function supplierNameFor(clientId: string): string {
  return SUPPLIER_NAMES[hashString(`supplier|${clientId}`) % SUPPLIER_NAMES.length] ?? SUPPLIER_NAMES[0]
}

/** The catalogue key for a requested value, or null when no item could ever have it. */
export function canonicalValue(itemType: ItemType, value: string): string | null {
  if (itemType === 'gtin') {
    if (!/^\d{8,14}$/.test(value)) return null
    const gtin = padGtin(value)
    if (/^0+$/.test(gtin) || gs1CheckDigit(gtin.slice(0, 13)) !== Number(gtin[13])) return null
    return gtin
  }
  if (!/^\d{1,9}$/.test(value) || /^0+$/.test(value)) return null
  return value.padStart(9, '0')
}

export function isMapped(itemType: ItemType, canonical: string): boolean {
  return hashString(`mapped|${itemType}|${canonical}`) % 1000 >= UNMAPPED_PER_MILLE
}

export interface DemoSearchAnswer {
  /** Every mapped value the store carries, in an order that is deterministic but not the request's. */
  items: DemoItem[]
  /** Distinct requested values the supplier owns, carried by this store or not. */
  mapped: number
}

/** The answer to one search on the Demo's `day`, with `now` dating each item's last update. */
export function searchInventory(search: DemoSearch, now: number, day: DemoDay): DemoSearchAnswer {
  const seen = new Set<string>()
  const items: DemoItem[] = []
  let mapped = 0
  for (const value of search.values) {
    const canonical = canonicalValue(search.itemType, value)
    if (canonical === null || seen.has(canonical)) continue
    seen.add(canonical)
    if (!isMapped(search.itemType, canonical)) continue
    mapped += 1
    if (!isCarried(search.storeNbr, search.itemType, canonical)) continue
    items.push(demoItem(search.storeNbr, search.itemType, canonical, now, day))
  }
  return { items: responseOrder(items, `${search.storeNbr}|${search.itemType}|${search.values.join(',')}`), mapped }
}

function responseOrder(items: DemoItem[], key: string): DemoItem[] {
  const order = shuffled(randomFor(`order|${key}`), items)
  // A shuffle may land on the request order; real responses rarely do, and a client must not rely on it.
  if (order.length > 1 && order.every((item, i) => item === items[i])) order.push(order.shift() as DemoItem)
  return order
}

function demoItem(storeNbr: number, itemType: ItemType, canonical: string, now: number, day: DemoDay): DemoItem {
  const identity = randomFor(`item|${itemType}|${canonical}`)
  const gtin = itemType === 'gtin' ? canonical : plausibleGtin(identity)
  const wmItemNumber = itemType === 'wm_item_number' ? canonical : String(randomInt(identity, 100_000_000, 999_999_999))
  const weighted = identity() * 1000 < WEIGHTED_PER_MILLE
  const deptNbr = randomInt(identity, 1, 98)
  const crossReferences = identity() < 0.3 ? [crossReference(identity)] : []

  const locations = stockRowsOnDay(storeNbr, itemType, canonical, weighted, day)
  const available = locations.filter((row) => row.state === 'available').reduce((sum, row) => sum + row.quantity, 0)
  const cidLevel =
    locations.length === 0
      ? []
      : [{ cid: randomDigits(identity, 8), quantity: roundQuantity(available), unit_of_measure: weighted ? 'LB' : 'EA' }]
  const secondsAgo = randomInt(randomFor(`updated|${storeNbr}|${itemType}|${canonical}`), 60, 48 * 3600)

  return {
    gtin,
    wm_item_number: wmItemNumber,
    inventory_locations: locations,
    cid_level_inventories: cidLevel,
    cross_references: crossReferences,
    lastUpdatedTime: new Date(Math.floor(now / 300_000) * 300_000 - secondsAgo * 1000).toISOString(),
    item_status: identity() < 0.95 ? 'ACTIVE' : 'DISCONTINUED',
    dept_nbr: deptNbr
  }
}

/** A UPC-A held in 14 digits: "00", an 11-digit body and its check digit. */
function plausibleGtin(random: RandomSource): string {
  const data = `00${randomInt(random, 1, 9)}${randomDigits(random, 10)}`
  return `${data}${gs1CheckDigit(data)}`
}

function crossReference(random: RandomSource): DemoItem['cross_references'][number] {
  const data = `1${randomDigits(random, 12)}`
  return {
    gtin: `${data}${gs1CheckDigit(data)}`,
    relationship: pickOne(random, ['case_pack', 'inner_pack', 'replaced_by']),
    pack_quantity: pickOne(random, [6, 12, 24, 48])
  }
}

function roundQuantity(quantity: number): number {
  return Math.round(quantity * 100) / 100
}
