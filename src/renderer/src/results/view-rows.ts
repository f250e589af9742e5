import type { InventoryLocation } from '../../../shared/domain/line-result'
import type { CellValue, ViewColumn } from '../../../shared/views/view-columns'
import type { GridRow } from '../grid/grid-row'
import { lowerWord, textOf } from '../grid/cell-text'
import type { LineEntry } from './line-entry'
import { ROW_STATUS_LABELS, ROW_STATUS_RANK, type RowStatus } from '../grid/row-status'
import type { SearchTerm } from '../grid/search-term'

const LOWERED_STATUS_LABELS = Object.fromEntries(
  Object.entries(ROW_STATUS_LABELS).map(([status, label]) => [status, label.toLowerCase()])
) as Readonly<Record<RowStatus, string>>

/** A row of the Items or Locations view: one store's answer for one line (or one location row of it). */
export interface ViewRow extends GridRow<ViewColumn> {
  readonly entry: LineEntry
  readonly status: RowStatus
  /** The location row within its line, or -1 for a row that stands for the whole line. */
  readonly locationIndex: number
}

export function isViewRow(row: GridRow<ViewColumn>): row is ViewRow {
  return 'locationIndex' in row
}

/** "line 5", or "store 1234, line 5" in a lookup of several stores. */
export function lineLabel(entry: LineEntry, manyStores: boolean): string {
  return manyStores ? `store ${entry.storeNbr}, line ${entry.line}` : `line ${entry.line}`
}

/** One row per store and input line (the Items view). */
export class ItemRow implements ViewRow {
  readonly entry: LineEntry
  readonly status: RowStatus
  readonly locationIndex = -1
  /** Whether the lookup has several stores: rows then name their store. */
  readonly manyStores: boolean
  private keyText: string | null = null

  constructor(entry: LineEntry, status: RowStatus, manyStores = false) {
    this.entry = entry
    this.status = status
    this.manyStores = manyStores
  }

  get key(): string {
    this.keyText ??= `${this.entry.storeNbr}:${this.entry.line}`
    return this.keyText
  }

  get label(): string {
    return lineLabel(this.entry, this.manyStores)
  }

  statusOf(): RowStatus {
    return this.status
  }

  hasStatus(statuses: ReadonlySet<string>): boolean {
    return statuses.has(this.status)
  }

  value(column: ViewColumn): CellValue {
    return column.key === 'status' ? ROW_STATUS_LABELS[this.status] : this.entry.value(column)
  }

  text(column: ViewColumn): string {
    return column.key === 'status' ? ROW_STATUS_LABELS[this.status] : this.entry.text(column)
  }

  lower(column: ViewColumn): string {
    return column.key === 'status' ? LOWERED_STATUS_LABELS[this.status] : this.entry.lower(column)
  }

  contains(term: SearchTerm, lineColumns: readonly ViewColumn[]): boolean {
    return term.inLabel(ROW_STATUS_LABELS[this.status]) || this.entry.contains(term, lineColumns)
  }
}

/** One row per inventory location of a line, and one for a line without any (the Locations view). */
export class LocationRow implements ViewRow {
  readonly entry: LineEntry
  readonly status: RowStatus
  readonly locationIndex: number
  readonly manyStores: boolean
  private keyText: string | null = null

  constructor(entry: LineEntry, status: RowStatus, locationIndex: number, manyStores = false) {
    this.entry = entry
    this.status = status
    this.locationIndex = locationIndex
    this.manyStores = manyStores
  }

  get key(): string {
    this.keyText ??= `${this.entry.storeNbr}:${this.entry.line}:${this.locationIndex}`
    return this.keyText
  }

  get label(): string {
    const line = lineLabel(this.entry, this.manyStores)
    return this.locationIndex > 0 ? `${line}, location ${this.locationIndex + 1}` : line
  }

  statusOf(): RowStatus {
    return this.status
  }

  hasStatus(statuses: ReadonlySet<string>): boolean {
    return statuses.has(this.status)
  }

  get location(): InventoryLocation | undefined {
    return this.entry.result.item?.inventory_locations[this.locationIndex]
  }

  value(column: ViewColumn): CellValue {
    if (column.key === 'status') return ROW_STATUS_LABELS[this.status]
    return column.perLocation ? this.entry.value(column, this.locationIndex) : this.entry.value(column)
  }

  text(column: ViewColumn): string {
    if (column.key === 'status') return ROW_STATUS_LABELS[this.status]
    return column.perLocation ? textOf(this.entry.value(column, this.locationIndex)) : this.entry.text(column)
  }

  lower(column: ViewColumn): string {
    if (column.key === 'status') return LOWERED_STATUS_LABELS[this.status]
    return column.perLocation ? lowerWord(this.text(column)) : this.entry.lower(column)
  }

  contains(term: SearchTerm, lineColumns: readonly ViewColumn[], locationColumns: readonly ViewColumn[]): boolean {
    if (term.inLabel(ROW_STATUS_LABELS[this.status]) || this.entry.contains(term, lineColumns)) return true
    if (this.location === undefined) return false
    for (const column of locationColumns) {
      const value = this.value(column)
      if (typeof value === 'number' ? term.inNumber(value) : term.in(textOf(value))) return true
    }
    return false
  }
}

/** The Locations view's rows of the Items view's rows, in the same line order. */
export function locationRowsOf(items: readonly ItemRow[]): LocationRow[] {
  const rows: LocationRow[] = []
  for (const item of items) {
    const count = Math.max(1, item.entry.result.item?.inventory_locations.length ?? 0)
    for (let index = 0; index < count; index += 1) rows.push(new LocationRow(item.entry, item.status, index, item.manyStores))
  }
  return rows
}

/** Lines per status among `rows` (one row per line). */
export function statusCounts(rows: readonly ItemRow[]): Record<RowStatus, number> {
  const counts = Object.fromEntries([...ROW_STATUS_RANK.keys()].map((status) => [status, 0])) as Record<RowStatus, number>
  for (const row of rows) counts[row.status] += 1
  return counts
}
