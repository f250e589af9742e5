import { IMPORT_VALUE_SEPARATOR, type ImportColumn, type InputLine } from './contract'

export type { InputLine } from './contract'

/** An imported column as the list to look up; the app's import and the headless command both read files this way. */
export function linesOfColumn(column: Pick<ImportColumn, 'lines' | 'values'>): InputLine[] {
  const values = column.lines.length === 0 ? [] : column.values.split(IMPORT_VALUE_SEPARATOR)
  return column.lines.map((line, index) => ({ line, input: values[index] ?? '' }))
}

/** The first line number given twice, or null: each line of a lookup has its own number, which its results are kept by. */
export function repeatedLine(lines: readonly InputLine[]): number | null {
  const seen = new Set<number>()
  for (const { line } of lines) {
    if (seen.has(line)) return line
    seen.add(line)
  }
  return null
}
