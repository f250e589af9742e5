import type { ExportCell, ExportFill, ExportSheet } from '../export/export-sheet'
import { STOCK_STATUS_FILLS } from '../stock/stock-status'
import { compareCellValue, compareStatus, type CompareColumn } from './compare-columns'
import type { CompareRow } from './compare-lookups'

/**
 * A comparison as a sheet: the rows given, in their order, with the columns given (the view's, or
 * `compareColumnsFor` the comparison as the headless command writes it); stock status cells are
 * filled in their colours.
 */
export function compareSheet(rows: readonly CompareRow[], columns: readonly CompareColumn[]): ExportSheet {
  const cells = rows.map((row): ExportCell[] => columns.map((column) => compareCellValue(row, column.key)))
  const fills = columns.flatMap((column, index): ExportFill[] => {
    const side = column.side
    if (side === undefined) return []
    const colors = rows.map((row) => {
      const status = compareStatus(row, side)
      return status === null ? null : STOCK_STATUS_FILLS[status]
    })
    return [{ column: index, colors }]
  })
  return {
    name: 'Compare',
    columns: columns.map((column) => ({ label: column.label, kind: column.kind === 'status' ? 'text' : column.kind })),
    rows: cells,
    ...(fills.length === 0 ? {} : { fills })
  }
}
