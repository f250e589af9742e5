import { describe, expect, it } from 'vitest'
import type { LineResult } from '../../../shared/domain/line-result'
import { clipboardCell, rowsToTsv } from './copy-tsv'
import { lineMessage, rowsForLine } from './result-row'
import { applyEntries, emptyResultSet } from './result-set'
import { filterRows, linesOf, NO_FILTER, type RowFilter } from './row-filter'
import { sortRows } from './row-sort'

function found(line: number, gtin: string, quantities: number[], extra: Partial<LineResult> = {}): LineResult {
  const locations = quantities.map((quantity, index) => ({
    location_area: index === 0 ? 'Store' : 'Backroom',
    state: 'available',
    quantity
  }))
  return {
    line,
    input: gtin.replace(/^0+/, ''),
    value: gtin,
    status: 'found',
    item: {
      gtin,
      wm_item_number: `5${String(line).padStart(8, '0')}`,
      supplier_name: 'Acme Foods',
      store_nbr: 1234,
      inventory_locations: locations,
      total_quantity: quantities.reduce((sum, quantity) => sum + quantity, 0),
      raw: { gtin, extra_field: 'kept' }
    },
    ...extra
  }
}

const notFound: LineResult = { line: 3, input: '00012345678905', value: '00012345678905', status: 'not_found' }
const invalid: LineResult = { line: 4, input: '7.61E+12', value: null, status: 'invalid', invalidReason: 'scientific_notation' }
const duplicate: LineResult = { line: 5, input: '12345678905', value: '00012345678905', status: 'duplicate', duplicateOf: 3 }
const failed: LineResult = {
  line: 6,
  input: '00000000000017',
  value: '00000000000017',
  status: 'failed',
  error: { code: 'server_error', message: 'The inventory service had an internal error; try again later.', status: 500 }
}

function setOf(entries: LineResult[]) {
  return applyEntries(emptyResultSet('job-1', 'gtin'), entries, entries.length)
}

describe('rowsForLine', () => {
  it('gives one row per location, keyed by line and location, with the item total on each', () => {
    const rows = rowsForLine(found(7, '00041234567893', [4, 2.5]), 'gtin')
    expect(rows.map((row) => row.key)).toEqual(['7:0', '7:1'])
    expect(rows.map((row) => row.text.locationArea)).toEqual(['Store', 'Backroom'])
    expect(rows.map((row) => row.text.quantity)).toEqual(['4', '2.5'])
    expect(rows.map((row) => row.text.totalQuantity)).toEqual(['6.5', '6.5'])
    expect(rows[0]?.text.supplier).toBe('Acme Foods')
  })

  it('gives a found item without locations, and every non-found line, exactly one row', () => {
    expect(rowsForLine(found(2, '00041234567893', []), 'gtin').map((row) => row.key)).toEqual(['2:0'])
    for (const result of [notFound, invalid, duplicate, failed]) {
      const rows = rowsForLine(result, 'gtin')
      expect(rows).toHaveLength(1)
      expect(rows[0]?.quantity).toBeNull()
    }
  })

  it('shows the looked-up value in the column of the item type when there is no item', () => {
    const [gtinRow] = rowsForLine(notFound, 'gtin')
    expect(gtinRow?.text.gtin).toBe('00012345678905')
    expect(gtinRow?.text.wmItemNumber).toBe('')
    const [itemRow] = rowsForLine({ ...notFound, value: '123456789' }, 'wm_item_number')
    expect(itemRow?.text.wmItemNumber).toBe('123456789')
    expect(itemRow?.text.gtin).toBe('')
  })

  it('explains each status in the message, with the note after it', () => {
    expect(lineMessage(duplicate, 'gtin')).toBe('Duplicate of line 3')
    expect(lineMessage(failed, 'gtin')).toContain('internal error')
    expect(lineMessage(invalid, 'gtin')).toContain('scientific notation')
    expect(lineMessage(found(1, '00041234567893', [1], { note: 'leading zeros restored' }), 'gtin')).toBe(
      'leading zeros restored'
    )
  })
})

