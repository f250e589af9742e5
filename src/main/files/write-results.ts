import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { ExportFormat } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { ExportCell, ExportSheet } from '../../shared/export/export-sheet'
import { writeFileAtomic } from './atomic-write'

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

/**
 * Writes the sheets in one go through a temporary file, so a crash never leaves half an export.
 * XLSX holds every sheet; CSV and JSON hold the first (the view on screen).
 */
export async function writeResults(path: string, format: ExportFormat, sheets: readonly ExportSheet[]): Promise<void> {
  const [first] = sheets
  if (first === undefined) throw new AppError('internal', 'There was nothing to export.')
  const data = format === 'csv' ? toCsv(first) : format === 'json' ? toJson(first) : await toXlsx(sheets)
  await writeFileAtomic(path, data)
}

/**
 * RFC 4180 with CRLF and a UTF-8 BOM (so Excel picks UTF-8). Text cells that a spreadsheet would
 * run as a formula get a leading apostrophe; numbers are written as they are.
 */
export function toCsv(sheet: ExportSheet): string {
  const lines: string[] = [sheet.columns.map((column) => csvCell(column.label)).join(',')]
  for (const row of sheet.rows) lines.push(row.map(csvCell).join(','))
  return BOM + lines.join(CRLF) + CRLF
}

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** One CSV field: quoted only when it holds a quote, the delimiter or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

function csvCell(value: ExportCell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  return csvField(neutralizeFormula(value))
}

/** One object per row, keyed by the column labels in screen order (labels are distinct within a view). */
function toJson(sheet: ExportSheet): string {
  const labels = sheet.columns.map((column) => column.label)
  const records = sheet.rows.map((row) => Object.fromEntries(labels.map((label, index) => [label, row[index] ?? null])))
  return `${JSON.stringify(records, null, 2)}\n`
}

/**
 * Identifiers are text cells so leading zeros survive; counts are numbers so they sum. Values are
 * only ever plain strings and numbers, never formula objects, so nothing in an export can execute.
 */
async function toXlsx(sheets: readonly ExportSheet[]): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve)
    stream.on('error', reject)
  })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  for (const sheet of sheets) addSheet(workbook, sheet)
  await workbook.commit()
  await finished
  return Buffer.concat(chunks)
}

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExportSheet): void {
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] })
  worksheet.columns = sheet.columns.map((column, index) => ({
    width: columnWidth(sheet, index),
    ...(column.kind === 'id' ? { style: { numFmt: '@' } } : {})
  }))
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, sheet.columns.length) } }

  const header = worksheet.addRow(sheet.columns.map((column) => column.label))
  header.font = { bold: true }
  header.commit()
  sheet.rows.forEach((cells, rowIndex) => {
    const row = worksheet.addRow(cells.map((value, index) => xlsxValue(sheet, index, value)))
    for (const fill of sheet.fills ?? []) {
      const argb = fill.colors[rowIndex]
      if (argb !== null && argb !== undefined) row.getCell(fill.column + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb } }
    }
    row.commit()
  })
  worksheet.commit()
}

function xlsxValue(sheet: ExportSheet, column: number, value: ExportCell): ExportCell {
  if (value === null) return null
  if (sheet.columns[column]?.kind === 'id') return String(value)
  return value
}

function columnWidth(sheet: ExportSheet, column: number): number {
  let widest = sheet.columns[column]?.label.length ?? 8
  const limit = Math.min(sheet.rows.length, WIDTH_SAMPLE_ROWS)
  for (let i = 0; i < limit; i++) {
    const value = sheet.rows[i]?.[column]
    if (value !== null && value !== undefined) widest = Math.max(widest, String(value).length)
  }
  return Math.min(60, Math.max(8, widest + 2))
}
