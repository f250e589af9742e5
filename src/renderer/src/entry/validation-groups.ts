import { NOTE_PADDED, NOTE_ZEROS_RESTORED } from '../../../shared/domain/gtin'
import type { InvalidReason } from '../../../shared/domain/line-result'

/** One entered line as the shared validation sees it before any lookup. */
export interface CheckedLine {
  line: number
  input: string
  /** The value that will be looked up; null when the line is invalid. */
  value: string | null
  status: 'valid' | 'invalid' | 'duplicate'
  note?: string | undefined
  invalidReason?: InvalidReason | undefined
  duplicateOf?: number | undefined
}

export type GroupId =
  | 'valid'
  | 'padded'
  | 'zeros_restored'
  | 'check_digit'
  | 'length_or_characters'
  | 'scientific_notation'
  | 'duplicate'

export interface GroupDefinition {
  id: GroupId
  label: string
  /**
   * good: will be looked up; neutral: will be looked up, written the standard way (a 12-digit UPC-A
   * is padded to 14 digits: normal, nothing to check); note: looked up after a repair worth a look;
   * bad: needs a fix or goes as invalid.
   */
  tone: 'good' | 'neutral' | 'note' | 'bad'
  fixable: boolean
}

export const GROUPS: readonly GroupDefinition[] = [
  { id: 'valid', label: 'Valid', tone: 'good', fixable: false },
  { id: 'padded', label: 'Padded to 14 digits', tone: 'neutral', fixable: false },
  { id: 'zeros_restored', label: 'Leading zeros restored', tone: 'note', fixable: false },
  { id: 'check_digit', label: 'Wrong check digit', tone: 'bad', fixable: true },
  { id: 'length_or_characters', label: 'Wrong length or characters', tone: 'bad', fixable: true },
  { id: 'scientific_notation', label: 'Lost to scientific notation', tone: 'bad', fixable: true },
  { id: 'duplicate', label: 'Duplicates', tone: 'bad', fixable: true }
]

export type GroupedLines = Record<GroupId, CheckedLine[]>

/** Lists the lines of each group; the same rules as `summarizeValidation`, which gives the counts. */
export function groupLines(lines: readonly CheckedLine[]): GroupedLines {
  const groups: GroupedLines = {
    valid: [],
    padded: [],
    zeros_restored: [],
    check_digit: [],
    length_or_characters: [],
    scientific_notation: [],
    duplicate: []
  }
  for (const line of lines) {
    if (line.status === 'duplicate') {
      groups.duplicate.push(line)
      continue
    }
    if (line.status === 'invalid') {
      if (line.invalidReason === 'check_digit') groups.check_digit.push(line)
      else if (line.invalidReason === 'scientific_notation') groups.scientific_notation.push(line)
      else groups.length_or_characters.push(line)
      continue
    }
    groups.valid.push(line)
    if (line.note === NOTE_ZEROS_RESTORED) groups.zeros_restored.push(line)
    else if (line.note === NOTE_PADDED) groups.padded.push(line)
  }
  return groups
}

export function invalidLineNumbers(lines: readonly CheckedLine[]): Set<number> {
  return new Set(lines.filter((line) => line.status === 'invalid').map((line) => line.line))
}
