import type { ItemType } from '../../../shared/domain/item-type'
import type { LineResult } from '../../../shared/domain/line-result'
import type { StockFigures } from '../../../shared/stock/stock-figures'
import { lineFigures, statusFromFigures, type StockStatus } from '../../../shared/stock/stock-status'
import { FIXED_COLUMN_KEYS, lineCellValue, type CellValue, type ViewColumn } from '../../../shared/views/view-columns'
import type { SearchTerm } from './search-term'

const FIXED_SLOT = new Map<string, number>(FIXED_COLUMN_KEYS.map((key, slot) => [key, slot]))

/** Where a column's text is cached on a line: fixed columns first, then the file's carried columns. */
function slotOf(column: ViewColumn): number {
  return column.carried === undefined ? (FIXED_SLOT.get(column.key) ?? 0) : FIXED_COLUMN_KEYS.length + column.carried
}

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

/**
 * One line's latest result as the screen sees it. Its figures and the text of its line-level cells
 * are worked out once, the first time a render, sort, filter or search asks, and kept for as long
 * as the line's result stands (a later log entry for the line replaces the whole entry).
 */
export class LineEntry {
  readonly result: LineResult
  readonly itemType: ItemType
  /** This entry's position in the job's append-only result log. */
  readonly logIndex: number
  private figuresCache: StockFigures | null | undefined = undefined
  private texts: Array<string | undefined> | null = null
  private lowers: Array<string | undefined> | null = null
  /** The last search term asked and its answer: the rows of one line ask in turn. */
  private lastTerm: SearchTerm | null = null
  private lastColumns: readonly ViewColumn[] | null = null
  private lastHit = false

  constructor(result: LineResult, itemType: ItemType, logIndex: number) {
    this.result = result
    this.itemType = itemType
    this.logIndex = logIndex
  }

  get line(): number {
    return this.result.line
  }

  /** On shelf, Backroom, On hand...: null unless the line was found. */
  get figures(): StockFigures | null {
    if (this.figuresCache === undefined) this.figuresCache = lineFigures(this.result)
    return this.figuresCache
  }

  stockStatus(lowStockLevel: number): StockStatus {
    const { result } = this
    if (result.status !== 'found') return result.status
    const figures = this.figures
    return figures === null ? 'out_of_stock' : statusFromFigures(figures, lowStockLevel)
  }

  /** A line-level cell's value (not the stock status, not a location column). */
  value(column: ViewColumn, locationIndex = -1): CellValue {
    return lineCellValue(this.result, this.figures, column, this.itemType, locationIndex)
  }

  text(column: ViewColumn): string {
    const slot = slotOf(column)
    this.texts ??= []
    let text = this.texts[slot]
    if (text === undefined) {
      text = textOf(this.value(column))
      this.texts[slot] = text
    }
    return text
  }

  /** The cell's text lowercased, for column filters and text sorting. */
  lower(column: ViewColumn): string {
    if (column.kind === 'number') return this.text(column)
    if (column.key === 'supplier') return lowerWord(this.text(column))
    const slot = slotOf(column)
    this.lowers ??= []
    let lowered = this.lowers[slot]
    if (lowered === undefined) {
      lowered = this.text(column).toLowerCase()
      this.lowers[slot] = lowered
    }
    return lowered
  }

  /** Whether any of `columns` (line-level ones) contains `term`; numbers are only formatted when the term could be in one. */
  contains(term: SearchTerm, columns: readonly ViewColumn[]): boolean {
    if (term === this.lastTerm && columns === this.lastColumns) return this.lastHit
    let hit = false
    for (const column of columns) {
      if (column.kind === 'number') {
        const value = this.value(column)
        hit = typeof value === 'number' && term.inNumber(value)
      } else {
        hit = term.in(this.text(column))
      }
      if (hit) break
    }
    this.lastTerm = term
    this.lastColumns = columns
    this.lastHit = hit
    return hit
  }
}
