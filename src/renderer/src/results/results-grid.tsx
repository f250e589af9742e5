import { useCallback, useMemo, type ClipboardEvent } from 'react'
import { DataGrid, type CellCopyArgs, type PositionChangeArgs, type SortColumn } from 'react-data-grid'
import 'react-data-grid/lib/styles.css'
import { clipboardCell, rowsToTsv } from './copy-tsv'
import { RESULT_COLUMNS } from './result-columns'
import { cellText, COLUMN_KEYS, COLUMN_NAMES, isColumnKey, type ResultRow } from './result-row'

export interface ResultsGridProps {
  rows: readonly ResultRow[]
  sortColumns: readonly SortColumn[]
  onSortColumnsChange: (sortColumns: SortColumn[]) => void
  selectedRows: ReadonlySet<string>
  onSelectedRowsChange: (selectedRows: Set<string>) => void
  onActiveRowChange: (key: string | null) => void
  /** Told what went to the clipboard, for a polite announcement. */
  onCopied: (what: string) => void
  describedBy?: string
  /** What the grid says when it has no rows to show. */
  emptyText: string
}

const rowKey = (row: ResultRow) => row.key

/**
 * The virtualized results grid. Ctrl/Cmd+C copies the active cell, or every selected row as TSV
 * with a header when the active cell sits on a selected row, so a range pastes into a spreadsheet.
 */
export function ResultsGrid(props: ResultsGridProps) {
  const { rows, selectedRows, onActiveRowChange, onCopied, emptyText } = props
  const renderers = useMemo(() => ({ noRowsFallback: <div className="results-no-rows">{emptyText}</div> }), [emptyText])

  const handleCopy = useCallback(
    ({ row, column }: CellCopyArgs<ResultRow>, event: ClipboardEvent<HTMLDivElement>) => {
      let text: string
      let what: string
      if (selectedRows.size > 0 && selectedRows.has(row.key)) {
        const chosen = rows.filter((candidate) => selectedRows.has(candidate.key))
        text = rowsToTsv(chosen, COLUMN_KEYS)
        what = chosen.length === 1 ? 'Copied 1 row.' : `Copied ${chosen.length.toLocaleString()} rows.`
      } else if (isColumnKey(column.key)) {
        text = clipboardCell(cellText(row, column.key))
        what = `Copied ${COLUMN_NAMES[column.key]} of line ${row.line}.`
      } else {
        text = rowsToTsv([row], COLUMN_KEYS)
        what = 'Copied 1 row.'
      }
      event.clipboardData.setData('text/plain', text)
      event.preventDefault()
      onCopied(what)
    },
    [rows, selectedRows, onCopied]
  )

  const handlePositionChange = useCallback(
    ({ row }: PositionChangeArgs<ResultRow>) => {
      if (row !== undefined) onActiveRowChange(row.key)
    },
    [onActiveRowChange]
  )

  return (
    <DataGrid
      className="results-grid"
      aria-label="Inventory results"
      aria-describedby={props.describedBy}
      columns={RESULT_COLUMNS}
      rows={rows}
      rowKeyGetter={rowKey}
      rowHeight={32}
      headerRowHeight={36}
      sortColumns={props.sortColumns}
      onSortColumnsChange={props.onSortColumnsChange}
      selectedRows={selectedRows}
      onSelectedRowsChange={props.onSelectedRowsChange}
      onActivePositionChange={handlePositionChange}
      onCellCopy={handleCopy}
      renderers={renderers}
    />
  )
}
