import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { parseDelimited } from './delimited-text'
import { RESULT_COLUMNS, type ResultRow } from './result-rows'
import { formatFromPath, neutralizeFormula, writeResults } from './write-results'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-results-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function row(overrides: Partial<ResultRow> = {}): ResultRow {
  return {
    line: 2,
    input: '012345678905',
    value: '00012345678905',
    status: 'found',
    store_nbr: 1234,
    gtin: '00012345678905',
    wm_item_number: '001234567',
    location_area: 'backroom',
    state: 'available',
    quantity: 2.5,
    total_quantity: 7,
    supplier_name: 'Acme, "Best" Foods\nLtd',
    note: 'padded to 14 digits',
    error: null,
    ...overrides
  }
}

const ROWS: ResultRow[] = [
  row(),
  row({ line: 3, input: '=HYPERLINK("http://evil")', value: null, status: 'invalid', store_nbr: 1234, gtin: null, wm_item_number: null, location_area: null, state: null, quantity: null, total_quantity: null, supplier_name: null, note: null, error: 'contains characters other than digits' }),
  row({ line: 4, input: '+1', supplier_name: '-minus', note: '@at', error: '\tTab', location_area: '\rcr', state: 'ok' }),
  row({ line: 5, quantity: -3, total_quantity: 0, supplier_name: 'Ünïcødé 東京' })
]

function csvText(row: ResultRow): string[] {
  return RESULT_COLUMNS.map((column) => {
    const value = row[column]
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
  it('writes a UTF-8 BOM, CRLF records and every cell back as written', async () => {
    const path = join(dir, 'out.csv')
    await writeResults(path, 'csv', ROWS)
    const bytes = await readFile(path)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.startsWith(`${RESULT_COLUMNS.join(',')}\r\n`)).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    const records = parseDelimited(text.slice(0, -2), ',')
    expect(records[0]?.cells).toEqual([...RESULT_COLUMNS])
    expect(records.slice(1).map((record) => record.cells)).toEqual(ROWS.map(csvText))
  })

  it('neutralises formula starts in text cells but leaves numbers alone', async () => {
    const path = join(dir, 'out.csv')
    await writeResults(path, 'csv', ROWS)
    const records = parseDelimited((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''), ',')
    const byName = (index: number) => Object.fromEntries(RESULT_COLUMNS.map((column, i) => [column, records[index]?.cells[i]]))
    expect(byName(2).input).toBe('\'=HYPERLINK("http://evil")')
    expect(byName(3)).toMatchObject({ input: "'+1", supplier_name: "'-minus", note: "'@at", error: "'\tTab", location_area: "'\rcr" })
    expect(byName(4)).toMatchObject({ quantity: '-3', total_quantity: '0' })
  })
})

describe('writeResults xlsx', () => {
  it('round-trips cell by cell: identifiers as text with leading zeros, counts as numbers, no formulas', async () => {
    const path = join(dir, 'out.xlsx')
    await writeResults(path, 'xlsx', ROWS)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(path)
    const sheet = workbook.worksheets[0]
    if (sheet === undefined) throw new Error('no sheet')
    expect(sheet.getRow(1).values).toEqual([undefined, ...RESULT_COLUMNS])
    expect(sheet.getRow(1).font?.bold ?? sheet.getCell('A1').font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    // Read back, the filter spans the header row, from the first column to the last.
    expect(sheet.autoFilter).toBe(`A1:${String.fromCharCode(64 + RESULT_COLUMNS.length)}1`)
    ROWS.forEach((expected, index) => {
      const cells = sheet.getRow(index + 2)
      RESULT_COLUMNS.forEach((column, columnIndex) => {
        const cell = cells.getCell(columnIndex + 1)
        expect(cell.formula, `${column} of row ${index + 2}`).toBeFalsy()
        // XML turns a bare CR into LF when the file is read; that is the format, not the writer.
        const raw = expected[column]
        const value = typeof raw === 'string' ? raw.replaceAll('\r', '\n') : raw
        expect(cell.value ?? null, `${column} of row ${index + 2}`).toEqual(value)
      })
    })
    expect(sheet.getCell('B2').value).toBe('012345678905')
    expect(sheet.getCell('F2').value).toBe('00012345678905')
    expect(sheet.getCell('G2').value).toBe('001234567')
    expect(typeof sheet.getCell('J2').value).toBe('number')
    // Text format too, so a value retyped in Excel keeps its leading zeros.
    for (const address of ['B2', 'C2', 'F2', 'G2']) expect(sheet.getCell(address).numFmt).toBe('@')
    expect(sheet.getCell('J2').numFmt).toBeFalsy()
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(8)
  })
})

describe('writeResults json', () => {
  it('writes a pretty array of row objects with the columns in order', async () => {
    const path = join(dir, 'out.json')
    await writeResults(path, 'json', ROWS)
    const text = await readFile(path, 'utf8')
    expect(text).toContain('\n  {\n    "line": 2,')
    const parsed = JSON.parse(text) as ResultRow[]
    expect(parsed).toEqual(ROWS)
    expect(Object.keys(parsed[0] ?? {})).toEqual([...RESULT_COLUMNS])
  })
})

describe('writeResults atomicity and size', () => {
  it('leaves only the target file behind, replacing an older one', async () => {
    const path = join(dir, 'out.csv')
    await writeResults(path, 'json', ROWS)
    await writeResults(path, 'csv', ROWS.slice(0, 1))
    expect(await readdir(dir)).toEqual(['out.csv'])
    expect((await readFile(path, 'utf8')).split('\r\n')).toHaveLength(3)
  })

  it('fails without leaving a temporary file when the folder does not exist', async () => {
    await expect(writeResults(join(dir, 'missing', 'out.csv'), 'csv', ROWS)).rejects.toThrow()
    expect(await readdir(dir)).toEqual([])
  })

  it('writes 100,000 rows in every format within a few seconds', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => row({ line: i + 2, input: String(i).padStart(12, '0') }))
    for (const format of ['csv', 'json', 'xlsx'] as const) {
      const started = performance.now()
      await writeResults(join(dir, `big.${format}`), format, many)
      const seconds = (performance.now() - started) / 1000
      // exceljs needs ~5 s for 1.4 million cells on an idle core; the bound leaves room for a busy CI machine.
      expect(seconds, `${format} took ${seconds.toFixed(1)} s`).toBeLessThan(format === 'xlsx' ? 20 : 4)
    }
    const csv = await readFile(join(dir, 'big.csv'), 'utf8')
    expect(csv.split('\r\n')).toHaveLength(100_002)
  }, 60_000)
})
