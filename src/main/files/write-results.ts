import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { ExportFormat } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import { writeFileAtomic } from './atomic-write'
import { csvField } from './delimited-text'
import { RESULT_COLUMNS, TEXT_ID_COLUMNS, type ResultColumn, type ResultRow } from './result-rows'

const BOM = '\uFEFF'
const CRLF = '\r\n'
/** Characters that make Excel, LibreOffice or Sheets read a CSV cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/
const WIDTH_SAMPLE_ROWS = 1000

/** The export format a save path asks for, by its extension. */
export function formatFromPath(path: string): ExportFormat {
  const match = /\.([^./\\]+)$/.exec(path)
  const extension = match?.[1]?.toLowerCase()
  if (extension === 'csv' || extension === 'xlsx' || extension === 'json') return extension
  throw new AppError('invalid_input', `${path} does not end in .csv, .xlsx or .json; choose one of those so the format is clear.`)
}

/** Writes the rows in one go through a temporary file, so a crash never leaves half an export. */
export async function writeResults(path: string, format: ExportFormat, rows: readonly ResultRow[]): Promise<void> {
  const data = format === 'csv' ? toCsv(rows) : format === 'json' ? toJson(rows) : await toXlsx(rows)
  await writeFileAtomic(path, data)
}

/**
 * RFC 4180 with CRLF and a UTF-8 BOM (so Excel picks UTF-8). Text cells that a spreadsheet would
 * run as a formula get a leading apostrophe; numbers are written as they are.
 */
export function toCsv(rows: readonly ResultRow[]): string {
  const lines: string[] = [RESULT_COLUMNS.join(',')]
  for (const row of rows) {
    lines.push(RESULT_COLUMNS.map((column) => csvCell(row[column])).join(','))
  }
  return BOM + lines.join(CRLF) + CRLF
}

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

function csvCell(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  return csvField(neutralizeFormula(value))
}

function toJson(rows: readonly ResultRow[]): string {
  return `${JSON.stringify(rows, RESULT_COLUMNS as unknown as string[], 2)}\n`
}

/**
 * Identifiers are text cells so leading zeros survive; counts are numbers so they sum. Values are
 * only ever plain strings and numbers, never formula objects, so nothing in an export can execute.
 */
async function toXlsx(rows: readonly ResultRow[]): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve)
    stream.on('error', reject)
  })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Results', {
    views: [{ state: 'frozen', ySplit: 1 }]
  })
  sheet.columns = RESULT_COLUMNS.map((column) => ({
    key: column,
    width: columnWidth(column, rows),
    ...(TEXT_ID_COLUMNS.has(column) ? { style: { numFmt: '@' } } : {})
  }))
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: RESULT_COLUMNS.length } }

  const header = sheet.addRow([...RESULT_COLUMNS])
  header.font = { bold: true }
  header.commit()
  for (const row of rows) {
    const values = RESULT_COLUMNS.map((column) => xlsxValue(column, row[column]))
    sheet.addRow(values).commit()
  }
  sheet.commit()
  await workbook.commit()
  await finished
  return Buffer.concat(chunks)
}

function xlsxValue(column: ResultColumn, value: string | number | null): string | number | null {
  if (value === null) return null
  if (TEXT_ID_COLUMNS.has(column)) return String(value)
  return value
}

function columnWidth(column: ResultColumn, rows: readonly ResultRow[]): number {
  let widest = column.length
  const limit = Math.min(rows.length, WIDTH_SAMPLE_ROWS)
  for (let i = 0; i < limit; i++) {
    const value = rows[i]?.[column]
    if (value !== null && value !== undefined) widest = Math.max(widest, String(value).length)
  }
  return Math.min(60, Math.max(8, widest + 2))
}
