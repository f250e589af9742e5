import { describe, expect, it } from 'vitest'
import { compareResults, countCategories, type StockInput } from './compare-lookups'
import { compareColumnsByKeys } from './compare-columns'
import { compareSheet } from './compare-sheet'

const found = (line: number, value: string, onShelf: number, backroom = 0): StockInput => ({
  line,
  input: value,
  value,
  status: 'found',
  locations: [
    { location_area: 'store', state: 'available', quantity: onShelf },
    { location_area: 'backroom', state: 'available', quantity: backroom },
    { location_area: 'store', state: 'on_order', quantity: 24 }
  ]
})
const other = (line: number, value: string | null, status: StockInput['status']): StockInput => ({ line, input: value ?? 'x', value, status, locations: [] })

describe('compareResults', () => {
  it('puts every value in exactly one category, by stock status and On hand then and now', () => {
    const then = [
      found(1, 'A', 5),
      found(2, 'B', 0),
      found(3, 'C', 10),
      found(4, 'D', 7),
      other(5, 'E', 'not_found'),
      found(6, 'F', 2.25),
      found(7, 'OLD', 1),
      found(8, 'G', 0, 4)
    ]
    const now = [
      found(1, 'A', 0),
      found(2, 'B', 3),
      found(3, 'C', 8),
      found(4, 'D', 7),
      found(5, 'E', 0),
      found(6, 'F', 2.5),
      found(7, 'NEW', 1),
      other(8, null, 'invalid'),
      other(9, 'A', 'duplicate'),
      found(10, 'G', 0, 4)
    ]
    const rows = compareResults(then, now, 3)
    expect(rows.map((row) => [row.value, row.category, row.change])).toEqual([
      ['A', 'newly_out', -5],
      ['B', 'back_in', 3],
      ['C', 'changed', -2],
      ['D', 'unchanged', 0],
      ['E', 'changed', null],
      ['F', 'changed', 0.25],
      ['NEW', 'only_one', null],
      ['G', 'unchanged', 0],
      ['OLD', 'only_one', null]
    ])
    expect(rows[0]).toEqual({
      value: 'A',
      then: { line: 1, input: 'A', status: 'in_stock', onHand: 5 },
      now: { line: 1, input: 'A', status: 'out_of_stock', onHand: 0 },
      change: -5,
      category: 'newly_out'
    })
    expect(rows[4]?.then).toMatchObject({ status: 'not_found', onHand: null })
    expect(rows[7]?.now).toMatchObject({ status: 'shelf_empty', onHand: 4 })
    expect(countCategories(rows)).toEqual({ newly_out: 1, back_in: 1, changed: 3, unchanged: 2, only_one: 2 })
  })

  it('judges low stock by the level given', () => {
    const [row] = compareResults([found(1, 'A', 2)], [found(1, 'A', 2)], 1)
    expect(row).toMatchObject({ then: { status: 'in_stock' }, category: 'unchanged' })
    expect(compareResults([found(1, 'A', 2)], [found(1, 'A', 2)], 3)[0]).toMatchObject({ then: { status: 'low_stock' } })
  })
})

describe('compareSheet', () => {
  it('writes one row per value with the screen words, and fills both status cells', () => {
    const sheet = compareSheet(compareResults([found(1, 'A', 5), found(2, 'OLD', 1)], [found(3, 'A', 0)], 3))
    expect(sheet.columns.map((column) => column.label)).toEqual([
      'Value',
      'Line',
      'Input',
      'Stock status then',
      'Stock status now',
      'On hand then',
      'On hand now',
      'Change',
      'Compared'
    ])
    expect(sheet.rows).toEqual([
      ['A', 3, 'A', 'In stock', 'Out of stock', 5, 0, -5, 'Newly out of stock'],
      ['OLD', 2, 'OLD', 'Low stock', null, 1, null, null, 'Only in one']
    ])
    expect(sheet.fills?.[1]?.colors).toEqual(['FFF4C7C3', null])
  })

  it('writes only the columns asked for, in their order, with the fill on the status column where it went', () => {
    const rows = compareResults([found(1, 'A', 5)], [found(3, 'A', 0)], 3)
    const sheet = compareSheet(rows, compareColumnsByKeys(['change', 'statusNow', 'value', 'nonsense', 'change']))
    expect(sheet.columns).toEqual([
      { label: 'Change', kind: 'number' },
      { label: 'Stock status now', kind: 'text' },
      { label: 'Value', kind: 'id' }
    ])
    expect(sheet.rows).toEqual([[-5, 'Out of stock', 'A']])
    expect(sheet.fills).toEqual([{ column: 1, colors: ['FFF4C7C3'] }])
  })
})
