import { describe, expect, it } from 'vitest'
import { compareColumnsByKeys, compareColumnsFor } from '../../../shared/compare/compare-columns'
import { compareResults, type StockInput } from '../../../shared/compare/compare-lookups'
import { filterRows, NO_FILTER } from '../grid/row-filter'
import { sortRows } from '../grid/row-sort'
import { compareExportInput, type CompareViewState } from './compare-export'
import { CompareViewRow } from './compare-view-row'

const found = (line: number, value: string, onShelf: number, storeNbr = 1234): StockInput => ({
  storeNbr,
  line,
  input: value,
  value,
  status: 'found',
  locations: [{ location_area: 'store', state: 'available', quantity: onShelf }]
})

// A: in stock -> out; B: out -> back; C: 10 -> 8; D: unchanged; E: only now.
const rows = compareResults(
  [found(1, 'A', 5), found(2, 'B', 0), found(3, 'C', 10), found(4, 'D', 7)],
  [found(1, 'A', 0), found(2, 'B', 3), found(3, 'C', 8), found(4, 'D', 7), found(5, 'E', 1)],
  3
).map((row) => new CompareViewRow(row))
const COMPARE_COLUMNS = compareColumnsFor(false)
const column = (key: string) => compareColumnsByKeys([key])[0] ?? COMPARE_COLUMNS[0]!

describe('the rows of the Compare view', () => {
  it('are grouped for the chips by what happened to their stock', () => {
    expect(rows.map((row) => [row.key, row.status])).toEqual([
      ['1234:A', 'newly_out'],
      ['1234:B', 'back_in'],
      ['1234:C', 'changed'],
      ['1234:D', 'unchanged'],
      ['1234:E', 'only_one']
    ])
    const chosen = filterRows(rows, { ...NO_FILTER, statuses: new Set(['newly_out', 'back_in']) }, COMPARE_COLUMNS)
    expect(chosen.map((row) => row.key)).toEqual(['1234:A', '1234:B'])
  })

  it('show each cell as the view does, badges on the status columns only', () => {
    const [a] = rows
    expect(COMPARE_COLUMNS.map((c) => a?.text(c))).toEqual([
      'A',
      '1',
      'A',
      'In stock',
      'Out of stock',
      '5',
      '0',
      '-5',
      'Newly out of stock'
    ])
    expect(a?.statusOf(column('statusThen'))).toBe('in_stock')
    expect(a?.statusOf(column('statusNow'))).toBe('out_of_stock')
    expect(a?.statusOf(column('change'))).toBeNull()
    expect(rows[4]?.statusOf(column('statusThen'))).toBeNull()
  })

  it('filter numbers, sort statuses most urgent first and numbers with empty cells last, and find words in either status', () => {
    expect(filterRows(rows, { ...NO_FILTER, columns: { change: '<0' } }, COMPARE_COLUMNS).map((row) => row.key)).toEqual([
      '1234:A',
      '1234:C'
    ])
    expect(sortRows(rows, [{ columnKey: 'statusNow', direction: 'ASC' }], COMPARE_COLUMNS).map((row) => row.key)).toEqual([
      '1234:A',
      '1234:B',
      '1234:E',
      '1234:C',
      '1234:D'
    ])
    expect(sortRows(rows, [{ columnKey: 'change', direction: 'DESC' }], COMPARE_COLUMNS).map((row) => row.key)).toEqual([
      '1234:B',
      '1234:D',
      '1234:C',
      '1234:A',
      '1234:E'
    ])
    expect(filterRows(rows, { ...NO_FILTER, quick: 'out of' }, COMPARE_COLUMNS).map((row) => row.key)).toEqual(['1234:A', '1234:B'])
    expect(filterRows(rows, { ...NO_FILTER, quick: 'only' }, COMPARE_COLUMNS).map((row) => row.key)).toEqual(['1234:E'])
  })

  it('are exported as shown: columns in screen order, rows by key in screen order, null for every row unsorted', () => {
    const sorted = sortRows(rows, [{ columnKey: 'change', direction: 'DESC' }], COMPARE_COLUMNS)
    const shown = filterRows(sorted, { ...NO_FILTER, columns: { change: '<0' } }, COMPARE_COLUMNS)
    const state: CompareViewState = {
      thenJobId: '1',
      nowJobId: '2',
      columns: compareColumnsByKeys(['category', 'value']),
      lowStockLevel: 3,
      all: rows,
      sorted,
      shown,
      selected: new Set(['1234:E', '1234:B'])
    }
    const base = {
      thenJobId: '1',
      nowJobId: '2',
      format: 'csv',
      csvSeparator: 'semicolon',
      columns: ['category', 'value'],
      lowStockLevel: 3
    }
    expect(compareExportInput(state, { format: 'csv', scope: 'shown', csvSeparator: 'semicolon' })).toEqual({
      ...base,
      rows: ['1234:C', '1234:A']
    })
    expect(compareExportInput(state, { format: 'csv', scope: 'selected', csvSeparator: 'semicolon' })).toEqual({
      ...base,
      rows: ['1234:B', '1234:E']
    })
    expect(compareExportInput(state, { format: 'csv', scope: 'all', csvSeparator: 'semicolon' })).toEqual({
      ...base,
      rows: ['1234:B', '1234:D', '1234:C', '1234:A', '1234:E']
    })
    expect(
      compareExportInput({ ...state, sorted: rows, shown: rows }, { format: 'xlsx', scope: 'shown', csvSeparator: 'comma' }).rows
    ).toBeNull()
  })

  it('of several stores name their store, and the Store column filters and sorts like any number', () => {
    const many = compareResults([found(1, 'A', 5, 2001), found(1, 'A', 5, 30)], [found(1, 'A', 0, 2001), found(1, 'A', 7, 30)], 3).map(
      (row) => new CompareViewRow(row, true)
    )
    const columns = compareColumnsFor(true)
    expect(many.map((row) => row.label)).toEqual(['store 2001, value A', 'store 30, value A'])
    expect(columns.map((c) => many[0]?.text(c))).toEqual([
      '2001',
      'A',
      '1',
      'A',
      'In stock',
      'Out of stock',
      '5',
      '0',
      '-5',
      'Newly out of stock'
    ])
    expect(filterRows(many, { ...NO_FILTER, columns: { store: '30' } }, columns).map((row) => row.key)).toEqual(['30:A'])
    expect(sortRows(many, [{ columnKey: 'store', direction: 'ASC' }], columns).map((row) => row.key)).toEqual(['30:A', '2001:A'])
    expect(filterRows(many, { ...NO_FILTER, statuses: new Set(['changed']) }, columns).map((row) => row.label)).toEqual([
      'store 30, value A'
    ])
  })
})
