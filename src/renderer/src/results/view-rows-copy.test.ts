import { describe, expect, it } from 'vitest'
import { clipboardCell, rowsToTsv } from '../grid/copy-tsv'
import { itemRowsOf } from './result-set'
import { columnsOf, found, setOf } from './test-support/line-results'
import { locationRowsOf } from './view-rows'

describe('copy as TSV', () => {
  it('writes a header and one line per row', () => {
    const rows = locationRowsOf(itemRowsOf(setOf([found(1, '00041234567893', [5, 2])]), 3))
    const { line, gtin, quantity, status } = columnsOf('locations')
    if (line === undefined || gtin === undefined || quantity === undefined || status === undefined) throw new Error('missing columns')
    expect(rowsToTsv(rows, [line, gtin, quantity, status])).toBe(
      'Line\tGTIN\tQuantity\tStock status\r\n1\t00041234567893\t5\tIn stock\r\n1\t00041234567893\t2\tIn stock'
    )
  })

  it('flattens tabs and line breaks and defuses formulas, but leaves negative numbers alone', () => {
    expect(clipboardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")')
    expect(clipboardCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(clipboardCell('-3')).toBe('-3')
    expect(clipboardCell('-3 boxes')).toBe("'-3 boxes")
    expect(clipboardCell('a\tb\nc')).toBe('a b c')
  })
})
