import { describe, expect, it } from 'vitest'
import { compareResults, type StockInput } from '../compare/compare-lookups'
import { comparedInStockRate, sinceLastRun } from './since-last-run'

const stock = (storeNbr: number, line: number, value: string, onShelf: number, backroom: number): StockInput => ({
  storeNbr,
  line,
  input: value,
  value,
  status: 'found',
  locations: [
    { location_area: 'store', state: 'available', quantity: onShelf },
    { location_area: 'backroom', state: 'available', quantity: backroom }
  ]
})
const missing = (storeNbr: number, line: number, value: string): StockInput => ({
  storeNbr,
  line,
  input: value,
  value,
  status: 'not_found',
  locations: []
})

describe('since the last run', () => {
  it('counts each store and item in the kind Compare puts it in', () => {
    const then = [
      stock(1, 1, 'A', 5, 5), // goes out
      stock(1, 2, 'B', 0, 0), // comes back
      stock(1, 3, 'C', 0, 0), // stays out
      stock(1, 4, 'D', 5, 0), // shelf empties, backroom has some
      stock(2, 1, 'A', 5, 5), // unchanged
      stock(2, 2, 'B', 0, 4) // shelf empty both times: not newly
    ]
    const now = [
      stock(1, 1, 'A', 0, 0),
      stock(1, 2, 'B', 2, 0),
      stock(1, 3, 'C', 0, 0),
      stock(1, 4, 'D', 0, 6),
      stock(2, 1, 'A', 5, 5),
      stock(2, 2, 'B', 0, 3),
      missing(2, 3, 'C')
    ]
    const result = sinceLastRun(compareResults(then, now, 3))
    expect(result.counts).toEqual({ newly_out_of_stock: 1, newly_shelf_empty: 1, back_in_stock: 1, still_out_of_stock: 1 })
    expect(result.pairs).toEqual({
      newly_out_of_stock: ['1:A'],
      newly_shelf_empty: ['1:D'],
      back_in_stock: ['1:B'],
      still_out_of_stock: ['1:C']
    })
    // A, B and D in store 1 changed, and B in store 2 (backroom 4 to 3); C in store 2 is in one run only.
    expect(result.changed).toBe(4)
  })

  it('finds nothing in a first run, and its in-stock rate counts found pairs with stock', () => {
    const rows = compareResults([], [stock(1, 1, 'A', 1, 0), stock(1, 2, 'B', 0, 0), missing(1, 3, 'C'), stock(2, 1, 'A', 0, 2)], 3)
    expect(sinceLastRun(rows).counts).toEqual({ newly_out_of_stock: 0, newly_shelf_empty: 0, back_in_stock: 0, still_out_of_stock: 0 })
    expect(comparedInStockRate(rows)).toBe(66.7)
    expect(comparedInStockRate(compareResults([], [missing(1, 1, 'A')], 3))).toBeNull()
  })
})
