import { SelectCellFormatter, SelectColumn, useRowSelection, type Column, type RenderCellProps } from 'react-data-grid'
import type { ViewColumn } from '../../../shared/views/view-columns'
import { StatusBadge } from './status-badge'
import type { ViewRow } from './view-rows'

/**
 * Widths that let the Items view show all its own columns at 1366 px wide with the detail panel
 * closed; the file's own columns come after the identifiers and may scroll sideways.
 */
const WIDTHS: Readonly<Record<string, number | string>> = {
  status: 262,
  line: 60,
  input: 132,
  gtin: 132,
  wmItemNumber: 116,
  onShelf: 74,
  backroom: 88,
  onHand: 74,
  onOrder: 74,
  inTransit: 74,
  locationArea: 110,
  state: 100,
  quantity: 82,
  countedAs: 100,
  supplier: 170,
  message: 'minmax(150px, auto)'
}
const CARRIED_WIDTH = 160
const FROZEN: ReadonlySet<string> = new Set(['status', 'line'])

function gridColumn(column: ViewColumn): Column<ViewRow> {
  const numeric = column.kind === 'number'
  return {
    key: column.key,
    name: column.label,
    width: WIDTHS[column.key] ?? CARRIED_WIDTH,
    minWidth: 56,
    sortable: true,
    resizable: true,
    draggable: !FROZEN.has(column.key),
    frozen: FROZEN.has(column.key),
    sortDescendingFirst: numeric && column.key !== 'line',
    cellClass: numeric ? 'results-cell-number' : undefined,
    headerCellClass: numeric ? 'results-cell-number' : undefined,
    renderCell: column.key === 'status' ? ({ row }) => <StatusBadge status={row.status} /> : ({ row }) => row.text(column)
  }
}

/** A row's checkbox, named after its line so a screen reader says which row it selects. */
function SelectLine({ row, tabIndex }: RenderCellProps<ViewRow>) {
  const { isRowSelectionDisabled, isRowSelected, onRowSelectionChange } = useRowSelection()
  return (
    <SelectCellFormatter
      aria-label={row.locationIndex > 0 ? `Select line ${row.entry.line}, location ${row.locationIndex + 1}` : `Select line ${row.entry.line}`}
      tabIndex={tabIndex}
      disabled={isRowSelectionDisabled}
      value={isRowSelected}
      onChange={(checked, isShiftClick) => onRowSelectionChange({ row, checked, isShiftClick })}
    />
  )
}

const SELECT_LINE_COLUMN: Column<ViewRow> = {
  ...(SelectColumn as Column<ViewRow>),
  frozen: true,
  renderCell: (props) => <SelectLine {...props} />
}

/** The grid's columns for a view's columns in screen order, after the row checkboxes. */
export function gridColumns(columns: readonly ViewColumn[]): Column<ViewRow>[] {
  return [SELECT_LINE_COLUMN, ...columns.map(gridColumn)]
}
