import { describe, expect, it } from 'vitest'
import { compareResults, countCategories, nameCompareRows, type StockInput } from './compare-lookups'
import { compareColumnsByKeys, compareColumnsFor, comparesNamed, compareRowKey } from './compare-columns'
import { compareSheet } from './compare-sheet'

const found = (line: number, value: string, onShelf: number, backroom = 0, storeNbr = 1234): StockInput => ({
  storeNbr,
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
const other = (line: number, value: string | null, status: StockInput['status'], storeNbr = 1234): StockInput => ({
  storeNbr,
  line,
  input: value ?? 'x',
  value,
  status,
  locations: []
})
const inStore = (storeNbr: number, line: number, value: string, onShelf: number): StockInput => found(line, value, onShelf, 0, storeNbr)

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
      store: 1234,
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

  it('matches store and value pairs: the same value in two stores is two rows, each with its own change', () => {
    const then = [inStore(1, 1, 'A', 5), inStore(1, 2, 'B', 4), inStore(2, 1, 'A', 5), inStore(2, 2, 'B', 0)]
    const now = [inStore(1, 1, 'A', 0), inStore(1, 2, 'B', 4), inStore(2, 1, 'A', 9), inStore(2, 2, 'B', 2)]
    const rows = compareResults(then, now, 3)
    expect(rows.map((row) => [compareRowKey(row), row.category, row.change])).toEqual([
      ['1:A', 'newly_out', -5],
      ['1:B', 'unchanged', 0],
      ['2:A', 'changed', 4],
      ['2:B', 'back_in', 2]
    ])
    expect(rows[2]).toMatchObject({ store: 2, value: 'A', then: { onHand: 5 }, now: { onHand: 9 } })
  })

  it('puts the pairs of a store only one lookup covered in "Only in one", after the later lookup\'s pairs', () => {
    const then = [inStore(1, 1, 'A', 5), inStore(2, 1, 'A', 5), other(2, 'B', 'not_found', 2)]
    const now = [inStore(1, 1, 'A', 5), inStore(3, 1, 'A', 0)]
    const rows = compareResults(then, now, 3)
    expect(rows.map((row) => [row.store, row.value, row.category, row.then === null, row.now === null])).toEqual([
      [1, 'A', 'unchanged', false, false],
      [3, 'A', 'only_one', true, false],
      [2, 'A', 'only_one', false, true],
      [2, 'B', 'only_one', false, true]
    ])
    expect(countCategories(rows)).toEqual({ newly_out: 0, back_in: 0, changed: 0, unchanged: 1, only_one: 3 })
  })

  it('compares a lookup of one store with a lookup of another store value by value, naming the later store', () => {
    const rows = compareResults([inStore(77, 1, 'A', 5), inStore(77, 2, 'OLD', 1)], [inStore(1234, 1, 'A', 0)], 3)
    expect(rows.map((row) => [row.store, row.value, row.category])).toEqual([
      [1234, 'A', 'newly_out'],
      [77, 'OLD', 'only_one']
    ])
  })

  it('compares a one-store lookup with a many-store one by pairs: only the shared store matches', () => {
    const rows = compareResults([inStore(1, 1, 'A', 5)], [inStore(1, 1, 'A', 0), inStore(2, 1, 'A', 5)], 3)
    expect(rows.map((row) => [row.store, row.category])).toEqual([
      [1, 'newly_out'],
      [2, 'only_one']
    ])
  })
})

describe('compareSheet', () => {
  it('writes one row per value with the screen words, and fills both status cells', () => {
    const sheet = compareSheet(compareResults([found(1, 'A', 5), found(2, 'OLD', 1)], [found(3, 'A', 0)], 3), compareColumnsFor(false))
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

  it('starts with the Store column when the comparison covers several stores', () => {
    const rows = compareResults([inStore(1, 1, 'A', 5), inStore(2, 1, 'A', 5)], [inStore(1, 1, 'A', 0), inStore(2, 1, 'A', 5)], 3)
    const sheet = compareSheet(rows, compareColumnsFor(true))
    expect(sheet.columns[0]).toEqual({ label: 'Store', kind: 'number' })
    expect(sheet.rows.map((row) => row.slice(0, 2))).toEqual([
      [1, 'A'],
      [2, 'A']
    ])
    expect(sheet.fills?.map((fill) => fill.column)).toEqual([4, 5])
  })
})

describe('item names in a comparison', () => {
  it("name each row by the later lookup's line, else the earlier one's, and come first when either lookup had names", () => {
    const rows = compareResults([found(1, 'A', 5), found(2, 'OLD', 1)], [found(3, 'A', 0), found(4, 'NEW', 2)], 3)
    nameCompareRows(rows, {
      then: new Map([
        [1, 'Oat milk (then)'],
        [2, 'Rye']
      ]),
      now: new Map([[3, 'Oat milk']])
    })
    expect(rows.map((row) => [row.value, row.itemName])).toEqual([
      ['A', 'Oat milk'],
      ['NEW', undefined],
      ['OLD', 'Rye']
    ])
    const sheet = compareSheet(rows, compareColumnsFor(false, true))
    expect(sheet.columns.slice(0, 2).map((column) => column.label)).toEqual(['Item name', 'Value'])
    expect(sheet.rows.map((row) => row[0])).toEqual(['Oat milk', null, 'Rye'])
    expect(
      compareColumnsFor(true, true)
        .map((column) => column.key)
        .slice(0, 3)
    ).toEqual(['itemName', 'store', 'value'])
  })

  it('say a comparison is named when either lookup carries Item name first', () => {
    expect(comparesNamed({ carriedColumns: [] }, { carriedColumns: ['Item name', 'Case Pack'] })).toBe(true)
    expect(comparesNamed({ carriedColumns: ['Case Pack', 'Item name'] }, { carriedColumns: [] })).toBe(false)
  })
})
