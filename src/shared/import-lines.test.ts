import { describe, expect, it } from 'vitest'
import type { ImportTable } from './contract'
import { linesFromColumn } from './import-lines'

/** A table as main reads it, with just the rows that matter here. */
function tableOf(rows: ImportTable['rows']): ImportTable {
  const columns = [0, 1].map((index) => ({ index, name: `Column ${index + 1}`, samples: [] }))
  return { fileName: 'items.txt', format: 'txt', encoding: 'utf-8', hasHeader: false, columns, suggestedColumn: 1, rows }
}

const table = tableOf([
  { line: 2, cells: ['Soap', ' 00012345678905 '] },
  { line: 3, cells: ['Empty', '   '] },
  { line: 5, cells: ['Short row'] },
  { line: 6, cells: ['Tea', '4006381333931'] }
])

describe('values of an imported column', () => {
  it("keep the file's row numbers, trimmed, and leave out blank and missing cells", () => {
    expect(linesFromColumn(table, 1)).toEqual([
      { line: 2, input: '00012345678905' },
      { line: 6, input: '4006381333931' }
    ])
    expect(linesFromColumn(table, 0).map((value) => value.line)).toEqual([2, 3, 5, 6])
  })
})
