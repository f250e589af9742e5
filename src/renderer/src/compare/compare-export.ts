import type { CompareColumn } from '../../../shared/compare/compare-columns'
import type { InvokeInput } from '../../../shared/contract'
import type { ExportChoice } from '../export/export-dialog'
import type { CompareViewRow } from './compare-view-row'

export interface CompareViewState {
  readonly thenJobId: string
  readonly nowJobId: string
  readonly columns: readonly CompareColumn[]
  readonly lowStockLevel: number
  /** Every row in the comparison's order. */
  readonly all: readonly CompareViewRow[]
  /** Every row in the screen's sort order (`all` itself when unsorted). */
  readonly sorted: readonly CompareViewRow[]
  /** What the grid shows: sorted, then filtered (`sorted` itself when nothing filters). */
  readonly shown: readonly CompareViewRow[]
  readonly selected: ReadonlySet<string>
}

function keys(rows: readonly CompareViewRow[]): string[] {
  return rows.map((row) => row.key)
}

/**
 * What main writes for an export of the Compare view: its columns in screen order and, for the
 * scope chosen, its rows in screen order; rows in the comparison's own order and unfiltered are sent
 * as null ("every row") rather than as a list main already has.
 */
export function compareExportInput(
  state: CompareViewState,
  { format, scope, csvSeparator }: ExportChoice
): InvokeInput<'exportComparison'> {
  const base = {
    thenJobId: state.thenJobId,
    nowJobId: state.nowJobId,
    format,
    csvSeparator,
    columns: state.columns.map((column) => column.key),
    lowStockLevel: state.lowStockLevel
  }
  switch (scope) {
    case 'shown':
      return { ...base, rows: state.shown === state.all ? null : keys(state.shown) }
    case 'selected':
      return { ...base, rows: keys(state.sorted.filter((row) => state.selected.has(row.key))) }
    case 'all':
      return { ...base, rows: state.sorted === state.all ? null : keys(state.sorted) }
  }
}
