import { useDeferredValue, useMemo } from 'react'
import type { ItemType } from '../../../shared/domain/item-type'
import { summarizeValidation, validateLines, type ValidatedLine, type ValidationSummary } from '../../../shared/domain/values'
import type { InputLine } from '../../../shared/import-lines'
import { groupLines, type CheckedLine, type GroupedLines } from './validation-groups'

export interface EntryValidation {
  checked: readonly CheckedLine[]
  groups: GroupedLines
  summary: ValidationSummary
  /** The line that already holds this value (after the same repairs the lookup makes), or null. */
  findSame: (input: string) => number | null
}

/**
 * Validates the list live with the same rules main applies when the job starts. The summary is
 * deferred, so typing in a 100,000-value list stays responsive while it catches up; `findSame`
 * reads the current list, so two quick scans of one code are still caught.
 */
export function useEntryValidation(lines: readonly InputLine[], itemType: ItemType): EntryValidation {
  const deferredLines = useDeferredValue(lines)
  const validated = useMemo(() => validateLines(deferredLines, itemType), [deferredLines, itemType])
  const summary = useMemo(() => summarizeValidation(validated), [validated])
  const checked = useMemo(() => validated.map(toCheckedLine), [validated])
  const groups = useMemo(() => groupLines(checked), [checked])
  const findSame = useMemo(
    () => sameValueFinder(lines, itemType, lines === deferredLines ? checked : null),
    [lines, deferredLines, checked, itemType]
  )
  return { checked, groups, summary, findSame }
}

/** Builds its index on the first question only: most lists are never scanned into. */
function sameValueFinder(
  lines: readonly InputLine[],
  itemType: ItemType,
  alreadyChecked: readonly CheckedLine[] | null
): (input: string) => number | null {
  const keyOf = (line: CheckedLine) => line.value ?? line.input.trim()
  let firstLineOf: Map<string, number> | null = null
  return (input) => {
    if (firstLineOf === null) {
      firstLineOf = new Map()
      for (const line of alreadyChecked ?? check(lines, itemType)) {
        if (!firstLineOf.has(keyOf(line))) firstLineOf.set(keyOf(line), line.line)
      }
    }
    const [probe] = check([{ line: 1, input }], itemType)
    return firstLineOf.get(probe === undefined ? input.trim() : keyOf(probe)) ?? null
  }
}

function check(lines: readonly InputLine[], itemType: ItemType): CheckedLine[] {
  return validateLines(lines, itemType).map(toCheckedLine)
}

function toCheckedLine(validated: ValidatedLine): CheckedLine {
  switch (validated.kind) {
    case 'valid':
      return { line: validated.line, input: validated.input, value: validated.value, status: 'valid', note: validated.note }
    case 'invalid':
      return {
        line: validated.line,
        input: validated.input,
        value: null,
        status: 'invalid',
        invalidReason: validated.reason,
        note: validated.message
      }
    case 'duplicate':
      return {
        line: validated.line,
        input: validated.input,
        value: validated.value,
        status: 'duplicate',
        duplicateOf: validated.duplicateOf
      }
  }
}
