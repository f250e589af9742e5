import type { ItemType } from './item-type'
import type { InvalidReason } from './line-result'

/** GS1 GTIN rules and the spreadsheet accidents that store lists are full of. Pure; used by main and the renderer. */

export const NOTE_PADDED = 'padded to 14 digits'
export const NOTE_ZEROS_RESTORED = 'leading zeros restored'

export type NormalizedValue = { ok: true; value: string; note?: string } | { ok: false; reason: InvalidReason; message: string }

/** Digits of a GTIN in its full form; GTIN-8, -12 and -13 are the same numbers with leading zeros. */
export const GTIN_DIGITS = 14

const GTIN_LENGTHS = new Set([8, 12, 13, GTIN_DIGITS])
// `7.61E+12`, `7,61E+12`, `761E12`: Excel's display of a long number, with the trailing digits gone.
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i
const DIGITS = /^\d+$/

/** Check digit for GS1 data digits: weights 3,1,3,1... from the rightmost data digit leftwards. */
export function gs1CheckDigit(dataDigits: string): number {
  let sum = 0
  for (let i = dataDigits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (dataDigits.charCodeAt(i) - 48) * weight
  }
  return (10 - (sum % 10)) % 10
}

export function hasValidCheckDigit(digits: string): boolean {
  return digits.length >= 2 && gs1CheckDigit(digits.slice(0, -1)) === digits.charCodeAt(digits.length - 1) - 48
}

/** A GTIN's digits in their 14-digit form: what the API, History and the Demo's catalogue key items by. */
export function padGtin(digits: string): string {
  return digits.padStart(GTIN_DIGITS, '0')
}

export function isValidGtin(raw: string): boolean {
  return normalizeGtin(raw).ok
}

export function normalizeGtin(raw: string): NormalizedValue {
  const text = raw.trim()
  const common = commonProblem(text)
  if (common !== null) return common
  const length = text.length
  if (GTIN_LENGTHS.has(length)) {
    if (!hasValidCheckDigit(text)) {
      return invalid('check_digit', `The last digit of ${text} does not match the GS1 check digit; check for a typing or scanning error.`)
    }
    return length === GTIN_DIGITS ? { ok: true, value: text } : { ok: true, value: padGtin(text), note: NOTE_PADDED }
  }
  if (length >= 9 && length <= 11) {
    // A UPC-A starting with 0 that a spreadsheet stored as a number: the check digit tells whether padding is right.
    if (hasValidCheckDigit(text)) return { ok: true, value: padGtin(text), note: NOTE_ZEROS_RESTORED }
    return invalid(
      'length',
      `${text} has ${length} digits; a GTIN has 8, 12, 13 or 14, and restoring dropped leading zeros does not give a valid check digit.`
    )
  }
  return invalid('length', `${text} has ${length} digits; a GTIN has 8, 12, 13 or 14.`)
}

/** Walmart item numbers: digits only, no check digit, kept as given. */
export function normalizeItemNumber(raw: string): NormalizedValue {
  const text = raw.trim()
  const common = commonProblem(text)
  if (common !== null) return common
  if (text.length > 20) return invalid('length', `${text.slice(0, 24)}… is too long for a Walmart item number.`)
  return { ok: true, value: text }
}

export function normalizeValue(raw: string, itemType: ItemType): NormalizedValue {
  return itemType === 'gtin' ? normalizeGtin(raw) : normalizeItemNumber(raw)
}

function commonProblem(text: string): NormalizedValue | null {
  if (text === '') return invalid('empty', 'The value is empty.')
  if (SCIENTIFIC.test(text)) {
    return invalid(
      'scientific_notation',
      `${text} is in scientific notation: digits lost by a spreadsheet. Format the column as text in the source file and copy it again.`
    )
  }
  if (!DIGITS.test(text)) {
    return invalid('characters', `${text.length > 30 ? `${text.slice(0, 30)}…` : text} contains characters other than digits.`)
  }
  return null
}

function invalid(reason: InvalidReason, message: string): NormalizedValue {
  return { ok: false, reason, message }
}
