import { describe, expect, it } from 'vitest'
import type { ImportSummary } from '../../../shared/contract'
import { columnLabel, describeImport } from './imported-lines'

const summary: ImportSummary = {
  importId: 'import-1',
  fileName: 'items.csv',
  format: 'csv',
  encoding: 'utf-16le',
  hasHeader: true,
  columns: [
    { index: 0, name: 'Name', samples: ['Soap'] },
    { index: 1, name: '', samples: ['00012345678905'] }
  ],
  suggestedColumn: 1,
  rowCount: 4,
  blankRows: { count: 0, lines: [] },
  unclosedQuoteRows: { count: 0, lines: [] },
  multiLineRows: { count: 0, lines: [] }
}
const none = { count: 0, lines: [] }

describe('imported lines', () => {
  it('names unnamed columns by position', () => {
    expect(columnLabel(summary, 0)).toBe('Name')
    expect(columnLabel(summary, 1)).toBe('Column 2')
  })

  it('says where the values came from', () => {
    expect(describeImport(summary, 1, { lines: [2, 3], emptyRows: none })).toBe(
      'Imported 2 values from items.csv (CSV, UTF-16 LE, column "Column 2"). Line numbers are the file\'s row numbers.'
    )
  })

  it('counts and lists the rows it skipped: blank rows, and rows without a value in the column', () => {
    const withBlanks = { ...summary, blankRows: { count: 1, lines: [4] } }
    expect(describeImport(withBlanks, 0, { lines: [2], emptyRows: { count: 3, lines: [3, 7, 9] } })).toBe(
      'Imported 1 value from items.csv (CSV, UTF-16 LE, column "Name"). Line numbers are the file\'s row numbers.' +
        ' 1 blank row skipped (row 4). 3 rows without a value in "Name" skipped (rows 3, 7 and 9).'
    )
  })

  it('lists at most 20 skipped rows and says how many more there are', () => {
    const lines = Array.from({ length: 1000 }, (_, index) => index + 2)
    const text = describeImport({ ...summary, blankRows: { count: 5000, lines } }, 1, { lines: [], emptyRows: none })
    expect(text).toContain(
      '5,000 blank rows skipped (rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21 and 4,980 more).'
    )
  })

  it('warns of quotes that never close, naming the rows, and says why rows take several lines', () => {
    const one = { ...summary, unclosedQuoteRows: { count: 1, lines: [5] } }
    expect(describeImport(one, 1, { lines: [2, 3, 4, 5, 6], emptyRows: none })).toContain(
      'Row 5 opens a quote that is never closed: it was read to the end of its line, with the quote kept as a character; check that row in the file.'
    )
    const several = { ...summary, unclosedQuoteRows: { count: 2, lines: [5, 9] }, multiLineRows: { count: 1, lines: [3] } }
    const text = describeImport(several, 1, { lines: [2, 3, 5, 9], emptyRows: none })
    expect(text).toContain('2 rows open a quote that is never closed (rows 5 and 9): each was read to the end of its line')
    expect(text).toContain('Row 3 has a quoted cell that runs over several lines of the file; it is one row.')
  })
})
