import { compareCellValue, compareRowKey, compareStatus, type CompareColumn } from '../../../shared/compare/compare-columns'
import type { CompareCategory, CompareRow } from '../../../shared/compare/compare-lookups'
import { STOCK_STATUS_LABELS, type StockStatus } from '../../../shared/stock/stock-status'
import type { CellValue } from '../../../shared/views/view-columns'
import type { GridRow } from '../grid/grid-row'
import { lowerWord, textOf } from '../grid/cell-text'
import type { SearchTerm } from '../grid/search-term'

/** One compared value as the Compare view's grid, chips, filters and sort see it. */
export class CompareViewRow implements GridRow<CompareColumn> {
  readonly row: CompareRow
  readonly key: string
  /** The chips group rows by what happened to their stock. */
  readonly status: CompareCategory
  /** Whether the comparison covers several stores: rows then name their store. */
  private readonly manyStores: boolean
  private readonly lowers = new Map<string, string>()

  constructor(row: CompareRow, manyStores = false) {
    this.row = row
    this.key = compareRowKey(row)
    this.status = row.category
    this.manyStores = manyStores
  }

  get label(): string {
    return this.manyStores ? `store ${this.row.store}, value ${this.row.value}` : `value ${this.row.value}`
  }

  hasStatus(categories: ReadonlySet<string>): boolean {
    return categories.has(this.status)
  }

  value(column: CompareColumn): CellValue {
    return compareCellValue(this.row, column.key)
  }

  text(column: CompareColumn): string {
    return textOf(this.value(column))
  }

  lower(column: CompareColumn): string {
    let lowered = this.lowers.get(column.key)
    if (lowered === undefined) {
      lowered = lowerWord(this.text(column))
      this.lowers.set(column.key, lowered)
    }
    return lowered
  }

  statusOf(column: CompareColumn): StockStatus | null {
    return column.side === undefined ? null : compareStatus(this.row, column.side)
  }

  /** Stock statuses match in words ("out of stock" finds either side); every other cell as the view shows it. */
  contains(term: SearchTerm, columns: readonly CompareColumn[]): boolean {
    const { then, now } = this.row
    if (
      (then !== null && term.inLabel(STOCK_STATUS_LABELS[then.status])) ||
      (now !== null && term.inLabel(STOCK_STATUS_LABELS[now.status]))
    )
      return true
    for (const column of columns) {
      const value = this.value(column)
      if (typeof value === 'number' ? term.inNumber(value) : term.in(textOf(value))) return true
    }
    return false
  }
}
