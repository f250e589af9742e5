import type { ExportRows, ExportViewSpec } from '../../../shared/export/export-spec'
import type { LookupView } from '../../../shared/views/lookup-views'
import type { ViewColumn } from '../../../shared/views/view-columns'
import type { ExportScope } from '../export/export-message'
import { MatrixRow, StoreRow } from './store-rows'
import { ByItemRow } from './item-rows'
import type { GridRow } from '../grid/grid-row'
import { isViewRow } from './view-rows'

/**
 * Rows in screen order, as the export channel names them: Items and Locations by line (with each
 * row's store when there are several, and in Locations each row's location), Matrix and By item by line,
 * Stores by store.
 */
export function exportRows(view: LookupView, rows: readonly GridRow<ViewColumn>[], manyStores: boolean): ExportRows {
  if (view === 'stores') return { stores: rows.flatMap((row) => (row instanceof StoreRow ? [row.storeNbr] : [])) }
  if (view === 'matrix') return { lines: rows.flatMap((row) => (row instanceof MatrixRow ? [row.line] : [])) }
  if (view === 'by-item') return { lines: rows.flatMap((row) => (row instanceof ByItemRow ? [row.line] : [])) }
  const lineRows = rows.filter(isViewRow)
  const lines = lineRows.map((row) => row.entry.line)
  const stores = manyStores ? { stores: lineRows.map((row) => row.entry.storeNbr) } : {}
  return view === 'items' ? { lines, ...stores } : { lines, ...stores, locations: lineRows.map((row) => Math.max(0, row.locationIndex)) }
}

export interface ViewState {
  readonly view: LookupView
  readonly columns: readonly ViewColumn[]
  readonly lowStockLevel: number
  readonly manyStores: boolean
  /** Every row of the view in its own order. */
  readonly all: readonly GridRow<ViewColumn>[]
  /** Every row in the screen's sort order (`all` itself when unsorted). */
  readonly sorted: readonly GridRow<ViewColumn>[]
  /** What the grid shows: sorted, then filtered (`sorted` itself when nothing filters). */
  readonly shown: readonly GridRow<ViewColumn>[]
  readonly selected: ReadonlySet<string>
}

/**
 * What the screen shows, for one scope. Rows keep the screen's sort; rows in the view's own order
 * and unfiltered are sent as null ("every row") rather than as a list main already has.
 */
export function exportViewSpec(state: ViewState, scope: ExportScope): ExportViewSpec {
  const base = { view: state.view, columns: state.columns.map((column) => column.key), lowStockLevel: state.lowStockLevel }
  const rows = (chosen: readonly GridRow<ViewColumn>[]) => exportRows(state.view, chosen, state.manyStores)
  switch (scope) {
    case 'shown':
      return { ...base, rows: state.shown === state.all ? null : rows(state.shown) }
    case 'selected':
      return { ...base, rows: rows(state.sorted.filter((row) => state.selected.has(row.key))) }
    case 'all':
      return { ...base, rows: state.sorted === state.all ? null : rows(state.sorted) }
  }
}
