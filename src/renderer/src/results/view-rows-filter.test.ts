import { describe, expect, it } from 'vitest'
import { filterRows, isFiltering, NO_FILTER, type RowFilter } from '../grid/row-filter'
import { itemRowsOf } from './result-set'
import { sortRows } from '../grid/row-sort'
import { columnsOf, failed, found, keyInStore, notFound, setOf } from './test-support/line-results'
import { locationRowsOf } from './view-rows'

const columns = Object.values(columnsOf('items', ['Case Pack']))
const set = setOf([
  found(1, '00041234567893', [5, 1], { carried: ['12'] }),
  { ...notFound, carried: ['6'] },
  found(2, '00000000000017', [0, 90], { carried: ['case of 24'] }),
  found(4, '00000000000024', [0], { carried: [''] }),
  failed
])
const rows = itemRowsOf(set, 3)
const keys = (patch: Partial<RowFilter>) => filterRows(rows, { ...NO_FILTER, ...patch }, columns).map(keyInStore)

describe('filterRows', () => {
  it('matches column text case-insensitively', () => {
    expect(keys({ columns: { gtin: '0017' } })).toEqual(['2', '6'])
    expect(keys({ columns: { message: 'INTERNAL' } })).toEqual(['6'])
    expect(keys({ columns: { status: 'shelf empty' } })).toEqual(['2'])
  })

  it('reads a bare number as equal, so 0 finds zero and never 90', () => {
    expect(keys({ columns: { onShelf: '0' } })).toEqual(['2', '4'])
    expect(keys({ columns: { backroom: '0' } })).toEqual(['4'])
    expect(keys({ columns: { onHand: '90' } })).toEqual(['2'])
  })

  it('compares numbers with <, <=, >, >=, = and ranges, and never matches an empty cell', () => {
    expect(keys({ columns: { onHand: '>=6' } })).toEqual(['1', '2'])
    expect(keys({ columns: { onHand: '< 6' } })).toEqual(['4'])
    expect(keys({ columns: { onHand: '0-6' } })).toEqual(['1', '4'])
    expect(keys({ columns: { line: '>2' } })).toEqual(['3', '4', '6'])
  })

  it('ignores a number filter it cannot read instead of guessing', () => {
    expect(keys({ columns: { onHand: 'lots' } })).toEqual(rows.map(keyInStore))
    expect(isFiltering({ ...NO_FILTER, columns: { onHand: 'lots' } }, columns)).toBe(false)
  })

  it("compares a file's own column as numbers after an operator, and as text otherwise", () => {
    expect(keys({ columns: { 'carried:0': '>6' } })).toEqual(['1'])
    expect(keys({ columns: { 'carried:0': '24' } })).toEqual(['2'])
  })

  it('combines presets, column filters and every quick-search word', () => {
    expect(keys({ statuses: new Set(['out_of_stock', 'not_found']) })).toEqual(['3', '4'])
    expect(keys({ statuses: new Set(['out_of_stock', 'not_found']), columns: { line: '>3' } })).toEqual(['4'])
    expect(keys({ quick: 'STOCK 000000000' })).toEqual(['2', '4'])
    expect(keys({ quick: 'INTERNAL error' })).toEqual(['6'])
    expect(keys({ quick: 'stock', columns: { onHand: '>5' }, statuses: new Set(['in_stock', 'shelf_empty']) })).toEqual(['1', '2'])
  })

  it("filters the Locations view by each location's own cells", () => {
    const locationColumns = Object.values(columnsOf('locations'))
    const locations = locationRowsOf(rows)
    const shown = filterRows(locations, { ...NO_FILTER, columns: { quantity: '0', locationArea: 'BACK' } }, locationColumns)
    expect(shown).toEqual([])
    expect(filterRows(locations, { ...NO_FILTER, columns: { quantity: '0' } }, locationColumns).map(keyInStore)).toEqual(['2:0', '4:0'])
    expect(filterRows(locations, { ...NO_FILTER, quick: 'backroom' }, locationColumns).map(keyInStore)).toEqual(['1:1', '2:0', '2:1'])
  })

  it('keeps the order of sorted rows, and returns the rows themselves when nothing filters', () => {
    const sorted = sortRows(rows, [{ columnKey: 'onHand', direction: 'DESC' }], columns)
    expect(filterRows(sorted, { ...NO_FILTER, quick: 'stock' }, columns).map(keyInStore)).toEqual(['2', '1', '4'])
    expect(isFiltering({ ...NO_FILTER, quick: '  ', columns: { gtin: ' ' } }, columns)).toBe(false)
    expect(filterRows(rows, { ...NO_FILTER, quick: '  ' }, columns)).toBe(rows)
  })
})