describe('applyEntries', () => {
  it('lets a later entry for a line replace the earlier one, and recounts statuses by line', () => {
    const first = setOf([found(1, '00041234567893', [1, 2]), failed])
    expect(first.counts).toMatchObject({ found: 1, failed: 1 })
    expect(first.rows.map((row) => row.key)).toEqual(['1:0', '1:1', '6:0'])

    const retried = applyEntries(first, [found(6, '00000000000017', [9])], 3)
    expect(retried.counts).toMatchObject({ found: 2, failed: 0 })
    expect(retried.rows.map((row) => row.key)).toEqual(['1:0', '1:1', '6:0'])
    expect(retried.rows[2]?.status).toBe('found')
    expect(retried.next).toBe(3)
    expect(first.rows[2]?.status).toBe('failed')
  })

  it('orders rows by line whatever order the log has them in', () => {
    const set = setOf([failed, notFound, found(1, '00041234567893', [1])])
    expect(set.rows.map((row) => row.line)).toEqual([1, 3, 6])
  })

  it('returns the same set when nothing new was read', () => {
    const set = setOf([notFound])
    expect(applyEntries(set, [], set.next)).toBe(set)
  })
})

describe('sortRows', () => {
  const rows = setOf([
    found(1, '00041234567893', [5, 1]),
    notFound,
    found(2, '00000000000017', [10]),
    invalid,
    duplicate,
    failed
  ]).rows

  it('sorts numbers numerically, both ways, with empty cells last either way', () => {
    const ascending = sortRows(rows, [{ columnKey: 'quantity', direction: 'ASC' }])
    expect(ascending.map((row) => row.quantity)).toEqual([1, 5, 10, null, null, null, null])
    const descending = sortRows(rows, [{ columnKey: 'quantity', direction: 'DESC' }])
    expect(descending.map((row) => row.quantity)).toEqual([10, 5, 1, null, null, null, null])
  })

  it('keeps line order between equal keys and sorts status in status order', () => {
    const byStatus = sortRows(rows, [{ columnKey: 'status', direction: 'DESC' }])
    expect(byStatus.map((row) => row.key)).toEqual(['6:0', '5:0', '4:0', '3:0', '1:0', '1:1', '2:0'])
  })

  it('sorts text case-insensitively and returns the input itself when unsorted', () => {
    const byArea = sortRows(rows, [{ columnKey: 'locationArea', direction: 'ASC' }])
    expect(byArea.slice(0, 3).map((row) => row.text.locationArea)).toEqual(['Backroom', 'Store', 'Store'])
    expect(sortRows(rows, [])).toBe(rows)
  })
})

describe('filterRows', () => {
  const rows = setOf([found(1, '00041234567893', [5, 1]), notFound, found(2, '00000000000017', [10]), failed]).rows
  const filter = (patch: Partial<RowFilter>) => filterRows(rows, { ...NO_FILTER, ...patch })

  it('matches column text case-insensitively and numbers with comparisons', () => {
    expect(filter({ columns: { locationArea: 'BACK' } }).map((row) => row.key)).toEqual(['1:1'])
    expect(filter({ columns: { quantity: '>=5' } }).map((row) => row.key)).toEqual(['1:0', '2:0'])
    expect(filter({ columns: { totalQuantity: '=6' } }).map((row) => row.key)).toEqual(['1:0', '1:1'])
    expect(filter({ columns: { gtin: '0017' } }).map((row) => row.line)).toEqual([2, 6])
  })

  it('filters by status chips and by every quick-search word', () => {
    expect(filter({ statuses: new Set(['not_found', 'failed']) }).map((row) => row.line)).toEqual([3, 6])
    expect(filter({ quick: 'acme store' }).map((row) => row.key)).toEqual(['1:0', '2:0'])
    expect(filter({ quick: 'internal error' }).map((row) => row.line)).toEqual([6])
  })

  it('returns the rows themselves when nothing filters, and the distinct lines of what it shows', () => {
    expect(filter({ quick: '  ' })).toBe(rows)
    expect(linesOf(filter({ quick: 'acme' }))).toEqual([1, 2])
  })
})

describe('copy as TSV', () => {
  it('writes a header and one line per row, flattening tabs and defusing formulas', () => {
    const rows = setOf([found(1, '00041234567893', [5])]).rows
    expect(rowsToTsv(rows, ['line', 'gtin', 'quantity'])).toBe('Line\tGTIN\tQuantity\r\n1\t00041234567893\t5')
    expect(clipboardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")')
    expect(clipboardCell('-3')).toBe('-3')
    expect(clipboardCell('a\tb\nc')).toBe('a b c')
  })
})
