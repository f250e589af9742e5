import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import { readImport } from '../import/read-import'
import { openExportWriter } from './export-writer'
import { describeWriteFailure } from './write-failure'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-writer-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const COLUMNS: ExportSheet['columns'] = [
  { label: 'Stock status', kind: 'text' },
  { label: 'GTIN', kind: 'id' },
  { label: 'Description', kind: 'text' },
  { label: 'On hand', kind: 'number' }
]
const ROWS = Array.from({ length: 25 }, (_, index) => [
  index % 2 === 0 ? 'In stock' : 'Out of stock',
  String(index).padStart(14, '0'),
  index === 3 ? 'Tab\there, <b>&amp; "quotes"\u0001 _x0041_ 東京' : `Item ${index}`,
  index % 2 === 0 ? index + 0.5 : 0
])
const FILLS = ROWS.map((row) => (row[0] === 'In stock' ? 'FFD7F0DD' : 'FFF4C7C3'))

function sheets(from: number, to: number): ExportSheet[] {
  return [
    { name: 'Items', columns: COLUMNS, rows: ROWS.slice(from, to), fills: [{ column: 0, colors: FILLS.slice(from, to) }] },
    { name: 'Locations', columns: COLUMNS.slice(1, 2), rows: ROWS.slice(from, to).map((row) => [row[1] ?? null]) }
  ]
}

function write(path: string, format: 'csv' | 'json' | 'xlsx', chunk: number): { rows: number } {
  const writer = openExportWriter(path, format)
  for (let start = 0; start < ROWS.length; start += chunk) writer.add(sheets(start, start + chunk))
  return writer.finish()
}

describe('export writer', () => {
  it.each(['csv', 'json'] as const)('writes the same %s whether the rows arrive at once or in chunks', async (format) => {
    expect(write(join(dir, `whole.${format}`), format, ROWS.length)).toEqual({ rows: 25 })
    expect(write(join(dir, `chunked.${format}`), format, 4)).toEqual({ rows: 25 })
    expect(await readFile(join(dir, `chunked.${format}`), 'utf8')).toBe(await readFile(join(dir, `whole.${format}`), 'utf8'))
  })

  it('writes JSON exactly as JSON.stringify lays out the records', async () => {
    write(join(dir, 'out.json'), 'json', 7)
    const labels = COLUMNS.map((column) => column.label)
    const records = ROWS.map((row) => Object.fromEntries(labels.map((label, index) => [label, row[index]])))
    expect(await readFile(join(dir, 'out.json'), 'utf8')).toBe(`${JSON.stringify(records, null, 2)}\n`)
  })

  it('writes an XLSX in chunks that Excel readers and the app read back cell by cell', async () => {
    const path = join(dir, 'out.xlsx')
    write(path, 'xlsx', 4)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(path)
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['Items', 26],
      ['Locations', 26]
    ])
    const items = workbook.worksheets[0]
    ROWS.forEach((row, index) => {
      // exceljs leaves Excel's _xHHHH_ escapes as they are; Excel and the app's reader turn them back.
      if (index !== 3) expect(items?.getRow(index + 2).values).toEqual([undefined, ...row])
      const fill = items?.getCell(`A${index + 2}`).fill
      expect(fill?.type === 'pattern' ? fill.fgColor?.argb : null).toBe(FILLS[index])
    })
    const { table } = await readImport('out.xlsx', await readFile(path))
    expect(table.rows()).toEqual(
      ROWS.map((row, index) => ({ line: index + 2, cells: row.map((cell) => (typeof cell === 'number' ? String(cell) : cell)) }))
    )
  })

  it('writes a percent column as numbers an XLSX shows with " %" after them, filled or not, and plain numbers in a CSV', async () => {
    const rates: ExportSheet = {
      name: 'Stores',
      columns: [
        { label: 'Store', kind: 'number' },
        { label: 'In-stock rate', kind: 'percent' }
      ],
      rows: [
        [1234, 80],
        [2001, 50.5],
        [3050, null]
      ],
      fills: [{ column: 1, colors: ['FFD7F0DD', null, null] }]
    }
    for (const format of ['xlsx', 'csv'] as const) {
      const writer = openExportWriter(join(dir, `rates.${format}`), format)
      writer.add([rates])
      writer.finish()
    }
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(join(dir, 'rates.xlsx'))
    const sheet = workbook.worksheets[0]
    expect([2, 3].map((row) => [sheet?.getCell(`B${row}`).value, sheet?.getCell(`B${row}`).numFmt])).toEqual([
      [80, 'General" %"'],
      [50.5, 'General" %"']
    ])
    expect(sheet?.getCell('A2').numFmt).toBeUndefined()
    const fill = sheet?.getCell('B2').fill
    expect(fill?.type === 'pattern' ? fill.fgColor?.argb : null).toBe('FFD7F0DD')
    expect(await readFile(join(dir, 'rates.csv'), 'utf8')).toContain('1234,80')
  })

  it('separates CSV fields with the semicolon when asked, quoting the fields that hold one, and keeps numbers plain', async () => {
    const path = join(dir, 'semicolon.csv')
    const writer = openExportWriter(path, 'csv', { csvSeparator: 'semicolon' })
    writer.add([
      {
        name: 'Items',
        columns: [
          { label: 'Item; name', kind: 'text' },
          { label: 'On hand', kind: 'number' },
          { label: 'Message', kind: 'text' }
        ],
        rows: [
          ['Milk, 1 l', 1234.5, 'none'],
          ['Soap', 12, '=cmd;"x"']
        ]
      }
    ])
    writer.finish()
    expect(await readFile(path, 'utf8')).toBe('\uFEFF"Item; name";On hand;Message\r\nMilk, 1 l;1234.5;none\r\nSoap;12;"\'=cmd;""x"""\r\n')
    const { table } = await readImport('semicolon.csv', await readFile(path))
    expect(table.rows().map((row) => row.cells)).toEqual([
      ['Milk, 1 l', '1234.5', 'none'],
      ['Soap', '12', '\'=cmd;"x"']
    ])
  })

  it('leaves the old file as it was, and no temporary file, when an export is abandoned', async () => {
    const path = join(dir, 'out.csv')
    await writeFile(path, 'old export')
    const writer = openExportWriter(path, 'csv')
    writer.add(sheets(0, 10))
    writer.abort()
    expect(await readFile(path, 'utf8')).toBe('old export')
    expect(await readdir(dir)).toEqual(['out.csv'])
  })

  it('fails to open in a folder that does not exist, with the sentence for it', () => {
    const path = join(dir, 'gone', 'out.csv')
    let caught: unknown = null
    try {
      openExportWriter(path, 'csv')
    } catch (error) {
      caught = error
    }
    expect(describeWriteFailure(caught, path).message).toBe(
      `The folder ${join(dir, 'gone')} no longer exists. Choose another folder and export again.`
    )
  })
})

