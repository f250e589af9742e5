import type { ExportRows, ExportViewSpec } from '../../../shared/export/export-spec'
import type { ResultView, ViewColumn } from '../../../shared/views/view-columns'
import type { ExportScope } from '../export/export-message'
import type { ViewRow } from './view-rows'

/** Rows in screen order, as the export channel names them: lines, and in the Locations view each row's location. */
export function exportRows(view: ResultView, rows: readonly ViewRow[]): ExportRows {
  const lines = rows.map((row) => row.entry.line)
  return view === 'items' ? { lines } : { lines, locations: rows.map((row) => Math.max(0, row.locationIndex)) }
}

export interface ViewState {
  readonly view: ResultView
  readonly columns: readonly ViewColumn[]
  readonly lowStockLevel: number
  /** Every row of the view in line order. */
  readonly all: readonly ViewRow[]
  /** Every row in the screen's sort order (`all` itself when unsorted). */
  readonly sorted: readonly ViewRow[]
  /** What the grid shows: sorted, then filtered (`sorted` itself when nothing filters). */
  readonly shown: readonly ViewRow[]
  readonly selected: ReadonlySet<string>
}

/**
 * What the screen shows, for one scope. Rows keep the screen's sort; rows in line order and
 * unfiltered are sent as null ("every row") rather than as a list main already has.
 */
export function exportViewSpec(state: ViewState, scope: ExportScope): ExportViewSpec {
  const base = { view: state.view, columns: state.columns.map((column) => column.key), lowStockLevel: state.lowStockLevel }
  switch (scope) {
    case 'shown':
      return { ...base, rows: state.shown === state.all ? null : exportRows(state.view, state.shown) }
    case 'selected':
      return { ...base, rows: exportRows(state.view, state.sorted.filter((row) => state.selected.has(row.key))) }
    case 'all':
      return { ...base, rows: state.sorted === state.all ? null : exportRows(state.view, state.sorted) }
  }
}
