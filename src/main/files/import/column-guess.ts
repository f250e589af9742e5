import type { ParsedRecord } from './delimited-parser'

/** How the app guesses a file's shape: whether its first row is a header, and which column to look up. Pure. */

/** Header names, normalised by `headerKey`, in order of preference for the lookup column. */
const GTIN_HEADERS = ['gtin', 'gtin 14', 'gtin14', 'gtins', 'upc', 'upc code', 'upcs', 'ean', 'ean code', 'ean13', 'barcode', 'bar code']
const ITEM_NUMBER_HEADERS = [
  'wm item number',
  'wm item nbr',
  'wm item',
  'item number',
  'item nbr',
  'item no',
  'walmart item',
  'walmart item number',
  'walmart item nbr'
]
const OTHER_HEADERS = ['item', 'items', 'value', 'values']
const HEADER_RANK = new Map<string, number>([
  ...GTIN_HEADERS.map((name) => [name, 0] as const),
  ...ITEM_NUMBER_HEADERS.map((name) => [name, 1] as const),
  ...OTHER_HEADERS.map((name) => [name, 2] as const)
])

const NUMERIC = /^[+-]?\d[\d\s.,]*(?:e[+-]?\d+)?$/i
const GTIN_LIKE = /^\d{8,14}$/
/** Rows looked at to decide on the header and the column. */
export const GUESS_ROWS = 200

function headerKey(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s_\-#.:/]+/g, ' ')
    .trim()
}

const GTIN_WORDS = new Set(['gtin', 'upc', 'ean', 'barcode'])
const NUMBER_WORDS = new Set(['number', 'nbr', 'no', 'num', 'nr'])

/** How good a lookup column a header names: 0 GTINs, 1 item numbers, 2 generic values; undefined when it names none. */
function headerRank(cell: string): number | undefined {
  const key = headerKey(cell)
  const exact = HEADER_RANK.get(key)
  if (exact !== undefined) return exact
  const words = key.split(' ')
  if (words.some((word) => GTIN_WORDS.has(word))) return 0
  if (words.includes('item') && words.some((word) => NUMBER_WORDS.has(word))) return 1
  return undefined
}

/** Whether the first non-blank record names the columns rather than holding values. */
export function isHeader(cells: readonly string[], dataRows: readonly ParsedRecord[]): boolean {
  if (cells.some((cell) => headerRank(cell) !== undefined)) return true
  const texts = cells.map((cell) => cell.trim()).filter((cell) => cell !== '')
  if (texts.length === 0 || texts.some((cell) => NUMERIC.test(cell))) return false
  if (dataRows.length === 0) return false
  const numericRows = dataRows.filter((row) => row.cells.some((cell) => NUMERIC.test(cell.trim()))).length
  return numericRows / dataRows.length >= 0.5
}

/** The column most likely to hold the values to look up: by its header, else by GTIN-looking cells. */
export function suggestColumn(header: readonly string[], rows: readonly ParsedRecord[], width: number): number {
  let bestHeader = -1
  let bestRank = Number.POSITIVE_INFINITY
  header.forEach((cell, index) => {
    const rank = headerRank(cell)
    if (rank !== undefined && rank < bestRank) {
      bestRank = rank
      bestHeader = index
    }
  })
  if (bestHeader >= 0) return bestHeader

  let bestColumn = 0
  let bestShare = 0
  for (let index = 0; index < width; index++) {
    let filled = 0
    let gtinLike = 0
    for (const row of rows) {
      const cell = row.cells[index]?.trim() ?? ''
      if (cell === '') continue
      filled++
      if (GTIN_LIKE.test(cell)) gtinLike++
    }
    const share = filled === 0 ? 0 : gtinLike / filled
    if (share > bestShare) {
      bestShare = share
      bestColumn = index
    }
  }
  return bestShare >= 0.5 ? bestColumn : 0
}

/** A, B, ... Z, AA: the names spreadsheet users already know. */
export function columnLetters(index: number): string {
  let n = index + 1
  let letters = ''
  while (n > 0) {
    const rest = (n - 1) % 26
    letters = String.fromCharCode(65 + rest) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}
