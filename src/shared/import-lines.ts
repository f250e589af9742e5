import { IMPORT_VALUE_SEPARATOR, type ImportColumn, type InputLine } from './contract'

export type { InputLine } from './contract'

/** An imported column as the list to look up; the app's import and the headless command both read files this way. */
export function linesOfColumn(column: Pick<ImportColumn, 'lines' | 'values'>): InputLine[] {
  const values = column.lines.length === 0 ? [] : column.values.split(IMPORT_VALUE_SEPARATOR)
  return column.lines.map((line, index) => ({ line, input: values[index] ?? '' }))
}

/** Line numbers up to this many times the list's length are marked in a bitmap rather than a set. */
const BITMAP_SPREAD = 8

/**
 * The first line number given twice, or null: each line of a lookup has its own number, which its
 * results are kept by. Numbers are file rows, so nearly always below a few times the list's length:
 * those are marked in a bitmap, which for 200,000 lines took main 5-15 ms where a set of numbers
 * took 20-25 ms; a list with far larger or fractional numbers is checked with a set. Given the
 * numbers alone (a typed array, say): reading 200,000 line objects twice cost more than the check.
 */
export function repeatedLine(numbers: ArrayLike<number>): number | null {
  let highest = 0
  for (let index = 0; index < numbers.length; index++) {
    const line = numbers[index] ?? 0
    if (!Number.isInteger(line) || line < 0) return repeatedInSet(numbers)
    if (line > highest) highest = line
  }
  if (highest > BITMAP_SPREAD * numbers.length + 1024) return repeatedInSet(numbers)
  const seen = new Uint8Array((highest >>> 3) + 1)
  for (let index = 0; index < numbers.length; index++) {
    const line = numbers[index] ?? 0
    const bit = 1 << (line & 7)
    const byte = line >>> 3
    if (((seen[byte] ?? 0) & bit) !== 0) return line
    seen[byte] = (seen[byte] ?? 0) | bit
  }
  return null
}

function repeatedInSet(numbers: ArrayLike<number>): number | null {
  const seen = new Set<number>()
  for (let index = 0; index < numbers.length; index++) {
    const line = numbers[index] ?? 0
    if (seen.has(line)) return line
    seen.add(line)
  }
  return null
}
