import type { ItemType } from '../../shared/domain/item-type'
import { validateLines, type ValidatedLine } from '../../shared/domain/values'
import type { NewLookupLine } from './history-types'

export interface LinesToStore {
  lines: readonly { line: number; input: string }[]
  itemType: ItemType
  /** `validateLines` of `lines`, when done elsewhere (off main's thread). */
  validated?: readonly ValidatedLine[]
  /** Per line (aligned with `lines`), the imported file's other cells joined by `CELL_SEPARATOR`; null for a row the file lacks. */
  carried?: { columns: readonly string[]; rows: readonly (string | null)[] }
}

/**
 * The input lines as a lookup stores them: each validated once (the value to look up, why it is
 * invalid, or the earlier line it repeats), with the imported file's other cells when there are any.
 */
export function storedLinesFor({ lines, itemType, validated, carried }: LinesToStore): NewLookupLine[] {
  // `validateLines` keeps the order of the lines: a line's result is at its own index.
  const results = validated ?? validateLines(lines, itemType)
  if (results.length !== lines.length) throw new Error('validated lines do not match the lines')
  const carriedRows = carried === undefined || carried.columns.length === 0 ? null : carried.rows
  if (carriedRows !== null && carriedRows.length !== lines.length) throw new Error('carried rows do not match the lines')
  return results.map((result, index): NewLookupLine => {
    const row = carriedRows?.[index]
    const base = { line: result.line, input: result.input, ...(row == null ? {} : { carried: row }) }
    switch (result.kind) {
      case 'invalid':
        return { ...base, value: null, invalidReason: result.reason, note: result.message }
      case 'duplicate':
        return { ...base, value: result.value, duplicateOf: result.duplicateOf }
      case 'valid':
        return { ...base, value: result.value, ...(result.note === undefined ? {} : { note: result.note }) }
    }
  })
}
