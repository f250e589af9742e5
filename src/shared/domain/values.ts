import { normalizeValue, NOTE_PADDED, NOTE_ZEROS_RESTORED } from './gtin'
import type { ItemType } from './item-type'
import type { InvalidReason } from './line-result'

export type ValidatedLine =
  | { kind: 'valid'; line: number; input: string; value: string; note?: string }
  | { kind: 'invalid'; line: number; input: string; reason: InvalidReason; message: string }
  | { kind: 'duplicate'; line: number; input: string; value: string; duplicateOf: number }

export interface ValidationSummary {
  total: number
  valid: number
  padded: number
  leadingZerosRestored: number
  checkDigit: number
  lengthOrCharacters: number
  scientificNotation: number
  duplicate: number
}

const SEPARATORS = /[\s,;]+/
const NOT_A_SEPARATOR = /[^\s,;]/

/**
 * Splits a pasted list on new lines, commas, semicolons, tabs and spaces. A European
 * `7,61E+12` is split at its comma; both halves are then reported, and the `61E+12` half as
 * scientific notation, so the value is still flagged rather than silently accepted.
 */
export function splitValues(text: string): string[] {
  return text.split(SEPARATORS).filter((piece) => piece !== '')
}

/** Whether `splitValues` would find a value, without splitting the text. */
export function containsValue(text: string): boolean {
  return NOT_A_SEPARATOR.test(text)
}

/** Every line becomes exactly one of valid, invalid (with a reason) or duplicate (of the first copy's line). */
export function validateLines(lines: readonly { line: number; input: string }[], itemType: ItemType): ValidatedLine[] {
  const firstLineOf = new Map<string, number>()
  return lines.map(({ line, input }): ValidatedLine => {
    const normalized = normalizeValue(input, itemType)
    if (!normalized.ok) return { kind: 'invalid', line, input, reason: normalized.reason, message: normalized.message }
    const first = firstLineOf.get(normalized.value)
    if (first !== undefined) return { kind: 'duplicate', line, input, value: normalized.value, duplicateOf: first }
    firstLineOf.set(normalized.value, line)
    return normalized.note === undefined
      ? { kind: 'valid', line, input, value: normalized.value }
      : { kind: 'valid', line, input, value: normalized.value, note: normalized.note }
  })
}

export function summarizeValidation(validated: readonly ValidatedLine[]): ValidationSummary {
  const summary: ValidationSummary = {
    total: validated.length,
    valid: 0,
    padded: 0,
    leadingZerosRestored: 0,
    checkDigit: 0,
    lengthOrCharacters: 0,
    scientificNotation: 0,
    duplicate: 0
  }
  for (const entry of validated) {
    if (entry.kind === 'duplicate') summary.duplicate++
    else if (entry.kind === 'valid') {
      summary.valid++
      if (entry.note === NOTE_PADDED) summary.padded++
      else if (entry.note === NOTE_ZEROS_RESTORED) summary.leadingZerosRestored++
    } else if (entry.reason === 'check_digit') summary.checkDigit++
    else if (entry.reason === 'scientific_notation') summary.scientificNotation++
    else summary.lengthOrCharacters++
  }
  return summary
}
