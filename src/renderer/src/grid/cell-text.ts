import type { CellValue } from '../../../shared/views/view-columns'

/** A cell's text as the grid shows it: empty for no value, numbers as they are written. */
export function textOf(value: CellValue): string {
  return value === null ? '' : typeof value === 'number' ? String(value) : value
}

/** Words that repeat across thousands of rows (areas, states, suppliers): lowercase each distinct one once. */
const loweredWords = new Map<string, string>()
const MAX_REMEMBERED_WORDS = 10_000
export function lowerWord(text: string): string {
  let lowered = loweredWords.get(text)
  if (lowered === undefined) {
    lowered = text.toLowerCase()
    if (loweredWords.size < MAX_REMEMBERED_WORDS) loweredWords.set(text, lowered)
  }
  return lowered
}
