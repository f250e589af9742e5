import { cellText, COLUMN_NAMES, type ColumnKey, type ResultRow } from './result-row'

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One clipboard cell. Tabs and line breaks would split the cell, so they become spaces; text a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`) gets a leading apostrophe, as in the CSV export.
 */
export function clipboardCell(text: string): string {
  const flat = text.replace(/[\t\r\n]+/g, ' ')
  return FORMULA_START.test(flat) && !PLAIN_NUMBER.test(flat) ? `'${flat}` : flat
}

export function rowsToTsv(rows: readonly ResultRow[], columns: readonly ColumnKey[]): string {
  const lines = [columns.map((column) => clipboardCell(COLUMN_NAMES[column])).join('\t')]
  for (const row of rows) lines.push(columns.map((column) => clipboardCell(cellText(row, column))).join('\t'))
  return lines.join('\r\n')
}
