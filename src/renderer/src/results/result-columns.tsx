import { SelectColumn, type Column } from 'react-data-grid'
import { cellText, COLUMN_KEYS, COLUMN_NAMES, NUMERIC_COLUMNS, type ColumnKey, type ResultRow } from './result-row'

const WIDTHS: Readonly<Record<ColumnKey, number | string>> = {
  status: 112,
  line: 72,
  input: 150,
  gtin: 150,
  wmItemNumber: 170,
  locationArea: 124,
  state: 104,
  quantity: 96,
  totalQuantity: 124,
  supplier: 170,
  message: 'minmax(240px, auto)'
}

function dataColumn(key: ColumnKey): Column<ResultRow> {
  const numeric = NUMERIC_COLUMNS.has(key)
  return {
    key,
    name: COLUMN_NAMES[key],
    width: WIDTHS[key],
    minWidth: 60,
    sortable: true,
    resizable: true,
    frozen: key === 'status' || key === 'line',
    sortDescendingFirst: key === 'quantity' || key === 'totalQuantity',
    cellClass: numeric ? 'results-cell-number' : undefined,
    headerCellClass: numeric ? 'results-cell-number' : undefined,
    renderCell:
      key === 'status'
        ? ({ row }) => <span className={`results-status results-status-${row.status}`}>{cellText(row, 'status')}</span>
        : ({ row }) => cellText(row, key)
  }
}

/** Built once: the grid compares columns by identity, and a new array would recompute its layout. */
export const RESULT_COLUMNS: readonly Column<ResultRow>[] = [
  { ...SelectColumn, frozen: true },
  ...COLUMN_KEYS.map(dataColumn)
]
