import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import type { ExportFormat } from '../../../shared/contract'
import { CSV_SEPARATOR_CHARS, type CsvSeparator } from '../../../shared/export/csv-separator'
import type { ExportCell, ExportSheet } from '../../../shared/export/export-sheet'
import { PRIVATE_FILE_MODE } from '../private-files'
import { tempPathFor } from '../temp-files'
import { XlsxWriter, type XlsxSheetWriter } from './xlsx-writer'

/**
 * One export being written: sheets arrive in chunks of rows (the same sheets each time, with the next
 * rows), go to a temporary file beside the target, and only `finish` puts the file in place, after
 * it is flushed to disk. A crash, a full disk or `abort` leaves the old file, never half a new one.
 * XLSX holds every sheet; CSV and JSON hold the first (the view on screen). Numbers are written
 * plain (no grouping, a decimal point) in every format, whatever the screen's locale.
 */
export interface ExportWriter {
  readonly tempPath: string
  add(sheets: readonly ExportSheet[]): void
  /** Returns the number of rows in the first sheet: what the user sees reported as saved. */
  finish(): { rows: number }
  abort(): void
}

const BOM = '\uFEFF'
const CRLF = '\r\n'
/** Characters that make Excel, LibreOffice or Sheets read a CSV cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/
const FLUSH_CHARS = 1 << 20

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** One CSV field: quoted only when it holds a quote, the separator or a line break. */
export function csvField(value: string, separator: ',' | ';' = ','): string {
  return /["\r\n]/.test(value) || value.includes(separator) ? `"${value.replaceAll('"', '""')}"` : value
}

function csvCell(value: ExportCell, separator: ',' | ';'): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  return csvField(neutralizeFormula(value), separator)
}

export interface ExportWriterOptions {
  tempPath?: string
  /** For a CSV: the field separator (a comma unless said). */
  csvSeparator?: CsvSeparator
}

export function openExportWriter(path: string, format: ExportFormat, options: ExportWriterOptions = {}): ExportWriter {
  const tempPath = options.tempPath ?? tempPathFor(path)
  const separator = CSV_SEPARATOR_CHARS[options.csvSeparator ?? 'comma']
  const csvRow = (cells: readonly ExportCell[]) => cells.map((cell) => csvCell(cell, separator)).join(separator) + CRLF
  const fd = openSync(tempPath, 'w', PRIVATE_FILE_MODE)
  let rows = 0
  let buffered: string[] = []
  let bufferedChars = 0
  let done = false
  let first: ExportSheet | null = null
  let xlsx: { workbook: XlsxWriter; sheets: XlsxSheetWriter[] } | null = null

  const flush = () => {
    if (buffered.length === 0) return
    const data = Buffer.from(buffered.join(''), 'utf8')
    buffered = []
    bufferedChars = 0
    let written = 0
    while (written < data.length) written += writeSync(fd, data, written, data.length - written)
  }
  const text = (piece: string) => {
    buffered.push(piece)
    bufferedChars += piece.length
    if (bufferedChars >= FLUSH_CHARS) flush()
  }

  function begin(sheets: readonly ExportSheet[]): void {
    const [sheet] = sheets
    if (sheet === undefined) throw new Error('an export needs at least one sheet')
    first = sheet
    if (format === 'csv') text(BOM + csvRow(sheet.columns.map((column) => column.label)))
    else if (format === 'json') text('[')
    else {
      const workbook = new XlsxWriter()
      xlsx = { workbook, sheets: sheets.map((each) => workbook.sheet(each.name, each.columns)) }
    }
  }

  function fail(error: unknown): never {
    abort()
    throw error
  }

  function abort(): void {
    if (done) return
    done = true
    try {
      closeSync(fd)
    } finally {
      rmSync(tempPath, { force: true })
    }
  }

  return {
    tempPath,
    add(sheets) {
      if (done) throw new Error('the export is already finished')
      try {
        if (first === null) begin(sheets)
        const sheet = sheets[0]
        if (sheet === undefined) return
        if (format === 'csv') {
          for (const row of sheet.rows) text(csvRow(row))
        } else if (format === 'json') {
          const labels = (first ?? sheet).columns.map((column) => column.label)
          for (const row of sheet.rows) {
            const record = Object.fromEntries(labels.map((label, index) => [label, row[index] ?? null]))
            text(`${rows === 0 ? '' : ','}\n  ${JSON.stringify(record, null, 2).replaceAll('\n', '\n  ')}`)
            rows += 1
          }
          return
        } else if (xlsx !== null) {
          const writers = xlsx.sheets
          sheets.forEach((each, index) => writers[index]?.addRows(each.rows, fillsByRow(each)))
        }
        rows += sheet.rows.length
      } catch (error) {
        fail(error)
      }
    },
    finish() {
      if (done) throw new Error('the export is already finished')
      try {
        if (first === null) throw new Error('there was nothing to export')
        if (format === 'json') text(rows === 0 ? ']\n' : '\n]\n')
        flush()
        if (xlsx !== null) {
          for (const sheet of xlsx.sheets) sheet.end()
          xlsx.workbook.writeTo(fd)
        }
        fsyncSync(fd)
        closeSync(fd)
        done = true
        renameSync(tempPath, path)
        return { rows }
      } catch (error) {
        if (done) rmSync(tempPath, { force: true })
        return fail(error)
      }
    },
    abort
  }
}

/** Each row's fill colours by column, from the sheet's per-column lists. */
function fillsByRow(sheet: ExportSheet): (ReadonlyMap<number, string> | null)[] | undefined {
  if (sheet.fills === undefined || sheet.fills.length === 0) return undefined
  return sheet.rows.map((_, row) => {
    let colors: Map<number, string> | null = null
    for (const fill of sheet.fills ?? []) {
      const argb = fill.colors[row]
      if (argb != null) (colors ??= new Map()).set(fill.column, argb)
    }
    return colors
  })
}
