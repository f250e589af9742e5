import { STOCK_STATUSES, type StockStatus } from '../../../shared/stock/stock-status'
import {
  formatRate,
  isLookedUp,
  matrixCellText,
  matrixRowRate,
  storeSummaryValue,
  summarizeStores,
  summaryStatusCount,
  type MatrixCell,
  type StoreSummary
} from '../../../shared/views/store-views'
import type { CellValue, ViewColumn } from '../../../shared/views/view-columns'
import { SCREEN_LOCALE } from '../format/format'
import { textOf } from '../grid/cell-text'
import type { LineEntry } from './line-entry'
import { entryAt, rowStatus, type ResultSet } from './result-set'
import type { SearchTerm } from '../grid/search-term'
import type { GridRow } from '../grid/grid-row'
import type { RowStatus } from '../grid/row-status'

/** A row of the Stores view: one store, its counts and in-stock rate. */
export class StoreRow implements GridRow<ViewColumn> {
  readonly summary: StoreSummary

  constructor(summary: StoreSummary) {
    this.summary = summary
  }

  get key(): string {
    return `store:${this.summary.storeNbr}`
  }

  /** A store sums many answers: it has no stock status of its own. */
  statusOf(): null {
    return null
  }

  get label(): string {
    return `store ${this.summary.storeNbr}`
  }

  get storeNbr(): number {
    return this.summary.storeNbr
  }

  value(column: ViewColumn): CellValue {
    return storeSummaryValue(this.summary, column)
  }

  text(column: ViewColumn): string {
    return column.key === 'inStockRate' ? formatRate(this.summary.inStockRate, SCREEN_LOCALE) : textOf(this.value(column))
  }

  lower(column: ViewColumn): string {
    return this.text(column).toLowerCase()
  }

  contains(term: SearchTerm, lineColumns: readonly ViewColumn[]): boolean {
    return lineColumns.some((column) => {
      const value = this.value(column)
      return typeof value === 'number' ? term.inNumber(value) : term.in(this.text(column))
    })
  }

  /** A store answers a preset when any of its values has one of the statuses ("Out of stock": stores with an item out of stock). */
  hasStatus(statuses: ReadonlySet<string>): boolean {
    for (const status of STOCK_STATUSES) if (statuses.has(status) && summaryStatusCount(this.summary, status) > 0) return true
    return false
  }
}

/** How many values each store looks up: lines that are neither invalid nor a duplicate (those are the same in every store). */
export function valuesPerStore(set: ResultSet, inputLines: number): number {
  const skipped = new Set<number>()
  const first = set.byStore[0] ?? []
  for (let line = 0; line < first.length; line += 1) {
    const entry = first[line]
    if (entry !== undefined && !isLookedUp(entry.result.status)) skipped.add(line)
  }
  return inputLines - skipped.size
}

/** The Stores view's rows, in the lookup's store order. */
export function storeRowsOf(set: ResultSet, inputLines: number, lowStockLevel: number): StoreRow[] {
  const pairs = set.lines.map((entry) => ({
    storeNbr: entry.storeNbr,
    line: entry.line,
    status: entry.stockStatus(lowStockLevel),
    onHand: entry.figures?.onHand ?? null
  }))
  return summarizeStores(set.stores, valuesPerStore(set, inputLines), pairs).map((summary) => new StoreRow(summary))
}

/** A row of the Matrix view: one value, each store's answer for it, and its in-stock rate across them. */
export class MatrixRow implements GridRow<ViewColumn> {
  /** The entry that names the value best (one that found the item, else the first): its identifiers and file cells. */
  readonly entry: LineEntry
  /** Each store's entry and status, by the store's position in the lookup. */
  readonly cells: readonly (LineEntry | undefined)[]
  readonly statuses: readonly (RowStatus | undefined)[]
  private readonly positions: ReadonlyMap<number, number>
  private rate: number | null | undefined = undefined

  constructor(
    entry: LineEntry,
    cells: readonly (LineEntry | undefined)[],
    statuses: readonly (RowStatus | undefined)[],
    positions: ReadonlyMap<number, number>
  ) {
    this.entry = entry
    this.cells = cells
    this.statuses = statuses
    this.positions = positions
  }

  get key(): string {
    return `line:${this.entry.line}`
  }

