import type { ExportCell, ExportColumn, ExportSheet } from '../export/export-sheet'
import { STOCK_STATUS_FILLS, STOCK_STATUS_LABELS } from '../stock/stock-status'
import { COMPARE_CATEGORY_LABELS, type CompareRow } from './compare-lookups'

export const COMPARE_COLUMNS: readonly ExportColumn[] = [
  { label: 'Value', kind: 'id' },
  { label: 'Line', kind: 'number' },
  { label: 'Input', kind: 'id' },
  { label: 'Stock status then', kind: 'text' },
  { label: 'Stock status now', kind: 'text' },
  { label: 'On hand then', kind: 'number' },
  { label: 'On hand now', kind: 'number' },
  { label: 'Change', kind: 'number' },
  { label: 'Compared', kind: 'text' }
]

/** A comparison as a sheet: one row per value, the stock status cells filled in their colours. */
export function compareSheet(rows: readonly CompareRow[]): ExportSheet {
  const cells = rows.map((row): ExportCell[] => {
    const side = row.now ?? row.then
    return [
      row.value,
      side?.line ?? null,
      side?.input ?? null,
      row.then === null ? null : STOCK_STATUS_LABELS[row.then.status],
      row.now === null ? null : STOCK_STATUS_LABELS[row.now.status],
      row.then?.onHand ?? null,
      row.now?.onHand ?? null,
      row.change,
      COMPARE_CATEGORY_LABELS[row.category]
    ]
  })
  return {
    name: 'Compare',
    columns: COMPARE_COLUMNS,
    rows: cells,
    fills: [
      { column: 3, colors: rows.map((row) => (row.then === null ? null : STOCK_STATUS_FILLS[row.then.status])) },
      { column: 4, colors: rows.map((row) => (row.now === null ? null : STOCK_STATUS_FILLS[row.now.status])) }
    ]
  }
}
