import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../../shared/domain/gtin'
import { stockFigures, type StockFigures } from '../../shared/stock/stock-figures'
import { DEFAULT_LOW_STOCK_LEVEL, statusFromFigures, type StockStatus } from '../../shared/stock/stock-status'
import { parseDemoDate, type DemoDay } from './demo-date'
import { isCarried, stockRows, type DemoLocation } from './demo-stock'
import { stockRowsOnDay } from './demo-stock-changes'

function gtinFrom(n: number): string {
  const data = String(n).padStart(13, '0')
  return `${data}${gs1CheckDigit(data)}`
}

const VALUES = Array.from({ length: 2_500 }, (_, i) => gtinFrom(6_100_000_000 + i * 23))
const STORES = [1, 17, 250, 1234, 4_021]
const FIRST_DAY = parseDemoDate('2025-03-10') as DemoDay

/** Every (store, value) pair a store carries: the pairs whose stock the app shows. */
const PAIRS = STORES.flatMap((store) => VALUES.filter((value) => isCarried(store, 'gtin', value)).map((value) => ({ store, value })))

function statusOf(rows: DemoLocation[]): StockStatus {
  return statusFromFigures(stockFigures(rows), DEFAULT_LOW_STOCK_LEVEL)
}

interface Change {
  before: StockFigures
  after: StockFigures
  from: StockStatus
  to: StockStatus
}

/** Every status change of a carried pair from `day` to the day after. */
function changesAfter(day: DemoDay, weighted = false): Change[] {
  const changes: Change[] = []
  for (const { store, value } of PAIRS) {
    const before = stockRowsOnDay(store, 'gtin', value, weighted, day)
    const after = stockRowsOnDay(store, 'gtin', value, weighted, day + 1)
    const [from, to] = [statusOf(before), statusOf(after)]
    if (from !== to) changes.push({ before: stockFigures(before), after: stockFigures(after), from, to })
  }
  return changes
}

describe('Demo stock from day to day', () => {
  it('changes the stock status of about 5 % of items from one day to the next', () => {
    for (let day = FIRST_DAY; day < FIRST_DAY + 4; day += 1) {
      const share = changesAfter(day).length / PAIRS.length
      expect(share, `from day ${day} to the next`).toBeGreaterThan(0.035)
      expect(share, `from day ${day} to the next`).toBeLessThan(0.065)
    }
  })

  it('sells out, restocks, and moves stock from the shelf to the backroom and back', () => {
    const changes = [0, 1, 2].flatMap((offset) => changesAfter(FIRST_DAY + offset))
    const soldOut = changes.filter((change) => change.to === 'out_of_stock' && change.before.onHand > 0)
    const restocked = changes.filter((change) => change.before.onHand <= 0 && change.after.onHand > 0)
    const toBackroom = changes.filter(
      (change) => change.to === 'shelf_empty' && change.before.onShelf > 0 && change.after.onHand === change.before.onHand
    )
    const toShelf = changes.filter(
      (change) => change.from === 'shelf_empty' && change.after.onShelf > 0 && change.after.onHand === change.before.onHand
    )
    for (const [kind, found] of Object.entries({ soldOut, restocked, toBackroom, toShelf })) {
      expect(found.length, kind).toBeGreaterThan(changes.length * 0.1)
    }
  })

  it('keeps the mix of a day the usual one: as many items go out of stock as come back', () => {
    const share = (status: StockStatus, rowsOf: (store: number, value: string) => DemoLocation[]) =>
      PAIRS.filter(({ store, value }) => statusOf(rowsOf(store, value)) === status).length / PAIRS.length
    for (const status of ['out_of_stock', 'shelf_empty', 'low_stock', 'in_stock'] as const) {
      const usual = share(status, (store, value) => stockRows(store, 'gtin', value, false))
      const onDay = share(status, (store, value) => stockRowsOnDay(store, 'gtin', value, false, FIRST_DAY))
      expect(Math.abs(onDay - usual), status).toBeLessThan(0.02)
    }
  })

  it('answers the same day the same way every time', () => {
    for (const { store, value } of PAIRS.slice(0, 500)) {
      expect(stockRowsOnDay(store, 'gtin', value, false, FIRST_DAY)).toEqual(stockRowsOnDay(store, 'gtin', value, false, FIRST_DAY))
      expect(stockRowsOnDay(store, 'gtin', value, true, FIRST_DAY + 9)).toEqual(stockRowsOnDay(store, 'gtin', value, true, FIRST_DAY + 9))
    }
  })

  it('changes more items over a month than over a day, and still leaves most as they were', () => {
    const differing = (days: number) =>
      PAIRS.filter(
        ({ store, value }) =>
          JSON.stringify(stockRowsOnDay(store, 'gtin', value, false, FIRST_DAY)) !==
          JSON.stringify(stockRowsOnDay(store, 'gtin', value, false, FIRST_DAY + days))
      ).length / PAIRS.length
    expect(differing(30)).toBeGreaterThan(differing(1))
    expect(differing(30)).toBeLessThan(0.25)
  })

  it('counts in whole units, except items sold by weight, which have fractional quantities on every day', () => {
    const quantities = (weighted: boolean) =>
      PAIRS.slice(0, 3_000).flatMap(({ store, value }) =>
        [0, 5, 11].flatMap((offset) => stockRowsOnDay(store, 'gtin', value, weighted, FIRST_DAY + offset).map((row) => row.quantity))
      )
    const whole = quantities(false)
    expect(whole.length).toBeGreaterThan(3_000)
    expect(whole.every((quantity) => Number.isInteger(quantity) && quantity >= 0)).toBe(true)
    const byWeight = quantities(true)
    expect(byWeight.filter((quantity) => !Number.isInteger(quantity)).length).toBeGreaterThan(byWeight.length * 0.3)
    expect(byWeight.every((quantity) => quantity >= 0)).toBe(true)
    // The items that changed keep the rule too.
    const changed = changesAfter(FIRST_DAY, true).flatMap((change) => [change.after.onHand, change.before.onHand])
    expect(changed.some((quantity) => !Number.isInteger(quantity))).toBe(true)
  })
})
