import type { ItemType } from '../../shared/domain/item-types'
import type { DemoDay } from './demo-date'
import { hashString, randomInt, seededRandom, type RandomSource } from './demo-random'
import { scenarioRows, stockKey, usualStock, type DemoLocation, type StockScenario } from './demo-stock'

/**
 * How Demo stock changes from day to day. Each (store, item) has its usual stock (demo-stock); on
 * some days a change is in force for a few days: the item sold out, was restocked, or its stock
 * moved between the shelf and the backroom. Whether a change starts on a day, how long it lasts and
 * what it is are drawn from (store, item, day) alone, so a day's answer is the same every time it is
 * asked, and finding it looks back at most MAX_CHANGE_DAYS days.
 *
 * About 5 % of items have another stock status than the day before. The start rates are balanced so
 * that as many items leave a state on a day as enter it: the day's mix stays the usual one.
 */
export type StockChange = 'sold_out' | 'restocked' | 'to_backroom' | 'to_shelf'

/** Per mille of the items usually in a state that start a change on a given day. */
const CHANGE_STARTS_PER_MILLE: Readonly<Record<StockScenario, number>> = {
  in_stock: 18,
  low: 18,
  out_of_stock: 80,
  shelf_empty: 80,
  // An item the store keeps no location rows for has nothing to sell out or move.
  no_rows: 0
}
/** A change lasts 1 to this many days; the look-back for the change in force is as long. */
const MAX_CHANGE_DAYS = 4

/** What a store holds of an item on `day`: its usual stock, or that stock with the change in force that day. */
export function stockRowsOnDay(storeNbr: number, itemType: ItemType, canonical: string, weighted: boolean, day: DemoDay): DemoLocation[] {
  const usual = usualStock(storeNbr, itemType, canonical, weighted)
  const change = changeInForce(hashString(`${stockKey(storeNbr, itemType, canonical)}|change`), usual.scenario, day)
  if (change === null) return usual.rows
  switch (change.kind) {
    case 'sold_out':
      return scenarioRows('out_of_stock', change.random, weighted)
    case 'restocked':
      return scenarioRows('in_stock', change.random, weighted)
    case 'to_backroom':
      return moveAvailable(usual.rows, 'store', 'backroom')
    case 'to_shelf':
      return moveAvailable(usual.rows, 'backroom', 'store')
  }
}

/**
 * The latest change started within the look-back that lasts until `day`, with its own randomness for
 * new quantities. `seed` stands for the (store, item) pair; each day mixes into it as a number, so the
 * look-back costs no string hashing.
 */
export function changeInForce(seed: number, usual: StockScenario, day: DemoDay): { kind: StockChange; random: RandomSource } | null {
  const perMille = CHANGE_STARTS_PER_MILLE[usual]
  if (perMille === 0) return null
  for (let start = day; start > day - MAX_CHANGE_DAYS; start -= 1) {
    const random = seededRandom(seed ^ Math.imul(start, 0x9e3779b1))
    if (random() * 1000 >= perMille) continue
    if (start + randomInt(random, 1, MAX_CHANGE_DAYS) <= day) continue
    const kind = changeOf(usual, random)
    if (kind !== null) return { kind, random }
  }
  return null
}

function changeOf(usual: StockScenario, random: RandomSource): StockChange | null {
  switch (usual) {
    case 'in_stock':
      return random() < 0.5 ? 'sold_out' : 'to_backroom'
    case 'low':
      return random() < 0.5 ? 'sold_out' : 'restocked'
    case 'out_of_stock':
      return 'restocked'
    case 'shelf_empty':
      return 'to_shelf'
    case 'no_rows':
      return null
  }
}

/** All the available stock of one area carried to the other: on hand stays, the shelf empties or fills. */
function moveAvailable(rows: readonly DemoLocation[], from: 'store' | 'backroom', to: 'store' | 'backroom'): DemoLocation[] {
  const isAvailable = (row: DemoLocation) => row.state === 'available' && (row.location_area === from || row.location_area === to)
  const total = rows.filter(isAvailable).reduce((sum, row) => sum + row.quantity, 0)
  const others = rows.filter((row) => !isAvailable(row))
  const shelf: DemoLocation = { location_area: 'store', state: 'available', quantity: to === 'store' ? total : 0 }
  return to === 'store' ? [shelf, ...others] : [shelf, { location_area: 'backroom', state: 'available', quantity: total }, ...others]
}
