import { DatabaseSync } from 'node:sqlite'
import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import {
  cellsOfRow,
  createCarriedSliceReads,
  createCarriedSliceWrites,
  decodeSlice,
  encodeSlice,
  firstCellOf,
  legacyRow,
  type CarriedRow
} from './carried-slices'
import { migrate } from './history-schema'

const AWKWARD = ['tab\there', 'say "hi"', 'line one\nline two', 'crlf\r\n', 'Ünïcödé ✓ 漢字 🍎', '', '1,2,3', '12,34', '\\', '']

function row(line: number, width: number): CarriedRow {
  return { line, text: Array.from({ length: width }, (_, column) => AWKWARD[(line + column) % AWKWARD.length] ?? '').join(CELL_SEPARATOR) }
}

describe('a slice of carried rows', () => {
  it('gives back every row exactly, whatever its cells hold', () => {
    const rows = [row(2, 5), { line: 3, text: '' }, row(7, 1), { line: 1_000_000, text: `${CELL_SEPARATOR}${CELL_SEPARATOR}` }]
    const decoded = decodeSlice(encodeSlice(rows))
    expect([...decoded]).toEqual(rows.map(({ line, text }) => [line, text]))
    expect(cellsOfRow(decoded.get(1_000_000), 4)).toEqual(['', '', '', ''])
    expect(cellsOfRow(decoded.get(2), 7)).toEqual([...(decoded.get(2)?.split(CELL_SEPARATOR) ?? []), '', ''])
    expect(cellsOfRow(null, 2)).toEqual(['', ''])
  })

  it('is refused when damaged rather than read wrong', () => {
    expect(() => decodeSlice(deflateRawSync(Buffer.from('2,99,cut short')))).toThrow('damaged')
    expect(() => decodeSlice(deflateRawSync(Buffer.from('two,3,abc')))).toThrow('damaged')
    expect(() => decodeSlice(Buffer.from([1, 2, 3]))).toThrow()
  })

  it("reads a lookup stored before slices from its JSON lists, and a row's first cell without splitting it", () => {
    expect(legacyRow('["Oat milk","","6"]')).toBe(['Oat milk', '', '6'].join(CELL_SEPARATOR))
    expect(legacyRow('not json')).toBeNull()
    expect(legacyRow('[1,2]')).toBeNull()
    expect(legacyRow(null)).toBeNull()
    expect(firstCellOf(`Oat milk${CELL_SEPARATOR}6`)).toBe('Oat milk')
    expect(firstCellOf('Oat milk')).toBe('Oat milk')
  })
})

describe('carried slices in History', () => {
  it('are read back by line, in any order, across slices, with gaps for rows the file lacked', () => {
    const db = new DatabaseSync(':memory:')
    migrate(db)
    // 2,500 lines of 100 cells: several slices; every third line has no row.
    const rows: CarriedRow[] = []
    for (let line = 2; line < 2_502; line++) if (line % 3 !== 0) rows.push(row(line, 100))
    createCarriedSliceWrites(db).write(7, rows)
    createCarriedSliceWrites(db).write(8, [row(2, 3)])
    const slices = db.prepare('SELECT count(*) AS n FROM carried_slices WHERE lookup_id = 7').get() as { n: number }
    expect(slices.n).toBeGreaterThan(2)

    const reads = createCarriedSliceReads(db)
    const byLine = new Map(rows.map(({ line, text }) => [line, text]))
    const read = reads.reader(7)
    const lines = Array.from({ length: 2_520 }, (_, index) => index)
    for (const line of [...lines, ...lines.reverse()]) expect(read(line)).toBe(byLine.get(line) ?? null)
    expect([...reads.rows(7)]).toEqual(rows)
    expect(reads.reader(8)(2)).toBe(row(2, 3).text)
    expect(reads.reader(9)(2)).toBeNull()
  })
})
