import type { ItemType } from '../domain/item-type'
import type { InvalidReason, LineResult } from '../domain/line-result'

export function invalidReasonText(reason: InvalidReason | undefined, itemType: ItemType): string {
  switch (reason) {
    case 'empty':
      return 'The value is empty.'
    case 'characters':
      return 'The value has characters other than digits.'
    case 'length':
      return itemType === 'gtin' ? 'A GTIN has 8, 12, 13 or 14 digits.' : 'A Walmart item number has up to 9 digits.'
    case 'check_digit':
      return 'The check digit is wrong: a digit was probably mistyped.'
    case 'scientific_notation':
      return 'The value is in scientific notation (like 7.61E+12): the spreadsheet dropped digits, so copy the original values.'
    case undefined:
      return 'The value is not valid.'
  }
}

/**
 * The Message cell: why a line has no stock figures, and any note on how its value was read. An
 * invalid line's note is already its specific reason, so it stands alone.
 */
export function lineMessage(result: LineResult, itemType: ItemType): string {
  // Most lines: a found item's message is its note, if any, as it is.
  if (result.status === 'found') return result.note ?? ''
  const hasNote = result.note !== undefined && result.note !== ''
  if (result.status === 'invalid') return hasNote ? (result.note ?? '') : invalidReasonText(result.invalidReason, itemType)
  const parts: string[] = []
  switch (result.status) {
    case 'duplicate':
      parts.push(result.duplicateOf === undefined ? 'Duplicate of an earlier line' : `Duplicate of line ${result.duplicateOf}`)
      break
    case 'failed':
      parts.push(result.error?.message ?? 'The lookup failed.')
      break
    case 'not_found':
      parts.push(result.error?.message ?? 'Not found in this store.')
      break
    case 'cancelled':
      parts.push('Cancelled before it was looked up.')
      break
  }
  if (hasNote) parts.push(result.note ?? '')
  return parts.join(' ')
}
