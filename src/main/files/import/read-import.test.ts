import { randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/domain/app-error'
import { readImport } from './read-import'

const utf8 = (text: string) => new TextEncoder().encode(text)

function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2)
  bytes.set(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff])
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const [first, second] = endian === 'le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff]
    bytes[2 + i * 2] = first
    bytes[3 + i * 2] = second
  }
  return bytes
}

/** Latin-1 covers the characters these fixtures use, and Windows-1252 agrees with it there. */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0)
    if (code > 0xff) throw new Error(`fixture character ${char} is not in Latin-1`)
    return code
  })
}

async function workbook(build: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook()
  build(book.addWorksheet('Items'))
  book.addWorksheet('Other').addRow(['ignored'])
  return new Uint8Array(await book.xlsx.writeBuffer())
}

async function read(fileName: string, bytes: Uint8Array) {
  const { table, ...file } = await readImport(fileName, bytes)
  return { ...file, ...table.shape, rows: table.rows() }
}

async function unreadable(fileName: string, bytes: Uint8Array): Promise<AppError> {
  const error = await readImport(fileName, bytes).then(
    () => null,
    (caught: unknown) => caught
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).code).toBe('file_unreadable')
  return error as AppError
}

describe('readImportFile: CSV and friends', () => {
  it('reads a CSV with a header and several columns, suggesting the GTIN column', async () => {
    const table = await read('list.csv', utf8('Name,Store,GTIN,Qty\r\nSoap,12,00012345678905,3\r\nMilk,12,0614141000036,1\r\n'))
    expect(table).toMatchObject({ format: 'csv', encoding: 'utf-8', hasHeader: true, suggestedColumn: 2 })
    expect(table.columns.map((column) => column.name)).toEqual(['Name', 'Store', 'GTIN', 'Qty'])
    expect(table.columns[2]?.samples).toEqual(['00012345678905', '0614141000036'])
    expect(table.rows).toEqual([
      { line: 2, cells: ['Soap', '12', '00012345678905', '3'] },
      { line: 3, cells: ['Milk', '12', '0614141000036', '1'] }
    ])
  })

  it('sniffs semicolons, the delimiter of European Excel', async () => {
    const table = await read('list.csv', utf8('Artikel;EAN;Menge\n"Käse; alt";4006381333931;2,5\nBrot;4006381333948;1\n'))
    expect(table).toMatchObject({ hasHeader: true, suggestedColumn: 1 })
    expect(table.rows[0]?.cells).toEqual(['Käse; alt', '4006381333931', '2,5'])
  })

  it('reads TSV, and prefers an item-number header over "value"', async () => {
    const table = await read('list.tsv', utf8('value\tItem Nbr\n1\t123456789\n2\t987654321\n'))
    expect(table).toMatchObject({ format: 'tsv', hasHeader: true, suggestedColumn: 1 })
    expect(table.rows[1]).toEqual({ line: 3, cells: ['2', '987654321'] })
  })

  it('reads TXT as one value per line, keeping line numbers across blank lines', async () => {
    const table = await read('scan.txt', utf8('00012345678905\n\n  614141000036  \n7.61E+12\n\n'))
    expect(table).toMatchObject({ format: 'txt', hasHeader: false, suggestedColumn: 0 })
    expect(table.columns).toHaveLength(1)
    expect(table.rows).toEqual([
      { line: 1, cells: ['00012345678905'] },
      { line: 3, cells: ['  614141000036  '] },
      { line: 4, cells: ['7.61E+12'] }
    ])
  })

  it('splits a TXT that is clearly delimited, and sees a text first line over numbers as a header', async () => {
    const table = await read('export.txt', utf8('Description,Code\nA, 00012345678905\nB, 00614141000036\n'))
    expect(table).toMatchObject({ format: 'txt', hasHeader: true, suggestedColumn: 1 })
    expect(table.rows[0]?.cells).toEqual(['A', ' 00012345678905'])
  })

  it('unwraps quoted values in a one-value-per-line TXT', async () => {
    const table = await read('quoted.txt', utf8('"00012345678905"\n"0614141000036"\n'))
    expect(table.rows.map((row) => row.cells)).toEqual([['00012345678905'], ['0614141000036']])
  })

  it('recognises headers that name a GTIN or an item number among other words', async () => {
    const table = await read('words.csv', utf8('Item Description,Product GTIN-14\nSoap,00012345678905\n'))
    expect(table).toMatchObject({ hasHeader: true, suggestedColumn: 1 })
    const items = await read('items.csv', utf8('Item Description,Walmart Item #\nSoap,555000111\n'))
    expect(items).toMatchObject({ hasHeader: true, suggestedColumn: 1 })
  })

  it('treats a single text line above numbers as a header, and plain numbers as data', async () => {
    expect((await read('a.txt', utf8('My list\n123\n456\n'))).hasHeader).toBe(true)
    expect((await read('b.txt', utf8('123\n456\n'))).hasHeader).toBe(false)
    expect((await read('c.csv', utf8('Soap,Milk\nBread,Eggs\n'))).hasHeader).toBe(false)
  })

  it('keeps quoted fields with embedded newlines, delimiters and doubled quotes, numbering rows as records', async () => {
    const text = 'gtin,comment\r\n00012345678905,"two\r\nlines, and ""quotes"""\r\n00614141000036,plain\r\n'
    const table = await read('q.csv', utf8(text))
    expect(table.rows).toEqual([
      { line: 2, cells: ['00012345678905', 'two\r\nlines, and "quotes"'] },
      { line: 3, cells: ['00614141000036', 'plain'] }
    ])
  })

  it('strips a UTF-8 BOM so the header still matches', async () => {
    const table = await read('bom.csv', utf8('\uFEFFUPC,Name\n012345678905,Crème\n'))
    expect(table).toMatchObject({ encoding: 'utf-8-bom', hasHeader: true, suggestedColumn: 0 })
    expect(table.columns[0]?.name).toBe('UPC')
    expect(table.rows[0]?.cells).toEqual(['012345678905', 'Crème'])
  })

  it.each(['le', 'be'] as const)('decodes UTF-16 %s with a BOM', async (endian) => {
    const table = await read('u16.txt', utf16('EAN\tName\r\n4006381333931\tGrüße 東京\r\n', endian))
    expect(table).toMatchObject({ encoding: `utf-16${endian}`, format: 'txt', hasHeader: true, suggestedColumn: 0 })
    expect(table.rows[0]?.cells).toEqual(['4006381333931', 'Grüße 東京'])
  })

  it('falls back to Windows-1252 when the bytes are not UTF-8', async () => {
    const table = await read('legacy.csv', windows1252('Désignation;GTIN\r\nCafé crème;00012345678905\r\nMüsli;00614141000036\r\n'))
    expect(table).toMatchObject({ encoding: 'windows-1252', hasHeader: true, suggestedColumn: 1 })
    expect(table.columns[0]?.name).toBe('Désignation')
    expect(table.rows.map((row) => row.cells[0])).toEqual(['Café crème', 'Müsli'])
  })

  it('suggests the column of GTIN-like values when no header names it', async () => {
    const table = await read('nohdr.csv', utf8('Soap,12,00012345678905\nMilk,12,0614141000036\nTea,12,\n'))
    expect(table).toMatchObject({ hasHeader: false, suggestedColumn: 2 })
    expect(table.columns.map((column) => column.name)).toEqual(['Column A', 'Column B', 'Column C'])
  })

  it('refuses empty files, header-only files, binary data and more than 200,000 rows with a sentence', async () => {
    expect((await unreadable('empty.csv', new Uint8Array())).message).toMatch(/empty/)
    expect((await unreadable('blank.txt', utf8('\r\n \r\n\r\n'))).message).toMatch(/empty/)
    expect((await unreadable('header.csv', utf8('gtin\n'))).message).toMatch(/no values/)
    expect((await unreadable('binary.csv', Uint8Array.of(1, 0, 2, 0, 3))).message).toMatch(/text file/)
    const big = `gtin\n${'00012345678905\n'.repeat(200_001)}`
    expect((await unreadable('big.csv', utf8(big))).message).toMatch(/more than 200,000 rows.*200,000.*Split/)
  })

  it('reads 200,000 rows, the most one lookup takes', async () => {
    const table = await read('max.csv', utf8(`gtin,name\n${'00012345678905,"Soap, 100g"\n'.repeat(200_000)}`))
    expect(table.rows).toHaveLength(200_000)
    expect(table.rows.at(-1)?.line).toBe(200_001)
  })
})

