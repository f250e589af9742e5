import { describe, expect, it } from 'vitest'
import { cellText } from './result-row'
import { sortRows } from './row-sort'
import { duplicate, failed, found, invalid, notFound, setOf } from './test-support/line-results'

describe('sortRows', () => {
  const { rows } = setOf([found(1, '00041234567893', [5, 1]), notFound, found(2, '00000000000017', [10]), invalid, duplicate, failed]).table

  it('sorts numbers numerically, both ways, with empty cells last either way', () => {
    const ascending = sortRows(rows, [{ columnKey: 'quantity', direction: 'ASC' }])
    expect(ascending.map((row) => row.quantity)).toEqual([1, 5, 10, null, null, null, null])
    const descending = sortRows(rows, [{ columnKey: 'quantity', direction: 'DESC' }])
    expect(descending.map((row) => row.quantity)).toEqual([10, 5, 1, null, null, null, null])
  })

  it('sorts status in status order and keeps line order between equal keys', () => {
    const byStatus = sortRows(rows, [{ columnKey: 'status', direction: 'DESC' }])
    expect(byStatus.map((row) => row.key)).toEqual(['6:0', '5:0', '4:0', '3:0', '1:0', '1:1', '2:0'])
  })

  it('sorts text case-insensitively, by several columns, and returns the rows themselves when unsorted', () => {
    const byArea = sortRows(rows, [{ columnKey: 'locationArea', direction: 'ASC' }])
    expect(byArea.slice(0, 3).map((row) => cellText(row, 'locationArea'))).toEqual(['Backroom', 'Store', 'Store'])
    const byAreaThenQuantity = sortRows(rows, [
      { columnKey: 'locationArea', direction: 'DESC' },
      { columnKey: 'quantity', direction: 'DESC' }
    ])
    expect(byAreaThenQuantity.slice(0, 3).map((row) => row.key)).toEqual(['2:0', '1:0', '1:1'])
    expect(sortRows(rows, [])).toBe(rows)
    expect(sortRows(rows, [{ columnKey: 'rdg-select-column', direction: 'ASC' }])).toBe(rows)
  })

  it('sorts GTINs as text, so leading zeros order them like numbers of the same width', () => {
    const byGtin = sortRows(rows, [{ columnKey: 'gtin', direction: 'ASC' }])
    expect(byGtin.map((row) => cellText(row, 'gtin'))).toEqual([
      '00000000000017',
      '00000000000017',
      '00012345678905',
      '00012345678905',
      '00041234567893',
      '00041234567893',
      ''
    ])
  })
})
