import { describe, expect, it } from 'vitest'
import type { LineResult } from '../../../shared/domain/line-result'
import { cellText, lineMessage } from './result-row'
import { applyEntries, emptyResultSet } from './result-set'
import { SearchTerm } from './search-term'
import { duplicate, failed, found, invalid, notFound, setOf } from './test-support/line-results'

function rowsForItemNumbers(result: LineResult) {
  return applyEntries(emptyResultSet('job-2', 'wm_item_number'), [result], 1).table.rows
}

describe('grid rows', () => {
  it('gives one row per location, keyed by line and location, with the item total on each', () => {
    const { rows } = setOf([found(7, '00041234567893', [4, 2.5])]).table
    expect(rows.map((row) => row.key)).toEqual(['7:0', '7:1'])
    expect(rows.map((row) => cellText(row, 'locationArea'))).toEqual(['Store', 'Backroom'])
    expect(rows.map((row) => cellText(row, 'quantity'))).toEqual(['4', '2.5'])
    expect(rows.map((row) => cellText(row, 'totalQuantity'))).toEqual(['6.5', '6.5'])
    expect(rows.map((row) => cellText(row, 'supplier'))).toEqual(['Acme Foods', 'Acme Foods'])
  })

  it('gives a found item without locations, and every non-found line, exactly one row with no quantity', () => {
    const { rows } = setOf([found(2, '00041234567893', []), notFound, invalid, duplicate, failed]).table
    expect(rows.map((row) => row.key)).toEqual(['2:0', '3:0', '4:0', '5:0', '6:0'])
    expect(rows.map((row) => row.quantity)).toEqual([null, null, null, null, null])
    expect(rows[0]?.totalQuantity).toBe(0)
  })

  it('shows the looked-up value in the column of the item type when there is no item', () => {
    const [gtinRow] = setOf([notFound]).table.rows
    expect(gtinRow && [cellText(gtinRow, 'gtin'), cellText(gtinRow, 'wmItemNumber')]).toEqual(['00012345678905', ''])
    const [itemRow] = rowsForItemNumbers({ ...notFound, value: '123456789' })
    expect(itemRow && [cellText(itemRow, 'gtin'), cellText(itemRow, 'wmItemNumber')]).toEqual(['', '123456789'])
  })

  it('explains each status in the message, with the note after it', () => {
    expect(lineMessage(duplicate, 'gtin')).toBe('Duplicate of line 3')
    expect(lineMessage(failed, 'gtin')).toContain('internal error')
    expect(lineMessage(invalid, 'gtin')).toContain('scientific notation')
    expect(lineMessage({ ...invalid, invalidReason: 'length' }, 'wm_item_number')).toContain('9 digits')
    const specific = 'The last digit of 4006381158382 does not match the GS1 check digit.'
    expect(lineMessage({ ...invalid, invalidReason: 'check_digit', note: specific }, 'gtin')).toBe(specific)
    expect(lineMessage(found(1, '00041234567893', [1], { note: 'leading zeros restored' }), 'gtin')).toBe(
      'leading zeros restored'
    )
  })
})

describe('row text caches', () => {
  it('lowercases cells for filters and answers whether any cell contains a term', () => {
    const [row] = setOf([found(1, '00041234567893', [5], { note: 'Leading zeros RESTORED' })]).table.rows
    expect(row?.lower('message')).toBe('leading zeros restored')
    expect(row?.lower('status')).toBe('found')
    expect(row?.lower('locationArea')).toBe('store')
    expect(row?.contains(new SearchTerm('restored'))).toBe(true)
    expect(row?.contains(new SearchTerm('store'))).toBe(true)
    expect(row?.contains(new SearchTerm('backroom'))).toBe(false)
    expect(row?.contains(new SearchTerm('5'))).toBe(true)
  })
})
