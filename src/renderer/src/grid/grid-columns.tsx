import type { ReactNode } from 'react'
import { SelectCellFormatter, SelectColumn, useRowSelection, type Column, type RenderCellProps } from 'react-data-grid'
import { formatCount, formatDateTime } from '../format/format'
import { DescribedHeader, type ColumnTip } from './column-tips'
import type { GridColumn, GridRow } from './grid-row'
import { StatusBadge, StatusIcon } from './status-badge'
import { StoreLinks } from './store-links'

const CARRIED_WIDTH = 160
/** Room for a figure with the longest word beside it: `◐ 1,234.5 Shelf empty`. */
const MATRIX_STORE_WIDTH = 164

/** How a screen's grid lays its columns out: widths by key (others get a file column's), and the keys kept in view when scrolling sideways. */
export interface GridLayout {
  readonly widths: Readonly<Record<string, number | string>>
  readonly frozen: ReadonlySet<string>
}

/**
 * Number columns shown by their row's own text: store and line numbers name something rather than
 * count it (never grouped), the in-stock rate has its " %", and By item's "4 of 12 stores" its stores.
 */
const OWN_TEXT: ReadonlySet<string> = new Set(['store', 'line', 'inStockRate', 'outOfStockIn'])

/** A store's cell in the Matrix: On hand with a word and an icon when it needs attention, coloured by status (never by colour alone). */
function StoreCellView<C extends GridColumn>({ row, column }: { row: GridRow<C>; column: C }) {
  const status = row.statusOf(column)
  if (status === null) return null
  return (
    <span className="matrix-cell" data-status={status}>
      <StatusIcon status={status} />
      {row.text(column)}
    </span>
  )
}

function renderer<C extends GridColumn, R extends GridRow<C>>(column: C): (props: RenderCellProps<R>) => ReactNode {
  if (column.kind === 'status')
    return ({ row }) => {
      const status = row.statusOf(column)
      return status === null ? null : <StatusBadge status={status} />
    }
  if (column.store !== undefined) return ({ row }) => <StoreCellView row={row} column={column} />
  if (column.key === 'storesConcerned')
    return ({ row, tabIndex }) =>
      row.storeLinks === undefined ? row.text(column) : <StoreLinks row={row} links={row.storeLinks(column)} tabIndex={tabIndex} />
  // Counts and quantities in the screen's locale ("1.234,5" in German); the row's text stays plain for copying and search.
  // An instant as ISO text in UTC, shown in the person's zone and locale.
  if (column.key === 'asOf')
    return ({ row }) => {
      const value = row.value(column)
      return typeof value === 'string' ? formatDateTime(value) : null
    }
  if (column.kind === 'number' && !OWN_TEXT.has(column.key))
    return ({ row }) => {
      const value = row.value(column)
      return typeof value === 'number' ? formatCount(value) : row.text(column)
    }
  return ({ row }) => row.text(column)
}

function gridColumn<C extends GridColumn, R extends GridRow<C>>(
  column: C,
  { widths, frozen }: GridLayout,
  tip: ColumnTip | undefined
): Column<R> {
  const numeric = column.kind === 'number'
  return {
    ...(tip === undefined ? {} : { renderHeaderCell: (props) => <DescribedHeader {...props} tip={tip} /> }),
    key: column.key,
    name: column.label,
    width: column.store === undefined ? (widths[column.key] ?? CARRIED_WIDTH) : MATRIX_STORE_WIDTH,
    minWidth: 56,
    sortable: true,
    resizable: true,
    draggable: !frozen.has(column.key),
    frozen: frozen.has(column.key),
    sortDescendingFirst: numeric && column.key !== 'line' && column.key !== 'store',
    cellClass: numeric ? 'results-cell-number' : undefined,
    headerCellClass: numeric ? 'results-cell-number' : undefined,
    renderCell: renderer<C, R>(column)
  }
}

/** A row's checkbox, named after its row ("Select line 12", "Select store 1234, line 5") so a screen reader says which row it selects. */
function SelectRow<R extends { readonly label: string }>({ row, tabIndex }: RenderCellProps<R>) {
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

function selectRowColumn<R extends { readonly label: string }>(): Column<R> {
  return { ...(SelectColumn as Column<R>), frozen: true, renderCell: (props) => <SelectRow {...props} /> }
}

/** The grid's columns for a view's columns in screen order, after the row checkboxes; a figure's header is described by its tip. */
export function gridColumns<C extends GridColumn, R extends GridRow<C>>(
  columns: readonly C[],
  layout: GridLayout,
  tips: ReadonlyMap<string, ColumnTip> = new Map()
): Column<R>[] {
  return [selectRowColumn<R>(), ...columns.map((column) => gridColumn<C, R>(column, layout, tips.get(column.key)))]
}
