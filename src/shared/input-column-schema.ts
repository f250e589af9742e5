import { z } from 'zod'
import { formatNumber } from './format/numbers'
import { IMPORT_VALUE_SEPARATOR } from './import-separator'
import type { InputColumn } from './input-column'
import { MAX_INPUT_CHARS, MAX_JOB_LINES } from './limits'

export const BAD_LINE_MESSAGE = `Each line needs a line number (a whole number from 1) and a value of at most ${MAX_INPUT_CHARS} characters.`
export const NO_VALUES_MESSAGE = 'There are no values to look up.'
export const TOO_MANY_VALUES_MESSAGE = `A lookup takes at most ${formatNumber(MAX_JOB_LINES)} values; split the list.`
export const UNPAIRED_MESSAGE = 'The list has a different number of line numbers and values; enter or import it again.'

/**
 * What is wrong with a lookup's column, or null: one pass over its numbers, and over its values
 * text from separator to separator, with no value cut out of it (a schema per line costs about a
 * microsecond each, 200 ms of main's loop for 200,000 lines).
 */
function inputColumnProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return BAD_LINE_MESSAGE
  const { lines, values } = value as Record<string, unknown>
  if (!(lines instanceof Float64Array) || typeof values !== 'string') return BAD_LINE_MESSAGE
  if (lines.length === 0) return values === '' ? NO_VALUES_MESSAGE : UNPAIRED_MESSAGE
  if (lines.length > MAX_JOB_LINES) return TOO_MANY_VALUES_MESSAGE
  let start = 0
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? 0
    if (!Number.isSafeInteger(line) || line < 1) return BAD_LINE_MESSAGE
    const last = index === lines.length - 1
    const end = values.indexOf(IMPORT_VALUE_SEPARATOR, start)
    // The last value runs to the end of the text; every other one ends at a separator.
    if (last ? end !== -1 : end === -1) return UNPAIRED_MESSAGE
    if ((last ? values.length : end) - start > MAX_INPUT_CHARS) return BAD_LINE_MESSAGE
    start = end + 1
  }
  return null
}

/** A lookup's lines as `jobs:start` takes them, checked in one loop; the object itself is passed on, not copied. */
export const inputColumnSchema = z.custom<InputColumn>().superRefine((column, context) => {
  const problem = inputColumnProblem(column)
  if (problem !== null) context.addIssue({ code: 'custom', message: problem })
})
