import type { ItemType } from '../../shared/domain/item-types'
import { hashString, randomFor, randomInt, shuffled, type RandomSource } from './demo-random'

/**
 * What one store usually holds of one item in the Demo API: a pure function of (store, item), so
 * different stores give different answers. Each store has its own character (some run out more
 * often than others), so a many-store lookup has something to compare. On a given day a few items
 * differ from this (sold out, restocked, moved between shelf and backroom): see demo-stock-changes.
 *
 * The mix, for an average store: mostly in stock, some low (1 to 3 on hand), some out of stock (often
 * with stock on order or in transit), some with an empty shelf while the backroom has stock, a few
 * with no location rows at all, and about 5 % not carried (left out of the answer, like a value the
 * supplier does not own). Items sold by weight have fractional quantities.
 */
export interface DemoLocation {
  location_area: string
  state: string
  quantity: number
}

export type StockScenario = 'in_stock' | 'low' | 'out_of_stock' | 'shelf_empty' | 'no_rows'

/** Per mille of items in an average store, in the order they are drawn. */
const SCENARIO_WEIGHTS: ReadonlyArray<readonly [StockScenario, number]> = [
  ['out_of_stock', 90],
  ['shelf_empty', 80],
  ['low', 110],
  ['no_rows', 40],
  ['in_stock', 680]
]
const NOT_CARRIED_PER_MILLE = 50

/** How much more (or less) often than average a store runs out or lets a shelf go empty: 0.4 to 1.8. */
export function storeTroubleFactor(storeNbr: number): number {
  return 0.4 + (hashString(`store-trouble|${storeNbr}`) % 1401) / 1000
}

export function isCarried(storeNbr: number, itemType: ItemType, canonical: string): boolean {
  return hashString(`carried|${storeNbr}|${itemType}|${canonical}`) % 1000 >= NOT_CARRIED_PER_MILLE
}

export function stockScenario(storeNbr: number, random: RandomSource): StockScenario {
  const trouble = storeTroubleFactor(storeNbr)
  // Trouble scales the out-of-stock and shelf-empty shares; in stock takes up what is left.
  const weights = SCENARIO_WEIGHTS.map(([scenario, weight]): [StockScenario, number] => [
    scenario,
    scenario === 'out_of_stock' || scenario === 'shelf_empty' ? weight * trouble : weight
  ])
  const otherTotal = weights.reduce((sum, [scenario, weight]) => (scenario === 'in_stock' ? sum : sum + weight), 0)
  let roll = random() * 1000
  for (const [scenario, weight] of weights) {
    const share = scenario === 'in_stock' ? 1000 - otherTotal : weight
    if (roll < share) return scenario
    roll -= share
  }
  return 'in_stock'
}

/** What a store usually holds of an item: its stock on a day when nothing changed for it (see demo-stock-changes). */
export function stockRows(storeNbr: number, itemType: ItemType, canonical: string, weighted: boolean): DemoLocation[] {
  return usualStock(storeNbr, itemType, canonical, weighted).rows
}

export function usualStock(
  storeNbr: number,
  itemType: ItemType,
  canonical: string,
  weighted: boolean
): { scenario: StockScenario; rows: DemoLocation[] } {
  const random = randomFor(stockKey(storeNbr, itemType, canonical))
  const scenario = stockScenario(storeNbr, random)
  return { scenario, rows: scenarioRows(scenario, random, weighted) }
}

export function stockKey(storeNbr: number, itemType: ItemType, canonical: string): string {
  return `stock|${storeNbr}|${itemType}|${canonical}`
}

/** Location rows that make `scenario` true, drawn from `random`. */
export function scenarioRows(scenario: StockScenario, random: RandomSource, weighted: boolean): DemoLocation[] {
  const rows: DemoLocation[] = []
  const add = (location_area: string, state: string, units: number): void => {
    // Sold by weight: a little under the whole units, so a low item stays low and an in-stock one stays in stock.
    rows.push({ location_area, state, quantity: weighted && units > 0 ? units - randomInt(random, 0, 3) / 4 : units })
  }
  switch (scenario) {
    case 'no_rows':
      return []
    case 'in_stock':
      add('store', 'available', randomInt(random, 6, 120))
      if (random() < 0.5) add('backroom', 'available', randomInt(random, 1, 48))
      if (random() < 0.12) add('mfc', 'available', randomInt(random, 1, 30))
      if (random() < 0.15) add(random() < 0.5 ? 'backroom' : 'store', 'in_transit', randomInt(random, 1, 8) * 6)
      break
    case 'low': {
      const onHand = randomInt(random, 1, 3)
      const onShelf = random() < 0.8 ? onHand : randomInt(random, 0, onHand)
      add('store', 'available', onShelf)
      if (onHand > onShelf) add('backroom', 'available', onHand - onShelf)
      if (random() < 0.5) add('store', 'on_order', randomInt(random, 1, 8) * 6)
      break
    }
    case 'out_of_stock':
      if (random() < 0.7) add('store', 'available', 0)
      if (random() < 0.7)
        add(random() < 0.5 ? 'store' : 'backroom', random() < 0.5 ? 'on_order' : 'in_transit', randomInt(random, 1, 8) * 6)
      break
    case 'shelf_empty':
      if (random() < 0.6) add('store', 'available', 0)
      add('backroom', 'available', randomInt(random, 2, 48))
      if (random() < 0.2) add('mfc', 'available', randomInt(random, 1, 12))
      break
  }
  // Stock nobody can sell: a few damaged or reserved units, never a second row of a kind already there.
  if (rows.length < 4 && random() < 0.08) {
    const [extra] = shuffled(random, [
      ['backroom', 'damaged'],
      ['store', 'reserved']
    ] as const)
    if (extra !== undefined) add(extra[0], extra[1], randomInt(random, 1, 3))
  }
  return rows
}
