import { describe, expect, it } from 'vitest'
import { itemRowsOf } from './result-set'
import { SearchTerm } from '../grid/search-term'
import { columnsOf, duplicate, failed, found, invalid, notFound, setOf } from './test-support/line-results'
import { searchColumns } from '../grid/row-filter'
import { locationRowsOf } from './view-rows'

const items = columnsOf('items', ['Description'])
const locations = columnsOf('locations', ['Description'])
const col = (columns: typeof items, key: string) => {
  const column = columns[key]
  if (column === undefined) throw new Error(`no column ${key}`)
  return column
}

describe('cells of the Items view', () => {
  const set = setOf([
    found(1, '00041234567893', [4, 2.5], { carried: ['Oat milk'], note: 'leading zeros restored' }),
    { ...notFound, carried: ['Rye bread'] },
    invalid,
    duplicate,
    failed
  ])
  const rows = itemRowsOf(set, 3)

  it("shows the stock status, the figures, the file's own column and a message", () => {
    const [first] = rows
    expect(first?.text(col(items, 'status'))).toBe('In stock')
    expect(first?.value(col(items, 'onShelf'))).toBe(4)
    expect(first?.value(col(items, 'backroom'))).toBe(2.5)
    expect(first?.value(col(items, 'onHand'))).toBe(6.5)
    expect(first?.text(col(items, 'carried:0'))).toBe('Oat milk')
    expect(first?.text(col(items, 'message'))).toBe('leading zeros restored')
    expect(rows.map((row) => row.text(col(items, 'status')))).toEqual(['In stock', 'Not found', 'Invalid', 'Duplicate', 'Failed'])
    expect(rows[1]?.value(col(items, 'onHand'))).toBeNull()
    expect(rows[1]?.text(col(items, 'gtin'))).toBe('00012345678905')
    expect(rows[3]?.text(col(items, 'message'))).toBe('Duplicate of line 3')
  })

  it("lowercases text for filters and finds a quick-search term in any of the view's cells", () => {
    const [first] = rows
    const { line } = searchColumns(Object.values(items))
    expect(first?.lower(col(items, 'carried:0'))).toBe('oat milk')
    expect(first?.lower(col(items, 'status'))).toBe('in stock')
    expect(first?.contains(new SearchTerm('OAT'), line)).toBe(true)
    expect(first?.contains(new SearchTerm('stock'), line)).toBe(true)
    expect(first?.contains(new SearchTerm('6.5'), line)).toBe(true)
    expect(first?.contains(new SearchTerm('backroom'), line)).toBe(false)
    // A word matches within one cell, never across two ("milk" ends one cell, "1" starts the next).
    expect(first?.contains(new SearchTerm('milk1'), line)).toBe(false)
  })
})

describe('cells of the Locations view', () => {
  const set = setOf([found(1, '00041234567893', [4, 2.5], { carried: ['Oat milk'] }), notFound])
  const rows = locationRowsOf(itemRowsOf(set, 3))

  it("shows each location with humane names and where it is counted, and the line's cells on each", () => {
    expect(rows.map((row) => row.text(col(locations, 'locationArea')))).toEqual(['Store', 'Backroom', ''])
    expect(rows.map((row) => row.text(col(locations, 'state')))).toEqual(['Available', 'Available', ''])
    expect(rows.map((row) => row.text(col(locations, 'countedAs')))).toEqual(['On shelf', 'Backroom', ''])
    expect(rows.map((row) => row.value(col(locations, 'quantity')))).toEqual([4, 2.5, null])
    expect(rows.map((row) => row.text(col(locations, 'carried:0')))).toEqual(['Oat milk', 'Oat milk', ''])
    expect(rows[0]?.lower(col(locations, 'locationArea'))).toBe('store')
  })

  it('answers each word of a search for every row of a line, whatever order the words are asked in', () => {
    const { line, location } = searchColumns(Object.values(locations))
    const [oat, backroom, rye] = ['oat', 'backroom', 'rye'].map((word) => new SearchTerm(word))
    if (oat === undefined || backroom === undefined || rye === undefined) throw new Error('no terms')
    const answers = rows.map((row) => [
      row.contains(oat, line, location),
      row.contains(backroom, line, location),
      row.contains(rye, line, location)
    ])
    expect(answers).toEqual([
      [true, false, false],
      [true, true, false],
      [false, false, false]
    ])
    expect(rows.map((row) => row.contains(oat, line, location))).toEqual([true, true, false])
  })

  it('finds a term in a location cell of that row only', () => {
    const { line, location } = searchColumns(Object.values(locations))
    expect(rows.map((row) => row.contains(new SearchTerm('backroom'), line, location))).toEqual([false, true, false])
    expect(rows.map((row) => row.contains(new SearchTerm('shelf'), line, location))).toEqual([true, false, false])
  })
})
