import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import type { ExportCell, ExportColumn, ExportSheet } from '../../shared/export/export-sheet'
import { parseDelimited } from './import/delimited-parser'
import { linesOfColumn } from '../../shared/import-lines'
import { readImport } from './import/read-import'
import { formatFromPath, neutralizeFormula, writeResults } from './write-results'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-results-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const COLUMNS: ExportColumn[] = [
  { label: 'Stock status', kind: 'text' },
  { label: 'Line', kind: 'number' },
  { label: 'Input', kind: 'id' },
  { label: 'GTIN', kind: 'id' },
  { label: 'Walmart item number', kind: 'id' },
  { label: 'Description', kind: 'text' },
  { label: 'On hand', kind: 'number' },
  { label: 'Message', kind: 'text' }
]

function row(overrides: Partial<Record<string, ExportCell>> = {}): ExportCell[] {
  const base: Record<string, ExportCell> = {
    'Stock status': 'In stock',
    Line: 2,
    Input: '012345678905',
    GTIN: '00012345678905',
    'Walmart item number': '001234567',
    Description: 'Acme, "Best" Foods\nLtd',
    'On hand': 2.5,
    Message: 'padded to 14 digits',
    ...overrides
  }
  return COLUMNS.map((column) => base[column.label] ?? null)
}

const ROWS: ExportCell[][] = [
  row(),
  row({
    'Stock status': 'Invalid',
    Line: 3,
    Input: '=HYPERLINK("http://evil")',
    GTIN: null,
    'Walmart item number': null,
    Description: null,
    'On hand': null,
    Message: 'contains characters other than digits'
  }),
  row({ Line: 4, Input: '+1', Description: '-minus', Message: '@at', GTIN: '\tTab', 'Walmart item number': '\rcr' }),
  row({ Line: 5, 'On hand': -3, Description: 'Ünïcødé 東京' })
]

const FILLS = ['FFD7F0DD', 'FFF9D6E4', null, 'FFD7F0DD']
const SHEET: ExportSheet = { name: 'Items', columns: COLUMNS, rows: ROWS, fills: [{ column: 0, colors: FILLS }] }
const SECOND: ExportSheet = {
  name: 'Locations',
  columns: [
    { label: 'Line', kind: 'number' },
    { label: 'Quantity', kind: 'number' }
  ],
  rows: [
    [2, 1.5],
    [2, 1]
  ]
}
const LABELS = COLUMNS.map((column) => column.label)

function csvText(cells: readonly ExportCell[]): string[] {
  return cells.map((value) => {
    if (value === null) return ''
    if (typeof value === 'number') return String(value)
    return neutralizeFormula(value)
  })
}

describe('formatFromPath', () => {
  it('reads the extension, whatever its case', () => {
    expect(formatFromPath('/a/b/out.CSV')).toBe('csv')
    expect(formatFromPath('C:\\x\\r.xlsx')).toBe('xlsx')
    expect(formatFromPath('r.json')).toBe('json')
  })
  it('refuses other or missing extensions with a sentence', () => {
    for (const path of ['r.txt', 'results', 'dir.csv/results']) {
      expect(() => formatFromPath(path)).toThrowError(AppError)
      try {
        formatFromPath(path)
      } catch (error) {
        expect((error as AppError).code).toBe('invalid_input')
        expect((error as AppError).message).toMatch(/\.csv, \.xlsx or \.json/)
      }
    }
  })
})

