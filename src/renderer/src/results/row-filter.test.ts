import { describe, expect, it } from 'vitest'
import { filterRows, isFiltering, linesOf, NO_FILTER, type RowFilter } from './row-filter'
import { sortRows } from './row-sort'
import { failed, found, notFound, setOf } from './test-support/line-results'

describe('filterRows', () => {
  const { rows } = setOf([found(1, '00041234567893', [5, 1]), notFound, found(2, '00000000000017', [10]), failed]).table
  const keys = (patch: Partial<RowFilter>) => filterRows(rows, { ...NO_FILTER, ...patch }).map((row) => row.key)

  it('matches column text case-insensitively', () => {
    expect(keys({ columns: { locationArea: 'BACK' } })).toEqual(['1:1'])
    expect(keys({ columns: { gtin: '0017' } })).toEqual(['2:0', '6:0'])
    expect(keys({ columns: { message: 'internal' } })).toEqual(['6:0'])
  })

  it('compares numbers with <, <=, >, >=, = and never matches an empty cell', () => {
    expect(keys({ columns: { quantity: '>=5' } })).toEqual(['1:0', '2:0'])
    expect(keys({ columns: { quantity: '< 5' } })).toEqual(['1:1'])
    expect(keys({ columns: { totalQuantity: '=6' } })).toEqual(['1:0', '1:1'])
    expect(keys({ columns: { line: '>2' } })).toEqual(['3:0', '6:0'])
    expect(keys({ columns: { quantity: '1' } })).toEqual(['1:1', '2:0'])
  })

  it('filters by status chips and by every quick-search word across columns', () => {
    expect(keys({ statuses: new Set(['not_found', 'failed']) })).toEqual(['3:0', '6:0'])
    expect(keys({ quick: 'acme store' })).toEqual(['1:0', '2:0'])
    expect(keys({ quick: 'INTERNAL error' })).toEqual(['6:0'])
    expect(keys({ quick: 'acme', columns: { quantity: '>5' } })).toEqual(['2:0'])
  })

  it('keeps the order of sorted rows', () => {
    const sorted = sortRows(rows, [{ columnKey: 'quantity', direction: 'DESC' }])
    expect(filterRows(sorted, { ...NO_FILTER, quick: 'acme' }).map((row) => row.key)).toEqual(['2:0', '1:0', '1:1'])
  })

  it('returns the rows themselves when nothing filters, and the distinct lines of what it shows', () => {
    expect(isFiltering({ ...NO_FILTER, quick: '  ', columns: { gtin: ' ' } })).toBe(false)
    expect(filterRows(rows, { ...NO_FILTER, quick: '  ' })).toBe(rows)
    expect(linesOf(filterRows(rows, { ...NO_FILTER, quick: 'acme' }))).toEqual([1, 2])
  })
})
