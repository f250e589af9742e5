import {
  isItemSummaryColumn,
  itemSummaryValue,
  outOfStockInText,
  storeConcerns,
  summarizeItem,
  type ItemAcrossStores,
  type StoreConcern
} from '../../../shared/views/item-views'
import type { CellValue, ViewColumn } from '../../../shared/views/view-columns'
import { textOf } from '../grid/cell-text'
import type { GridRow, StoreLink } from '../grid/grid-row'
import type { SearchTerm } from '../grid/search-term'
import type { LineEntry } from './line-entry'
import { matrixRowsOf, type MatrixRow } from './store-rows'
import type { ResultSet } from './result-set'

/** A row of the By item view: one looked-up value across the lookup's stores. */
export class ByItemRow implements GridRow<ViewColumn> {
  readonly across: MatrixRow
  readonly summary: ItemAcrossStores
  /** The stores that need a look, each a button opening that store's answer. */
  readonly concerns: readonly (StoreConcern & StoreLink)[]

  constructor(across: MatrixRow, stores: readonly number[]) {
    this.across = across
    this.summary = summarizeItem(stores, (store) => across.matrixCell(store))
    this.concerns = storeConcerns(this.summary)
  }

  get key(): string {
    return `item:${this.across.line}`
  }

  get label(): string {
    return `line ${this.across.line}`
  }

  get line(): number {
    return this.across.line
  }

  /** The answer that names the value best: its identifiers and file cells. */
  get entry(): LineEntry {
    return this.across.entry
  }

  /** An item across stores has no stock status of its own: each store's answer has one. */
  statusOf(): null {
    return null
  }

  value(column: ViewColumn): CellValue {
    return isItemSummaryColumn(column) ? itemSummaryValue(this.summary, column) : this.entry.value(column)
  }

  text(column: ViewColumn): string {
    if (column.key === 'outOfStockIn') return outOfStockInText(this.summary)
    return isItemSummaryColumn(column) ? textOf(this.value(column)) : this.entry.text(column)
  }

  lower(column: ViewColumn): string {
    return isItemSummaryColumn(column) ? this.text(column).toLowerCase() : this.entry.lower(column)
  }

  contains(term: SearchTerm, lineColumns: readonly ViewColumn[]): boolean {
    const own = lineColumns.filter((column) => !isItemSummaryColumn(column))
    if (this.entry.contains(term, own)) return true
    return lineColumns.some((column) => {
      if (!isItemSummaryColumn(column)) return false
      const value = this.value(column)
      return typeof value === 'number' ? term.inNumber(value) : term.in(this.text(column))
    })
  }

  storeLinks(column: ViewColumn): readonly StoreLink[] {
    return column.key === 'storesConcerned' ? this.concerns : []
  }

  /** "Out of stock somewhere": the item answers a chip when any store's answer for it does. */
  hasStatus(statuses: ReadonlySet<string>): boolean {
    return this.across.hasStatus(statuses)
  }
}

/** The By item view's rows, one per looked-up value in line order, from the same rows the Matrix has. */
export function byItemRowsOf(set: ResultSet, lowStockLevel: number): ByItemRow[] {
  return matrixRowsOf(set, lowStockLevel).map((row) => new ByItemRow(row, set.stores))
}
