import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../../shared/domain/gtin'
import { stockFigures } from '../../shared/stock/stock-figures'
import { DEFAULT_LOW_STOCK_LEVEL, statusFromFigures, type StockStatus } from '../../shared/stock/stock-status'
import { isCarried, stockRows, storeTroubleFactor } from './demo-stock'

function gtinFrom(n: number): string {
  const data = String(n).padStart(13, '0')
  return `${data}${gs1CheckDigit(data)}`
}

const VALUES = Array.from({ length: 4_000 }, (_, i) => gtinFrom(5_000_000_000 + i * 17))

type Kind = StockStatus | 'not_carried' | 'no_rows'

/** What the app would show for each value in one store, by the app's own status rules. */
function mix(storeNbr: number, weighted = false): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of VALUES) {
    let kind: Kind
    if (!isCarried(storeNbr, 'gtin', value)) kind = 'not_carried'
    else {
      const rows = stockRows(storeNbr, 'gtin', value, weighted)
      kind = rows.length === 0 ? 'no_rows' : statusFromFigures(stockFigures(rows), DEFAULT_LOW_STOCK_LEVEL)
    }
    counts[kind] = (counts[kind] ?? 0) + 1
  }
  return Object.fromEntries(Object.entries(counts).map(([kind, count]) => [kind, count / VALUES.length]))
}

/** A store whose trouble factor is close to 1: an average store. */
const AVERAGE_STORE = Array.from({ length: 500 }, (_, i) => i + 1).find((nbr) => Math.abs(storeTroubleFactor(nbr) - 1) < 0.05) ?? 1

describe('demo stock', () => {
  it('gives an average store a realistic mix of every stock state the app names', () => {
    const shares = mix(AVERAGE_STORE)
    expect(shares.in_stock).toBeGreaterThan(0.58)
    expect(shares.in_stock).toBeLessThan(0.72)
    expect(shares.low_stock).toBeGreaterThan(0.07)
    expect(shares.low_stock).toBeLessThan(0.14)
    expect(shares.out_of_stock).toBeGreaterThan(0.06)
    expect(shares.out_of_stock).toBeLessThan(0.12)
    expect(shares.shelf_empty).toBeGreaterThan(0.05)
    expect(shares.shelf_empty).toBeLessThan(0.11)
    expect(shares.no_rows).toBeGreaterThan(0.02)
    expect(shares.no_rows).toBeLessThan(0.06)
    expect(shares.not_carried).toBeGreaterThan(0.035)
    expect(shares.not_carried).toBeLessThan(0.065)
  })

  it('keeps each state for items sold by weight, with fractional quantities', () => {
    const shares = mix(AVERAGE_STORE, true)
    expect(shares.low_stock).toBeGreaterThan(0.07)
    expect(shares.shelf_empty).toBeGreaterThan(0.05)
    const quantities = VALUES.slice(0, 200).flatMap((value) => stockRows(AVERAGE_STORE, 'gtin', value, true).map((row) => row.quantity))
    expect(quantities.some((quantity) => !Number.isInteger(quantity))).toBe(true)
    expect(quantities.every((quantity) => quantity >= 0)).toBe(true)
  })

  it('puts stock on order or in transit for many items that are out, and rows of every kind somewhere', () => {
    const rows = VALUES.slice(0, 1_000).map((value) => stockRows(AVERAGE_STORE, 'gtin', value, false))
    const out = rows.filter((item) => item.length > 0 && stockFigures(item).onHand === 0)
    const replenishing = out.filter((item) => {
      const figures = stockFigures(item)
      return figures.onOrder + figures.inTransit > 0
    })
    expect(replenishing.length / out.length).toBeGreaterThan(0.5)
    const kinds = new Set(rows.flat().map((row) => `${row.location_area}/${row.state}`))
    for (const kind of [
      'store/available',
      'backroom/available',
      'mfc/available',
      'store/on_order',
      'backroom/in_transit',
      'backroom/damaged',
      'store/reserved'
    ]) {
      expect(kinds).toContain(kind)
    }
  })

  it('makes stores differ: some run out far more often than others', () => {
    const outShares = Array.from({ length: 20 }, (_, i) => {
      const shares = mix(1_000 + i)
      return (shares.out_of_stock ?? 0) + (shares.shelf_empty ?? 0)
    })
    expect(Math.max(...outShares) - Math.min(...outShares)).toBeGreaterThan(0.08)
  })

  it('is a pure function of store and value', () => {
    for (const value of VALUES.slice(0, 50)) {
      expect(stockRows(7, 'gtin', value, false)).toEqual(stockRows(7, 'gtin', value, false))
      expect(isCarried(7, 'gtin', value)).toBe(isCarried(7, 'gtin', value))
    }
  })
})
