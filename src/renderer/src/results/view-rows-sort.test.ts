import { describe, expect, it } from 'vitest'
import { itemRowsOf } from './result-set'
import { sortRows } from '../grid/row-sort'
import { columnsOf, duplicate, failed, found, invalid, keyInStore, notFound, setOf } from './test-support/line-results'
import { locationRowsOf } from './view-rows'

const items = columnsOf('items', ['Case Pack'])
const columns = Object.values(items)
const rows = itemRowsOf(
  setOf([
    found(1, '00041234567893', [5, 1], { carried: ['12'] }),
    { ...notFound, carried: ['6'] },
    found(2, '00000000000017', [10], { carried: ['case'] }),
    invalid,
    duplicate,
    failed
  ]),
  3
)
const keys = (sort: Parameters<typeof sortRows>[1]) => sortRows(rows, sort, columns).map(keyInStore)

describe('sortRows', () => {
  it('sorts numbers numerically, both ways, with empty cells last either way', () => {
    expect(keys([{ columnKey: 'onHand', direction: 'ASC' }])).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(keys([{ columnKey: 'onHand', direction: 'DESC' }])).toEqual(['2', '1', '3', '4', '5', '6'])
    expect(keys([{ columnKey: 'onShelf', direction: 'ASC' }])).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('sorts the stock status most urgent first and keeps line order between equal keys', () => {
    expect(keys([{ columnKey: 'status', direction: 'ASC' }])).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(keys([{ columnKey: 'status', direction: 'DESC' }])).toEqual(['6', '5', '4', '3', '1', '2'])
  })

  it("sorts a file's column of numbers as numbers, before its text", () => {
    expect(keys([{ columnKey: 'carried:0', direction: 'ASC' }])).toEqual(['3', '1', '2', '4', '5', '6'])
  })

  it('sorts GTINs as text, by several columns, and returns the rows themselves when unsorted', () => {
    expect(keys([{ columnKey: 'gtin', direction: 'ASC' }])).toEqual(['2', '6', '3', '5', '1', '4'])
    expect(
      keys([
        { columnKey: 'status', direction: 'ASC' },
        { columnKey: 'line', direction: 'DESC' }
      ])
    ).toEqual(['2', '1', '3', '4', '5', '6'])
    expect(sortRows(rows, [], columns)).toBe(rows)
    expect(sortRows(rows, [{ columnKey: 'rdg-select-column', direction: 'ASC' }], columns)).toBe(rows)
  })

  it('sorts location rows by their own quantity', () => {
    const locations = locationRowsOf(rows)
    const sorted = sortRows(locations, [{ columnKey: 'quantity', direction: 'DESC' }], Object.values(columnsOf('locations')))
    expect(sorted.slice(0, 3).map(keyInStore)).toEqual(['2:0', '1:0', '1:1'])
  })
})
