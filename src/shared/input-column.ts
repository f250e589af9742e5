import { IMPORT_VALUE_SEPARATOR } from './import-separator'

/**
 * A lookup's lines as one column, as an imported file's column is: the line numbers, and the values
 * joined by `IMPORT_VALUE_SEPARATOR`. Electron's IPC deserializes a request on main's thread;
 * 200,000 line objects cost main 95-175 ms there, the same lines as one typed array of numbers and
 * one text 4 ms (an array of 200,000 numbers alone takes 5 ms, its typed array a copy of its bytes).
 */
export interface InputColumn {
  /** The line number a person sees for each value, in the order of `values`. */
  lines: Float64Array<ArrayBuffer>
  /** Each line's value, joined by `IMPORT_VALUE_SEPARATOR`; the empty text when there are no lines. */
  values: string
}

/**
 * What a value's U+0000 becomes, since that is the separator: the replacement character a decoder
 * shows for an unreadable character. The value is then shown and stored so, and is invalid as any
 * value with it is (no item type takes it).
 */
export const NUL_REPLACEMENT = '\uFFFD'

/** The lines as one column, for `jobs:start` and main's own lookups alike. */
export function packInputColumn(lines: readonly { line: number; input: string }[]): InputColumn {
  const numbers = new Float64Array(lines.length)
  const values = new Array<string>(lines.length)
  for (let index = 0; index < lines.length; index++) {
    const { line, input } = lines[index] ?? { line: 0, input: '' }
    numbers[index] = line
    values[index] = input.includes(IMPORT_VALUE_SEPARATOR) ? input.replaceAll(IMPORT_VALUE_SEPARATOR, NUL_REPLACEMENT) : input
  }
  return { lines: numbers, values: values.join(IMPORT_VALUE_SEPARATOR) }
}
