import { IMPORT_VALUE_SEPARATOR, type ImportColumn, type InputLine } from './contract'

export type { InputLine } from './contract'

/** An imported column as the list to look up; the app's import and the headless command both read files this way. */
export function linesOfColumn(column: Pick<ImportColumn, 'lines' | 'values'>): InputLine[] {
  const values = column.lines.length === 0 ? [] : column.values.split(IMPORT_VALUE_SEPARATOR)
  return column.lines.map((line, index) => ({ line, input: values[index] ?? '' }))
}
