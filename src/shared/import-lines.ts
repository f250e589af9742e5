import type { ImportTable } from './contract'

/** One value to look up and the line number a person sees for it (a file's row number). */
export interface InputLine {
  line: number
  input: string
}

/**
 * The values of one column of an imported file, each keeping the row number the file shows; blank
 * cells are left out. The app's import and the headless command read files the same way.
 */
export function linesFromColumn(table: ImportTable, column: number): InputLine[] {
  const lines: InputLine[] = []
  for (const row of table.rows) {
    const cell = row.cells[column]?.trim() ?? ''
    if (cell !== '') lines.push({ line: row.line, input: cell })
  }
  return lines
}
