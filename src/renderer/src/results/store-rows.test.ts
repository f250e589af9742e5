import { describe, expect, it } from 'vitest'
import type { LineResult } from '../../../shared/domain/line-result'
import { presetStatuses } from '../../../shared/stock/stock-presets'
import { matrixColumns, storesViewColumns, type ViewColumn } from '../../../shared/views/view-columns'
import { applyEntries, emptyResultSet } from './result-set'
import { filterRows, NO_FILTER } from '../grid/row-filter'
import { sortRows } from '../grid/row-sort'
import { matrixRowsOf, storeRowsOf } from './store-rows'
import { duplicate, failed, found, invalid, notFound } from './test-support/line-results'

const A = '00041234567893'
const B = '00000000000017'
const at = (storeNbr: number, result: LineResult): LineResult => ({ ...result, storeNbr })

/** Three stores and five input lines: 1, 2 and 6 looked up, 4 invalid and 5 a duplicate in each. */
function threeStores(): ReturnType<typeof applyEntries> {
  const entries: LineResult[] = [
    // Store 1: line 1 in stock (6), line 2 out of stock, line 6 failed.
    at(1, found(1, A, [6])),
    at(1, found(2, B, [0])),
    at(1, failed),
    // Store 2: line 1 low (2), line 2 shelf empty (0 on the shelf, 5 in the backroom), line 6 not found.
    at(2, found(1, A, [2])),
    at(2, found(2, B, [0, 5])),
    at(2, { ...notFound, line: 6, input: failed.input, value: failed.value }),
    // Store 3 has answered only line 1 so far.
    at(3, found(1, A, [9]))
  ]
  for (const store of [1, 2, 3]) entries.push(at(store, invalid), at(store, { ...duplicate, duplicateOf: 1 }))
  return applyEntries(emptyResultSet('job-3', 'gtin', [1, 2, 3]), entries, entries.length)
}

const column = (columns: ViewColumn[], key: string): ViewColumn => {
  const found = columns.find((candidate) => candidate.key === key)
  if (found === undefined) throw new Error(`no column ${key}`)
  return found
}

describe('the Stores view', () => {
  const columns = storesViewColumns()
  const rows = storeRowsOf(threeStores(), 5, 3)

  it('has a row per store with its counts, its progress and its in-stock rate (found with On hand > 0 / found)', () => {
    const keys = ['store', 'storeState', 'valuesFound', 'outOfStock', 'shelfEmpty', 'lowStock', 'notFound', 'failed', 'inStockRate']
    expect(rows.map((row) => keys.map((key) => row.value(column(columns, key))))).toEqual([
      [1, 'Done', 2, 1, 0, 0, 0, 1, 50],
      [2, 'Done', 2, 0, 1, 1, 1, 0, 100],
      [3, 'Looking up', 1, 0, 0, 0, 0, 0, 100]
    ])
    expect(rows[0]?.text(column(columns, 'inStockRate'))).toBe('50 %')
  })

  it('shows, for a preset, the stores with at least one value of it', () => {
    const out = filterRows(rows, { ...NO_FILTER, statuses: presetStatuses(['out_of_stock']) }, columns)
    expect(out.map((row) => row.storeNbr)).toEqual([1])
    const attention = filterRows(rows, { ...NO_FILTER, statuses: presetStatuses(['needs_attention']) }, columns)
    expect(attention.map((row) => row.storeNbr)).toEqual([1, 2])
    const rated = sortRows(rows, [{ columnKey: 'inStockRate', direction: 'ASC' }], columns)
    expect(rated.map((row) => row.storeNbr)).toEqual([1, 2, 3])
  })
})

describe('the Matrix view', () => {
  const set = threeStores()
  const columns = matrixColumns([], [1, 2, 3])
  const rows = matrixRowsOf(set, 3)
  const store = (n: number) => column(columns, `store:${n}`)

  it('has a row per looked-up value, a cell per store with On hand and a word when it needs attention, and the rate across stores', () => {
    expect(rows.map((row) => row.line)).toEqual([1, 2, 6])
    expect(rows.map((row) => [1, 2, 3].map((n) => row.text(store(n))))).toEqual([
      ['6', '2 Low', '9'],
      ['0 Out', '5 Shelf empty', ''],
      ['Failed', 'Not found', '']
    ])
    expect(rows.map((row) => row.value(store(1)))).toEqual([6, 0, null])
    expect(rows.map((row) => row.text(column(columns, 'inStockRate')))).toEqual(['100 %', '50 %', ''])
    expect(rows[1]?.cell(2)?.entry.result.storeNbr).toBe(2)
    expect(rows[1]?.cell(3)).toBeUndefined()
  })

  it("gives each store's cell the status its icon and colour show, and the value's own columns none", () => {
    expect(rows.map((row) => [1, 2, 3].map((n) => row.statusOf(store(n))))).toEqual([
      ['in_stock', 'low_stock', 'in_stock'],
      ['out_of_stock', 'shelf_empty', null],
      ['failed', 'not_found', null]
    ])
    expect(rows[0]?.statusOf(column(columns, 'gtin'))).toBeNull()
    expect(rows[0]?.statusOf(column(columns, 'inStockRate'))).toBeNull()
  })

  it('shows, for "Out of stock", the items out of stock in at least one store; a store column filters and sorts by its On hand', () => {
    const out = filterRows(rows, { ...NO_FILTER, statuses: presetStatuses(['out_of_stock']) }, columns)
    expect(out.map((row) => row.line)).toEqual([2])
    const low = filterRows(rows, { ...NO_FILTER, columns: { 'store:2': '<=2' } }, columns)
    expect(low.map((row) => row.line)).toEqual([1])
    expect(sortRows(rows, [{ columnKey: 'store:1', direction: 'DESC' }], columns).map((row) => row.line)).toEqual([1, 2, 6])
    const searched = filterRows(rows, { ...NO_FILTER, quick: 'shelf' }, columns)
    expect(searched.map((row) => row.line)).toEqual([2])
  })
})