  /** A value across stores has no stock status of its own: each store's cell has one (none while that store has no answer). */
  statusOf(column: ViewColumn): RowStatus | null {
    return column.store === undefined ? null : (this.cell(column.store)?.status ?? null)
  }

  get label(): string {
    return `line ${this.entry.line}`
  }

  get line(): number {
    return this.entry.line
  }

  /** A store's answer for this value; undefined while it has none. */
  cell(storeNbr: number): { entry: LineEntry; status: RowStatus } | undefined {
    const position = this.positions.get(storeNbr)
    if (position === undefined) return undefined
    const entry = this.cells[position]
    const status = this.statuses[position]
    return entry === undefined || status === undefined ? undefined : { entry, status }
  }

  /** A store's status and On hand for this value, as the Matrix and By item count them. */
  matrixCell(storeNbr: number): MatrixCell | undefined {
    const cell = this.cell(storeNbr)
    if (cell === undefined) return undefined
    // A failure being retried is still a failure until its new answer comes.
    const status: StockStatus = cell.status === 'retrying' ? 'failed' : cell.status
    return { status, onHand: cell.entry.figures?.onHand ?? null }
  }

  get inStockRate(): number | null {
    if (this.rate === undefined) this.rate = matrixRowRate(this.cells.map((_entry, position) => this.matrixCellAt(position)))
    return this.rate
  }

  private matrixCellAt(position: number): MatrixCell | undefined {
    const entry = this.cells[position]
    return entry === undefined ? undefined : this.matrixCell(entry.storeNbr)
  }

  /** A store's cell is its On hand (for filters and sorting); the rate is a number; the rest are the value's own cells. */
  value(column: ViewColumn): CellValue {
    if (column.store !== undefined) {
      const cell = this.matrixCell(column.store)
      return cell === undefined || cell.onHand === null ? null : cell.onHand
    }
    if (column.key === 'inStockRate') return this.inStockRate
    return this.entry.value(column)
  }

  text(column: ViewColumn): string {
    if (column.store !== undefined) return matrixCellText(this.matrixCell(column.store), SCREEN_LOCALE)
    if (column.key === 'inStockRate') return formatRate(this.inStockRate, SCREEN_LOCALE)
    return this.entry.text(column)
  }

  lower(column: ViewColumn): string {
    if (column.store !== undefined || column.key === 'inStockRate') return this.text(column).toLowerCase()
    return this.entry.lower(column)
  }

  contains(term: SearchTerm, lineColumns: readonly ViewColumn[]): boolean {
    const own = lineColumns.filter((column) => column.store === undefined && column.key !== 'inStockRate')
    if (this.entry.contains(term, own)) return true
    return lineColumns.some((column) => (column.store === undefined && column.key !== 'inStockRate' ? false : term.in(this.text(column))))
  }

  /** "Out of stock" in the Matrix: values out of stock in at least one store. */
  hasStatus(statuses: ReadonlySet<string>): boolean {
    for (const status of this.statuses) if (status !== undefined && statuses.has(status)) return true
    return false
  }
}

/** The Matrix view's rows: one per looked-up value (invalid lines and duplicates have none of their own), in line order. */
export function matrixRowsOf(set: ResultSet, lowStockLevel: number): MatrixRow[] {
  const positions = new Map(set.stores.map((store, position) => [store, position]))
  const longest = Math.max(0, ...set.byStore.map((byLine) => byLine.length))
  const rows: MatrixRow[] = []
  for (let line = 1; line < longest; line += 1) {
    let named: LineEntry | undefined
    let any = false
    const cells: (LineEntry | undefined)[] = []
    const statuses: (RowStatus | undefined)[] = []
    for (let position = 0; position < set.stores.length; position += 1) {
      const entry = set.byStore[position]?.[line]
      cells.push(entry)
      if (entry === undefined) {
        statuses.push(undefined)
        continue
      }
      any = true
      const status = rowStatus(set, entry, lowStockLevel)
      statuses.push(status)
      if (named === undefined || (named.result.status !== 'found' && entry.result.status === 'found')) named = entry
    }
    if (!any || named === undefined || !isLookedUp(named.result.status)) continue
    rows.push(new MatrixRow(named, cells, statuses, positions))
  }
  return rows
}

/** A Matrix cell's store and line, for the detail panel: that item's locations in that store. */
export function matrixCellEntry(set: ResultSet, row: MatrixRow, storeNbr: number): LineEntry | undefined {
  return entryAt(set, storeNbr, row.line)
}
