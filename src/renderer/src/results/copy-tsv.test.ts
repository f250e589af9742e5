import { describe, expect, it } from 'vitest'
import { clipboardCell, rowsToTsv } from './copy-tsv'
import { found, setOf } from './test-support/line-results'

describe('copy as TSV', () => {
  it('writes a header and one line per row', () => {
    const { rows } = setOf([found(1, '00041234567893', [5, 2])]).table
    expect(rowsToTsv(rows, ['line', 'gtin', 'quantity'])).toBe('Line\tGTIN\tQuantity\r\n1\t00041234567893\t5\r\n1\t00041234567893\t2')
  })

  it('flattens tabs and line breaks and defuses formulas, but leaves negative numbers alone', () => {
    expect(clipboardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")')
    expect(clipboardCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(clipboardCell('-3')).toBe('-3')
    expect(clipboardCell('-3 boxes')).toBe("'-3 boxes")
    expect(clipboardCell('a\tb\nc')).toBe('a b c')
  })
})
