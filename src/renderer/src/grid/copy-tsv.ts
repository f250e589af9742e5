import type { GridColumn, GridRow } from './grid-row'

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

/** The rows as the screen shows them, with a header of the column labels. */
export function rowsToTsv<Column extends GridColumn>(rows: readonly GridRow<Column>[], columns: readonly Column[]): string {
  const lines = [columns.map((column) => clipboardCell(column.label)).join('\t')]
  for (const row of rows) lines.push(columns.map((column) => clipboardCell(row.text(column))).join('\t'))
  return lines.join('\r\n')
}
