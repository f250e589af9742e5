import { describe, expect, it } from 'vitest'
import type { ImportTable } from '../../../shared/contract'
import { columnLabel, describeImport } from './imported-lines'

const table: ImportTable = {
  fileName: 'items.csv',
  format: 'csv',
  encoding: 'utf-16le',
  hasHeader: true,
  columns: [
    { index: 0, name: 'Name', samples: ['Soap'] },
    { index: 1, name: '', samples: ['00012345678905'] }
  ],
  suggestedColumn: 1,
  rows: [
    { line: 2, cells: ['Soap', ' 00012345678905 '] },
    { line: 3, cells: ['Empty', '   '] },
    { line: 5, cells: ['Short row'] },
    { line: 6, cells: ['Tea', '4006381333931'] }
  ]
}

describe('imported lines', () => {
  it('names unnamed columns by position', () => {
    expect(columnLabel(table, 0)).toBe('Name')
    expect(columnLabel(table, 1)).toBe('Column 2')
  })

  it('says where the values came from', () => {
    expect(describeImport(table, 1, 2)).toBe(
      'Imported 2 values from items.csv (CSV, UTF-16 LE, column "Column 2"). Line numbers are the file\'s row numbers.'
    )
  })
})
