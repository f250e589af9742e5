import type { ItemType } from '../../../shared/domain/item-type'
import type { LineResult } from '../../../shared/domain/line-result'
import type { StockFigures } from '../../../shared/stock/stock-figures'
import { lineFigures, statusFromFigures, type StockStatus } from '../../../shared/stock/stock-status'
import { FIXED_COLUMN_KEYS, lineCellValue, type CellValue, type ViewColumn } from '../../../shared/views/view-columns'
import { lineGtin, lineItemNumber } from '../../../shared/views/line-facts'
import { lineMessage } from '../../../shared/views/line-message'
import { lowerWord, textOf } from '../grid/cell-text'
import type { SearchTerm } from '../grid/search-term'

const FIXED_SLOT = new Map<string, number>(FIXED_COLUMN_KEYS.map((key, slot) => [key, slot]))

/** Where a column's text is cached on a line: fixed columns first, then the file's carried columns. */
function slotOf(column: ViewColumn): number {
  return column.carried === undefined ? (FIXED_SLOT.get(column.key) ?? 0) : FIXED_COLUMN_KEYS.length + column.carried
}

type Reader = (entry: LineEntry) => string

const READERS = new WeakMap<ViewColumn, Reader>()

/**
 * How the quick search reads a text cell: straight from the result for the columns a search meets
 * on every line (no dispatch on the column's key per cell), through `text` for the rest.
 */
function readerOf(column: ViewColumn): Reader {
  let reader = READERS.get(column)
  if (reader === undefined) {
    const carried = column.carried
    switch (column.key) {
      case 'input':
        reader = (entry) => entry.result.input
        break
      case 'gtin':
        reader = (entry) => lineGtin(entry.result, entry.itemType)
        break
      case 'wmItemNumber':
        reader = (entry) => lineItemNumber(entry.result, entry.itemType)
        break
      case 'supplier':
        reader = (entry) => entry.result.item?.supplier_name ?? ''
        break
      case 'message':
        reader = (entry) => entry.message()
        break
      default:
        reader = carried === undefined ? (entry) => entry.text(column) : (entry) => entry.result.carried?.[carried] ?? ''
    }
    READERS.set(column, reader)
  }
  return reader
}

interface TextCache {
  lowers: Array<string | undefined>
  /** The line's number cells as text for the quick search, and the columns they were built for. */
  searchColumns: readonly ViewColumn[] | null
  searchNumbers: string | null
}

function emptyCache(): TextCache {
  return { lowers: [], searchColumns: null, searchNumbers: null }
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
  /** Made the first time a filter, sort or number search asks: a job of 100,000 lines allocates none until then. */
  private cache: TextCache | null = null
  private messageText: string | undefined = undefined
  /** The line's answers to the last two search words (a line's location rows ask in turn, word by word). */
  private answeredColumns: readonly ViewColumn[] | null = null
  private termA: SearchTerm | null = null
  private hitA = false
  private termB: SearchTerm | null = null
  private hitB = false

  constructor(result: LineResult, itemType: ItemType, logIndex: number) {
    this.result = result
    this.itemType = itemType
    this.logIndex = logIndex
  }

  get line(): number {
    return this.result.line
  }

  get storeNbr(): number {
    return this.result.storeNbr
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

  /** A cell's text: the result's own string for most cells (nothing copied); numbers are formatted when shown. */
  text(column: ViewColumn): string {
    return column.key === 'message' ? this.message() : textOf(this.value(column))
  }

  /** The cell's text lowercased, for column filters and text sorting. */
  lower(column: ViewColumn): string {
    if (column.kind === 'number') return this.text(column)
    if (column.key === 'supplier') return lowerWord(this.text(column))
    const slot = slotOf(column)
    const cache = (this.cache ??= emptyCache())
    let lowered = cache.lowers[slot]
    if (lowered === undefined) {
      lowered = this.text(column).toLowerCase()
      cache.lowers[slot] = lowered
    }
    return lowered
  }

  /**
   * The number cells of `columns` as one text, a line break between cells (a search word never holds
   * one, so it matches within a cell): made the first time a word that could be part of a number is
   * searched, so word searches never format 100,000 lines of numbers.
   */
  searchNumbers(columns: readonly ViewColumn[]): string {
    const cache = (this.cache ??= emptyCache())
    if (columns !== cache.searchColumns || cache.searchNumbers === null) {
      let text = ''
      for (const column of columns) if (column.kind === 'number') text += `${textOf(this.value(column))}\n`
      cache.searchNumbers = text
      cache.searchColumns = columns
    }
    return cache.searchNumbers
  }

  /**
   * Whether a cell of `columns` (the line's own) contains `term`. Text cells are tested as they are
   * (the result's own strings, nothing copied), so the first search after 100,000 lines arrive
   * only scans; the message, which is put together from parts, is kept once made.
   */
  contains(term: SearchTerm, columns: readonly ViewColumn[]): boolean {
    if (columns === this.answeredColumns) {
      if (term === this.termA) return this.hitA
      if (term === this.termB) return this.hitB
    } else {
      this.answeredColumns = columns
      this.termA = null
      this.termB = null
    }
    let hit = false
    for (const column of columns) {
      if (column.kind === 'number') continue
      if (term.in(readerOf(column)(this))) {
        hit = true
        break
      }
    }
    if (!hit) hit = term.numeric && term.in(this.searchNumbers(columns))
    this.termB = this.termA
    this.hitB = this.hitA
    this.termA = term
    this.hitA = hit
    return hit
  }

  /** The Message cell's text, put together once (most lines have none, or a note as it is). */
  message(): string {
    this.messageText ??= lineMessage(this.result, this.itemType)
    return this.messageText
  }
}