describe('a sheet longer than Excel opens', () => {
  it('is refused with a sentence naming the sheet, and leaves no file', async () => {
    const path = join(dir, 'huge.xlsx')
    const writer = openExportWriter(path, 'xlsx')
    const rows = Array.from({ length: 100_000 }, (_, index) => [index])
    const sheetOf = (name: string) => ({ name, columns: [{ label: 'Line', kind: 'number' as const }], rows })
    let caught: unknown = null
    try {
      for (let chunk = 0; chunk < 11; chunk++) writer.add([sheetOf('Items'), sheetOf('Locations')])
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({
      code: 'file_write_failed',
      message: 'The Items sheet would have more than 1,048,576 rows, the most Excel opens. Export fewer lines, or export as CSV.'
    })
    expect(await readdir(dir)).toEqual([])
  }, 60_000)
})

describe('write failures', () => {
  const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code })
  it('say disk full and permission denied each in their own sentence', () => {
    const path = '/media/usb/results.xlsx'
    expect(describeWriteFailure(errno('ENOSPC'), path).message).toBe(
      'The disk is full, so results.xlsx could not be saved. Free some space on it, or choose a folder on another drive, and export again.'
    )
    expect(describeWriteFailure(errno('EACCES'), path).message).toBe(
      'The app is not allowed to write in /media/usb (permission denied). Choose another folder, such as Documents, and export again.'
    )
    expect(describeWriteFailure(errno('EPERM'), path).message).toMatch(/permission denied/)
    expect(describeWriteFailure(errno('EBUSY'), path).message).toMatch(/open in another program/)
    expect(describeWriteFailure(errno('EIO'), path)).toMatchObject({
      code: 'file_write_failed',
      message: expect.stringMatching(/could not be saved/)
    })
  })
})