describe('readImportFile: XLSX', () => {
  it('reads the first sheet: numeric GTINs in plain digits, formulas as results, rich text, dates, sheet row numbers', async () => {
    const bytes = await workbook((sheet) => {
      sheet.addRow(['Item', 'GTIN', 'Note', 'Checked'])
      sheet.addRow([
        'Soap',
        12345678905,
        { richText: [{ text: 'very ' }, { text: 'good', font: { bold: true } }] },
        new Date(Date.UTC(2024, 4, 31))
      ])
      sheet.addRow([])
      sheet.addRow(['Milk', 614141000036, { formula: 'A2&"!"', result: 'Soap!' }, true])
      sheet.addRow(['Text id', '00012345678905', { formula: '1+1', result: 2 }, 0.1 + 0.2])
      sheet.getCell('B7').value = 40063813339310
      sheet.getCell('A7').value = 'Large'
      sheet.addRow([])
    })
    const table = await read('book.xlsx', bytes)
    expect(table).toMatchObject({ format: 'xlsx', encoding: null, hasHeader: true, suggestedColumn: 1 })
    expect(table.rows).toEqual([
      { line: 2, cells: ['Soap', '12345678905', 'very good', '2024-05-31'] },
      { line: 4, cells: ['Milk', '614141000036', 'Soap!', 'TRUE'] },
      { line: 5, cells: ['Text id', '00012345678905', '2', '0.3'] },
      { line: 7, cells: ['Large', '40063813339310'] }
    ])
  })

  it('opens a workbook whatever its extension says, and explains an old .xls', async () => {
    const bytes = await workbook((sheet) => sheet.addRows([[12345678905], [614141000036]]))
    const table = await read('renamed.csv', bytes)
    expect(table).toMatchObject({ format: 'xlsx', hasHeader: false })
    const xls = Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0)
    expect((await unreadable('old.xls', xls)).message).toMatch(/\.xls.*Save it as \.xlsx or CSV/)
  })

  it('refuses a corrupt workbook with a sentence, never a crash', async () => {
    expect((await unreadable('random.xlsx', randomBytes(4096))).message).toMatch(/not a valid Excel workbook/)
    const truncatedZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...randomBytes(2000)])
    expect((await unreadable('damaged.xlsx', truncatedZip)).message).toMatch(/could not be read as an Excel workbook/)
    const book = new ExcelJS.Workbook()
    const noSheets = new Uint8Array(await book.xlsx.writeBuffer())
    expect((await unreadable('no-sheets.xlsx', noSheets)).message).toMatch(/could not be read as an Excel workbook/)
    const real = await workbook((sheet) => sheet.addRow(['gtin']))
    expect((await unreadable('cut.xlsx', real.subarray(0, Math.floor(real.length / 2)))).message).toMatch(/damaged/)
  })

  it('refuses a workbook whose first sheet is empty', async () => {
    const bytes = await workbook(() => undefined)
    expect((await unreadable('blank.xlsx', bytes)).message).toMatch(/empty/)
  })
})