describe('neutralizeFormula', () => {
  it('prefixes text a spreadsheet would run as a formula', () => {
    expect(neutralizeFormula('=1+1')).toBe("'=1+1")
    expect(neutralizeFormula('+33')).toBe("'+33")
    expect(neutralizeFormula('-2')).toBe("'-2")
    expect(neutralizeFormula('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(neutralizeFormula('\tx')).toBe("'\tx")
    expect(neutralizeFormula('\rx')).toBe("'\rx")
    expect(neutralizeFormula('a=b')).toBe('a=b')
    expect(neutralizeFormula('')).toBe('')
  })
})

describe('writeResults csv', () => {
  it('writes a UTF-8 BOM, the labels, CRLF records and every cell back as written', async () => {
    const path = join(dir, 'out.csv')
    await writeResults(path, 'csv', [SHEET, SECOND])
    const bytes = await readFile(path)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.startsWith(`${LABELS.join(',')}\r\n`)).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    const records = parseDelimited(text.slice(0, -2), ',')
    expect(records[0]?.cells).toEqual(LABELS)
    expect(records.slice(1).map((record) => record.cells)).toEqual(ROWS.map(csvText))
  })

  it('neutralises formula starts in text cells but leaves numbers alone', async () => {
    const path = join(dir, 'out.csv')
    await writeResults(path, 'csv', [SHEET])
    const records = parseDelimited((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''), ',')
    const byName = (index: number) => Object.fromEntries(LABELS.map((label, i) => [label, records[index]?.cells[i]]))
    expect(byName(2).Input).toBe('\'=HYPERLINK("http://evil")')
    expect(byName(3)).toMatchObject({
      Input: "'+1",
      Description: "'-minus",
      Message: "'@at",
      GTIN: "'\tTab",
      'Walmart item number': "'\rcr"
    })
    expect(byName(4)).toMatchObject({ 'On hand': '-3' })
  })
})

describe('writeResults xlsx', () => {
  it('round-trips cell by cell: identifiers as text with leading zeros, counts as numbers, no formulas', async () => {
    const path = join(dir, 'out.xlsx')
    await writeResults(path, 'xlsx', [SHEET, SECOND])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(path)
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Items', 'Locations'])
    const sheet = workbook.worksheets[0]
    if (sheet === undefined) throw new Error('no sheet')
    expect(sheet.getRow(1).values).toEqual([undefined, ...LABELS])
    expect(sheet.getRow(1).font?.bold ?? sheet.getCell('A1').font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    // Read back, the filter spans the header row, from the first column to the last.
    expect(sheet.autoFilter).toBe(`A1:${String.fromCharCode(64 + LABELS.length)}1`)
    ROWS.forEach((expected, index) => {
      const cells = sheet.getRow(index + 2)
      expected.forEach((raw, columnIndex) => {
        const cell = cells.getCell(columnIndex + 1)
        expect(cell.formula, `${cell.address}`).toBeFalsy()
        // XML turns a bare CR into LF when the file is read; that is the format, not the writer.
        const value = typeof raw === 'string' ? raw.replaceAll('\r', '\n') : raw
        expect(cell.value ?? null, `${cell.address}`).toEqual(value)
      })
    })
    expect(sheet.getCell('C2').value).toBe('012345678905')
    expect(sheet.getCell('D2').value).toBe('00012345678905')
    expect(sheet.getCell('E2').value).toBe('001234567')
    expect(typeof sheet.getCell('G2').value).toBe('number')
    // Text format too, so a value retyped in Excel keeps its leading zeros.
    for (const address of ['C2', 'D2', 'E2']) expect(sheet.getCell(address).numFmt).toBe('@')
    expect(sheet.getCell('G2').numFmt).toBeFalsy()
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(8)
    const fills = FILLS.map((_, index) => {
      const fill = sheet.getCell(`A${index + 2}`).fill
      return fill?.type === 'pattern' ? (fill.fgColor?.argb ?? null) : null
    })
    expect(fills).toEqual(FILLS)
    expect(sheet.getCell('B2').fill?.type === 'pattern').toBe(false)

    const locations = workbook.worksheets[1]
    expect(locations?.getRow(1).values).toEqual([undefined, 'Line', 'Quantity'])
    expect(locations?.getRow(2).values).toEqual([undefined, 2, 1.5])
    expect(locations?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
  })
})

describe('writeResults json', () => {
  it("writes a pretty array of the first sheet's rows keyed by the labels, in column order", async () => {
    const path = join(dir, 'out.json')
    await writeResults(path, 'json', [SHEET, SECOND])
    const text = await readFile(path, 'utf8')
    expect(text).toContain('\n  {\n    "Stock status": "In stock",')
    const parsed = JSON.parse(text) as Array<Record<string, ExportCell>>
    expect(parsed.map((record) => Object.values(record))).toEqual(ROWS)
    expect(Object.keys(parsed[0] ?? {})).toEqual(LABELS)
  })
})

describe('writeResults atomicity and size', () => {
  it('leaves only the target file behind, replacing an older one', async () => {
    const path = join(dir, 'out.csv')
    await writeResults(path, 'json', [SHEET])
    await writeResults(path, 'csv', [{ ...SHEET, rows: ROWS.slice(0, 1) }])
    expect(await readdir(dir)).toEqual(['out.csv'])
    expect((await readFile(path, 'utf8')).split('\r\n')).toHaveLength(3)
  })

  it('fails without leaving a temporary file when the folder does not exist', async () => {
    await expect(writeResults(join(dir, 'missing', 'out.csv'), 'csv', [SHEET])).rejects.toThrow()
    expect(await readdir(dir)).toEqual([])
  })

  it('writes 100,000 rows in every format, every row there when read back (timings are in npm run bench:main)', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => row({ Line: i + 2, Input: String(i).padStart(12, '0') }))
    const many: ExportSheet = { ...SHEET, rows, fills: [{ column: 0, colors: rows.map(() => 'FFD7F0DD') }] }
    for (const format of ['csv', 'json', 'xlsx'] as const) await writeResults(join(dir, `big.${format}`), format, [many])
    const csv = await readFile(join(dir, 'big.csv'), 'utf8')
    expect(csv.split('\r\n')).toHaveLength(100_002)
    expect(JSON.parse(await readFile(join(dir, 'big.json'), 'utf8'))).toHaveLength(100_000)
    const { table } = await readImport('big.xlsx', await readFile(join(dir, 'big.xlsx')))
    expect(table.shape.rowCount).toBe(100_000)
    expect(linesOfColumn(table.column(LABELS.indexOf('Input'))).at(-1)?.input).toBe('000000099999')
  }, 60_000)
})
