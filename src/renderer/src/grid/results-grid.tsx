import { useCallback, useId, useMemo, type ClipboardEvent, type KeyboardEvent } from 'react'
import { DataGrid, type CellCopyArgs, type CellMouseArgs, type PositionChangeArgs, type SortColumn } from 'react-data-grid'
import 'react-data-grid/lib/styles.css'
import './grid.css'
import type { AsOfRange } from '../../../shared/domain/as-of'
import { formatCount } from '../format/format'
import { useTipDisplay } from '../components/figure-tips'
import { useColumnTips } from './column-tips'
import { clipboardCell, rowsToTsv } from './copy-tsv'
import { gridColumns, type GridLayout } from './grid-columns'
import type { GridColumn, GridRow } from './grid-row'

export interface ResultsGridProps<Column extends GridColumn, Row extends GridRow<Column>> {
  rows: readonly Row[]
  columns: readonly Column[]
  /** Column widths and the columns kept in view. */
  layout: GridLayout
  /** The grid's accessible name. */
  label: string
  sortColumns: readonly SortColumn[]
  onSortColumnsChange: (sortColumns: SortColumn[]) => void
  onColumnsReorder: (sourceKey: string, targetKey: string) => void
  selectedRows: ReadonlySet<string>
  onSelectedRowsChange: (selectedRows: Set<string>) => void
  /**
   * The row (and column) the keyboard or pointer is on; `open` when the person asked for its details
   * (click, Enter). The column matters in the Matrix, where each store's cell opens that store's answer.
   */
  onActiveRowChange: (row: Row | null, open: boolean, columnKey: string | null) => void
  /** Told what was copied or selected, for a polite announcement. */
  onAnnounce: (what: string) => void
  describedBy?: string
  /** The earliest and latest time the API gave with the answers shown, for the figures' tips; absent when unknown. */
  asOf?: AsOfRange | null
  /** What the grid says when it has no rows to show. */
  emptyText: string
}

const rowKey = (row: GridRow) => row.key

/**
 * The virtualized results grid, one Tab stop: arrow keys, Home/End and Page keys move inside it, Tab
 * and Shift+Tab leave it, Ctrl/Cmd+A selects every row shown. Ctrl/Cmd+C copies the active cell, or
 * every selected row as TSV with a header when the active cell sits on a selected row.
 */
export function ResultsGrid<Column extends GridColumn, Row extends GridRow<Column>>(props: ResultsGridProps<Column, Row>) {
  const { rows, columns, selectedRows, onSelectedRowsChange, onActiveRowChange, onAnnounce, emptyText } = props
  const { layout } = props
  const renderers = useMemo(() => ({ noRowsFallback: <div className="results-no-rows">{emptyText}</div> }), [emptyText])
  const gridId = useId()
  const tips = useColumnTips(gridId, columns, props.asOf ?? null)
  const tipDisplay = useTipDisplay(useMemo(() => [...tips.values()], [tips]))
  const grid = useMemo(() => gridColumns<Column, Row>(columns, layout, tips), [columns, layout, tips])
  const byKey = useMemo(() => new Map(columns.map((column) => [column.key as string, column])), [columns])

  const handleCopy = useCallback(
    ({ row, column }: CellCopyArgs<Row>, event: ClipboardEvent<HTMLDivElement>) => {
      let text: string
      let what: string
      const viewColumn = byKey.get(column.key)
      if (selectedRows.size > 0 && selectedRows.has(row.key)) {
        const chosen = rows.filter((candidate) => selectedRows.has(candidate.key))
        text = rowsToTsv(chosen, columns)
        what = chosen.length === 1 ? 'Copied 1 row.' : `Copied ${formatCount(chosen.length)} rows.`
      } else if (viewColumn !== undefined) {
        text = clipboardCell(row.text(viewColumn))
        what = `Copied ${viewColumn.label} of ${row.label}.`
      } else {
        text = rowsToTsv([row], columns)
        what = 'Copied 1 row.'
      }
      event.clipboardData.setData('text/plain', text)
      event.preventDefault()
      onAnnounce(what)
    },
    [rows, columns, byKey, selectedRows, onAnnounce]
  )

  const handlePositionChange = useCallback(
    ({ row, column }: PositionChangeArgs<Row>) => {
      if (row !== undefined) onActiveRowChange(row, false, column?.key ?? null)
    },
    [onActiveRowChange]
  )
  const handleCellClick = useCallback(
    ({ row, column }: CellMouseArgs<Row>) => {
      if (column.key !== 'rdg-select-column') onActiveRowChange(row, true, column.key)
    },
    [onActiveRowChange]
  )

  // Captured before the grid sees them: the grid would otherwise move Tab from cell to cell.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.stopPropagation()
      return
    }
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') {
      event.preventDefault()
      event.stopPropagation()
      onSelectedRowsChange(new Set(rows.map(rowKey)))
      onAnnounce(`Selected all ${formatCount(rows.length)} rows shown.`)
      return
    }
    const target = event.target as HTMLElement
    if (event.key === 'Enter' && target.getAttribute('role') === 'gridcell') {
      const rowIndex = Number(target.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? '0') - 2
      // The grid's first column holds the checkboxes: the view's columns start at aria-colindex 2.
      const columnIndex = Number(target.getAttribute('aria-colindex') ?? '0') - 2
      const row = rows[rowIndex]
      if (row !== undefined) onActiveRowChange(row, true, columns[columnIndex]?.key ?? null)
    }
  }

  return (
    <div className="results-grid-frame" onKeyDownCapture={handleKeyDownCapture} {...tipDisplay.handlers}>
      <DataGrid
        className="results-grid"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        columns={grid}
        rows={rows}
        rowKeyGetter={rowKey}
        rowHeight={28}
        headerRowHeight={40}
        sortColumns={props.sortColumns}
        onSortColumnsChange={props.onSortColumnsChange}
        onColumnsReorder={props.onColumnsReorder}
        selectedRows={selectedRows}
        onSelectedRowsChange={onSelectedRowsChange}
        onActivePositionChange={handlePositionChange}
        onCellClick={handleCellClick}
        onCellCopy={handleCopy}
        renderers={renderers}
      />
      {tipDisplay.elements}
    </div>
  )
}
