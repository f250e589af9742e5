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

export type GroupId = 'valid' | 'padded' | 'zeros_restored' | 'check_digit' | 'length_or_characters' | 'scientific_notation' | 'duplicate'

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

/** The groups a line is listed in: the same rules as `summarizeValidation`, which gives the counts. */
export function groupOf(line: CheckedLine): GroupId[] {
  if (line.status === 'duplicate') return ['duplicate']
  if (line.status === 'invalid') {
    if (line.invalidReason === 'check_digit') return ['check_digit']
    if (line.invalidReason === 'scientific_notation') return ['scientific_notation']
    return ['length_or_characters']
  }
  if (line.note === NOTE_ZEROS_RESTORED) return ['valid', 'zeros_restored']
  if (line.note === NOTE_PADDED) return ['valid', 'padded']
  return ['valid']
}
