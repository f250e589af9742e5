import type { ReactNode } from 'react'
import { SelectCellFormatter, SelectColumn, useRowSelection, type Column, type RenderCellProps } from 'react-data-grid'
import type { ViewColumn } from '../../../shared/views/view-columns'
import { StatusBadge, StatusIcon } from './status-badge'
import { MatrixRow } from './store-rows'
import type { GridRow } from './view-rows'

/**
 * Widths that let the Items view show all its own columns at 1366 px wide with the detail panel
 * closed; the file's own columns come after the identifiers and may scroll sideways.
 */
const WIDTHS: Readonly<Record<string, number | string>> = {
  status: 262,
  store: 72,
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
  message: 'minmax(150px, auto)',
  storeState: 110,
  valuesFound: 100,
  outOfStock: 100,
  shelfEmpty: 150,
  lowStock: 90,
  notFound: 90,
  failed: 74,
  inStockRate: 110
}
const CARRIED_WIDTH = 160
/** Room for a figure with the longest word beside it: `◐ 1,234.5 Shelf empty`. */
const MATRIX_STORE_WIDTH = 164
const FROZEN: ReadonlySet<string> = new Set(['status', 'store', 'line'])

/** A Matrix cell: On hand with a word and an icon when it needs attention, coloured by status (never by colour alone). */
function MatrixCellView({ row, column }: { row: GridRow; column: ViewColumn & { store: number } }) {
  const cell = row instanceof MatrixRow ? row.cell(column.store) : undefined
  if (cell === undefined) return null
  return (
    <span className="matrix-cell" data-status={cell.status}>
      <StatusIcon status={cell.status} />
      {row.text(column)}
    </span>
  )
}

function renderer(column: ViewColumn): (props: RenderCellProps<GridRow>) => ReactNode {
  if (column.key === 'status') return ({ row }) => (row.status === null ? null : <StatusBadge status={row.status} />)
  const store = column.store
  if (store !== undefined) return ({ row }) => <MatrixCellView row={row} column={{ ...column, store }} />
  return ({ row }) => row.text(column)
}

function gridColumn(column: ViewColumn): Column<GridRow> {
  const numeric = column.kind === 'number'
  return {
    key: column.key,
    name: column.label,
    width: column.store === undefined ? (WIDTHS[column.key] ?? CARRIED_WIDTH) : MATRIX_STORE_WIDTH,
    minWidth: 56,
    sortable: true,
    resizable: true,
    draggable: !FROZEN.has(column.key),
    frozen: FROZEN.has(column.key),
    sortDescendingFirst: numeric && column.key !== 'line' && column.key !== 'store',
    cellClass: numeric ? 'results-cell-number' : undefined,
    headerCellClass: numeric ? 'results-cell-number' : undefined,
    renderCell: renderer(column)
  }
}

/** A row's checkbox, named after the row so a screen reader says which row it selects. */
function SelectLine({ row, tabIndex }: RenderCellProps<GridRow>) {
  const { isRowSelectionDisabled, isRowSelected, onRowSelectionChange } = useRowSelection()
  return (
    <SelectCellFormatter
      aria-label={`Select ${row.label}`}
      tabIndex={tabIndex}
      disabled={isRowSelectionDisabled}
      value={isRowSelected}
      onChange={(checked, isShiftClick) => onRowSelectionChange({ row, checked, isShiftClick })}
    />
  )
}

const SELECT_LINE_COLUMN: Column<GridRow> = {
  ...(SelectColumn as Column<GridRow>),
  frozen: true,
  renderCell: (props) => <SelectLine {...props} />
}

/** The grid's columns for a view's columns in screen order, after the row checkboxes. */
export function gridColumns(columns: readonly ViewColumn[]): Column<GridRow>[] {
  return [SELECT_LINE_COLUMN, ...columns.map(gridColumn)]
}
