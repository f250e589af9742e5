import { describe, expect, it } from 'vitest'
import type { LineResult } from '../domain/line-result'
import type { StockLocation } from './stock-figures'
import { presetCounts, presetStatuses } from './stock-presets'
import { DEFAULT_LOW_STOCK_LEVEL, lineFigures, STOCK_STATUSES, stockStatus, type StockStatus } from './stock-status'

function foundWith(locations: StockLocation[]): LineResult {
  return {
    storeNbr: 1234,
    line: 1,
    input: '4006381333931',
    value: '04006381333931',
    status: 'found',
    item: {
      gtin: '04006381333931',
      wm_item_number: '123456789',
      supplier_name: null,
      store_nbr: 1234,
      inventory_locations: locations.map((location) => ({ ...location })),
      total_quantity: 0,
      raw: {}
    }
  }
}

const at = (location_area: string, state: string, quantity: number): StockLocation => ({ location_area, state, quantity })

describe('stockStatus', () => {
  const table: Array<{ name: string; locations: StockLocation[]; level?: number; status: StockStatus }> = [
    { name: 'found without locations is out of stock', locations: [], status: 'out_of_stock' },
    {
      name: 'only on order and in transit is out of stock',
      locations: [at('store', 'on_order', 12), at('backroom', 'in_transit', 6)],
      status: 'out_of_stock'
    },
    {
      name: 'only damaged or an unknown state is out of stock',
      locations: [at('backroom', 'DAMAGED', 3), at('store', 'lost', 1)],
      status: 'out_of_stock'
    },
    {
      name: 'zero on the shelf with stock in the backroom',
      locations: [at('store', 'available', 0), at('BACKROOM', 'AVAILABLE', 8)],
      status: 'shelf_empty'
    },
    { name: 'no shelf row at all with stock in the backroom', locations: [at('backroom', 'available', 0.5)], status: 'shelf_empty' },
    { name: 'shelf empty wins over low stock', locations: [at('backroom', 'available', 1)], status: 'shelf_empty' },
    { name: 'on hand at the level is low', locations: [at('store', 'available', 3)], status: 'low_stock' },
    { name: 'a fraction above zero is low', locations: [at('store', 'available', 0.25)], status: 'low_stock' },
    { name: 'stock only in an mfc counts as on hand, low', locations: [at('mfc', 'available', 2)], status: 'low_stock' },
    { name: 'above the level is in stock', locations: [at('store', 'available', 3.5)], status: 'in_stock' },
    {
      name: 'a higher level makes it low',
      locations: [at('store', 'available', 8), at('backroom', 'available', 2)],
      level: 10,
      status: 'low_stock'
    },
    { name: 'level 0 never calls anything low', locations: [at('store', 'available', 0.01)], level: 0, status: 'in_stock' }
  ]

  it.each(table)('$name', ({ locations, level, status }) => {
    const result = foundWith(locations)
    expect(stockStatus(result, lineFigures(result), level ?? DEFAULT_LOW_STOCK_LEVEL)).toBe(status)
  })

  it('keeps the outcome of every line that was not found', () => {
    for (const status of ['not_found', 'invalid', 'duplicate', 'failed', 'cancelled'] as const) {
      const result: LineResult = { storeNbr: 1234, line: 2, input: 'x', value: null, status }
      expect(lineFigures(result)).toBeNull()
      expect(stockStatus(result, null, DEFAULT_LOW_STOCK_LEVEL)).toBe(status)
    }
  })
})

describe('presets', () => {
  it('"Needs attention" is the union of out of stock, shelf empty, low stock and failed', () => {
    const counts = Object.fromEntries(STOCK_STATUSES.map((status, index) => [status, 10 ** index])) as Record<StockStatus, number>
    expect(presetCounts(counts)).toEqual({
      out_of_stock: 1,
      shelf_empty: 10,
      low_stock: 100,
      not_found: 10_000,
      needs_attention: 1 + 10 + 100 + 10_000_000
    })
  })

  it('pressed presets show the union of their statuses; none pressed shows everything', () => {
    expect(presetStatuses([])).toBeNull()
    expect([...(presetStatuses(['out_of_stock', 'not_found']) ?? [])].sort()).toEqual(['not_found', 'out_of_stock'])
  })
})
