import { describe, expect, it } from 'vitest'
import type { InventoryLocation, LineResult } from '../domain/line-result'
import { buildExportSheets, defaultExportSpec } from '../export/build-export'
import { matrixLines } from '../export/store-sheets'
import { byItemColumns, type ViewColumn } from './view-columns'
import { lineFacts } from './line-facts'
import { itemSummaryValue, outOfStockInText, storesConcernedText, summarizeItem } from './item-views'

const STORES = [101, 102, 103, 104, 105, 106]

function found(storeNbr: number, line: number, locations: InventoryLocation[]): LineResult {
  return {
    storeNbr,
    line,
    input: `value ${line}`,
    value: `0000000000000${line}`,
    status: 'found',
    item: {
      gtin: `0000000000000${line}`,
      wm_item_number: null,
      supplier_name: null,
      store_nbr: storeNbr,
      inventory_locations: locations,
      total_quantity: 0,
      raw: {}
    }
  }
}

const shelf = (quantity: number): InventoryLocation => ({ location_area: 'store', state: 'available', quantity })
const backroom = (quantity: number): InventoryLocation => ({ location_area: 'backroom', state: 'available', quantity })

/** Line 1 in six stores: in stock, out of stock, shelf empty with backroom stock, not found, failed, and one store with no answer yet. */
const LINE_ONE: LineResult[] = [
  found(101, 1, [shelf(4), backroom(2)]),
  found(102, 1, [shelf(0), backroom(0)]),
  found(103, 1, [shelf(0), backroom(5)]),
  { storeNbr: 104, line: 1, input: 'value 1', value: '00000000000001', status: 'not_found' },
  {
    storeNbr: 105,
    line: 1,
    input: 'value 1',
    value: '00000000000001',
    status: 'failed',
    error: { code: 'timeout', message: 'The API did not answer in time.' }
  }
]

function summaryOf(results: readonly LineResult[], lowStockLevel = 3) {
  const line = matrixLines(results.map((result) => lineFacts(result, lowStockLevel))).get(1)
  if (line === undefined) throw new Error('line 1 has no answers')
  return summarizeItem(STORES, (store) => line.cells.get(store))
}

const column = (key: string): ViewColumn => {
  const found = byItemColumns([]).find((one) => one.key === key)
  if (found === undefined) throw new Error(`no column ${key}`)
  return found
}

describe('an item across stores', () => {
  it('is out of stock in N of the M stores that found it, and shelf empty where the shelf has none but the backroom has', () => {
    const summary = summaryOf(LINE_ONE)
    expect(summary.storesFound).toBe(3)
    expect(summary.outOfStock).toEqual([102])
    expect(summary.shelfEmpty).toEqual([103])
    expect(outOfStockInText(summary)).toBe('1 of 3 stores')
    expect(itemSummaryValue(summary, column('outOfStockIn'))).toBe(1)
    expect(itemSummaryValue(summary, column('shelfEmptyIn'))).toBe(1)
    expect(storesConcernedText(summary)).toBe('102 Out, 103 Shelf empty')
  })

  it('keeps a store with nothing on the shelf and nothing in the backroom out of stock, not shelf empty', () => {
    const summary = summaryOf([found(101, 1, [shelf(0), backroom(0), { location_area: 'mfc', state: 'available', quantity: 0 }])])
    expect(summary.outOfStock).toEqual([101])
    expect(summary.shelfEmpty).toEqual([])
  })

  it('takes the lowest and the total On hand over the stores that found it', () => {
    const summary = summaryOf(LINE_ONE)
    expect(summary.lowestOnHand).toBe(0)
    expect(summary.totalOnHand).toBe(11)
    const weighed = summaryOf([found(101, 1, [shelf(0.1)]), found(102, 1, [shelf(0.2)])])
    expect(weighed.totalOnHand).toBe(0.3)
    expect(weighed.lowestOnHand).toBe(0.1)
  })

  it('names where it was not found or failed, and counts neither (nor a store still to answer) among the M', () => {
    const summary = summaryOf(LINE_ONE)
    expect(summary.notFound).toEqual([104])
    expect(summary.failed).toEqual([105])
    expect(itemSummaryValue(summary, column('notFoundIn'))).toBe(1)
    expect(itemSummaryValue(summary, column('failedIn'))).toBe(1)
  })

  it('has no figures when no store found it', () => {
    const summary = summaryOf(LINE_ONE.slice(3))
    expect(summary.storesFound).toBe(0)
    expect(outOfStockInText(summary)).toBe('')
    expect(itemSummaryValue(summary, column('outOfStockIn'))).toBeNull()
    expect(itemSummaryValue(summary, column('lowestOnHand'))).toBeNull()
    expect(itemSummaryValue(summary, column('totalOnHand'))).toBeNull()
    expect(itemSummaryValue(summary, column('storesConcerned'))).toBeNull()
  })

  it('is one store in the singular', () => {
    expect(outOfStockInText(summaryOf([found(101, 1, [shelf(0)])]))).toBe('1 of 1 store')
  })
})

describe('the By item export', () => {
  it('writes a row per looked-up value with the screen words, and skips invalid lines', () => {
    const results: LineResult[] = [
      ...LINE_ONE,
      ...STORES.slice(0, 2).map((store) => found(store, 2, [shelf(3)])),
      ...STORES.map((store): LineResult => ({
        storeNbr: store,
        line: 3,
        input: 'x',
        value: null,
        status: 'invalid',
        invalidReason: 'characters'
      }))
    ]
    const spec = defaultExportSpec('by-item', [], 3, STORES)
    const [sheet] = buildExportSheets({ results, itemType: 'gtin', carriedColumns: [], stores: STORES, lines: 3 }, spec)
    expect(sheet?.name).toBe('By item')
    expect(sheet?.columns.map((one) => one.label).slice(0, 8)).toEqual([
      'Input',
      'Out of stock in',
      'Shelf empty in',
      'Stores concerned',
      'Lowest On hand',
      'Total On hand',
      'Not found in',
      'Failed in'
    ])
    expect(sheet?.rows.map((row) => row.slice(0, 8))).toEqual([
      ['value 1', '1 of 3 stores', 1, '102 Out, 103 Shelf empty', 0, 11, 1, 1],
      ['value 2', '0 of 2 stores', 0, null, 3, 6, 0, 0]
    ])
  })
})
