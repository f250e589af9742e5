import type { SortColumn } from 'react-data-grid'
import { isColumnKey, STATUS_ORDER, type ColumnKey, type ResultRow } from './result-row'

type SortKey =
  | { readonly kind: 'number'; readonly direction: 1 | -1; readonly values: Float64Array }
  | { readonly kind: 'text'; readonly direction: 1 | -1; readonly values: readonly string[] }

const STATUS_RANK = new Map(STATUS_ORDER.map((status, rank) => [status, rank]))

function numbers(rows: readonly ResultRow[], read: (row: ResultRow) => number | null | undefined): Float64Array {
  const values = new Float64Array(rows.length)
  for (let i = 0; i < rows.length; i += 1) values[i] = read(rows[i] as ResultRow) ?? Number.NaN
  return values
}

/** The column's values for every row, in one flat array the comparator indexes; NaN marks an empty number. */
function sortKey(rows: readonly ResultRow[], column: ColumnKey, direction: 1 | -1): SortKey {
  switch (column) {
    case 'line':
      return { kind: 'number', direction, values: numbers(rows, (row) => row.line) }
    case 'quantity':
      return { kind: 'number', direction, values: numbers(rows, (row) => row.quantity) }
    case 'totalQuantity':
      return { kind: 'number', direction, values: numbers(rows, (row) => row.totalQuantity) }
    case 'status':
      return { kind: 'number', direction, values: numbers(rows, (row) => STATUS_RANK.get(row.status)) }
    default:
      return { kind: 'text', direction, values: rows.map((row) => row.lower(column)) }
  }
}

/** Empty cells go last whichever the direction, so flipping a sort never buries the data. */
function compareAt(key: SortKey, a: number, b: number): number {
  if (key.kind === 'number') {
    const x = key.values[a] as number
    const y = key.values[b] as number
    if (x === y) return 0
    if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1
    if (Number.isNaN(y)) return -1
    return x < y ? -key.direction : key.direction
  }
  const x = key.values[a] as string
  const y = key.values[b] as string
  if (x === y) return 0
  if (x === '') return 1
  if (y === '') return -1
  return x < y ? -key.direction : key.direction
}

/**
 * Rows ordered by the grid's sort columns. Keys are pulled out once into flat arrays and an index
 * array is sorted, so the comparator touches no row objects; ties keep the incoming (line) order.
 * Returns `rows` itself when there is nothing to sort.
 */
export function sortRows(rows: readonly ResultRow[], sortColumns: readonly SortColumn[]): readonly ResultRow[] {
  const columns = sortColumns.filter((column) => isColumnKey(column.columnKey))
  if (columns.length === 0 || rows.length < 2) return rows
  const keys = columns.map((column) => sortKey(rows, column.columnKey as ColumnKey, column.direction === 'DESC' ? -1 : 1))
  const order = new Uint32Array(rows.length)
  for (let i = 0; i < order.length; i += 1) order[i] = i
  const [first] = keys
  if (keys.length === 1 && first !== undefined) {
    order.sort((a, b) => compareAt(first, a, b) || a - b)
  } else {
    order.sort((a, b) => {
      for (const key of keys) {
        const result = compareAt(key, a, b)
        if (result !== 0) return result
      }
      return a - b
    })
  }
  return Array.from(order, (index) => rows[index] as ResultRow)
}
