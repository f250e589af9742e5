import type { SortColumn } from 'react-data-grid'
import type { GridColumn, GridRow } from './grid-row'
import { numberInText } from './number-filter'
import { ROW_STATUS_RANK } from './row-status'

/** NaN marks an empty number; text keys may also carry the number a cell is written as, so "12" sorts after "6". */
type SortKey =
  | { readonly kind: 'number'; readonly direction: 1 | -1; readonly values: Float64Array }
  | { readonly kind: 'text'; readonly direction: 1 | -1; readonly values: readonly string[]; readonly numbers: Float64Array | null }

function sortKey<Column extends GridColumn>(rows: readonly GridRow<Column>[], column: Column, direction: 1 | -1): SortKey {
  if (column.kind === 'number' || column.kind === 'status') {
    const values = new Float64Array(rows.length)
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i] as GridRow<Column>
      if (column.kind === 'status') {
        const status = row.statusOf(column)
        values[i] = status === null ? Number.NaN : (ROW_STATUS_RANK.get(status) ?? Number.NaN)
      } else {
        const value = row.value(column)
        values[i] = typeof value === 'number' ? value : Number.NaN
      }
    }
    return { kind: 'number', direction, values }
  }
  const values = rows.map((row) => row.lower(column))
  let numbers: Float64Array | null = null
  // Identifiers written in digits (GTINs, item numbers) and a file's own number columns sort as
  // numbers: "12" after "6", and comparing numbers is far cheaper than comparing 14-digit strings.
  if (column.carried !== undefined || column.kind === 'id') {
    numbers = new Float64Array(values.length)
    for (let i = 0; i < values.length; i += 1) numbers[i] = numberInText(values[i] as string)
  }
  return { kind: 'text', direction, values, numbers }
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
  if (key.numbers !== null) {
    const m = key.numbers[a] as number
    const n = key.numbers[b] as number
    const mIsNumber = !Number.isNaN(m)
    const nIsNumber = !Number.isNaN(n)
    if (mIsNumber && nIsNumber && m !== n) return m < n ? -key.direction : key.direction
    if (mIsNumber !== nIsNumber) return mIsNumber ? -key.direction : key.direction
  }
  return x < y ? -key.direction : key.direction
}

/**
 * Rows ordered by the grid's sort columns. Keys are pulled out once into flat arrays and an index
 * array is sorted, so the comparator touches no row objects; ties keep the incoming (line) order.
 * Returns `rows` itself when there is nothing to sort.
 */
export function sortRows<Column extends GridColumn, Row extends GridRow<Column>>(
  rows: readonly Row[],
  sortColumns: readonly SortColumn[],
  columns: readonly Column[]
): readonly Row[] {
  const byKey = new Map(columns.map((column) => [column.key as string, column]))
  const chosen = sortColumns.flatMap((sort) => {
    const column = byKey.get(sort.columnKey)
    return column === undefined ? [] : [{ column, direction: sort.direction === 'DESC' ? (-1 as const) : (1 as const) }]
  })
  if (chosen.length === 0 || rows.length < 2) return rows
  const keys = chosen.map(({ column, direction }) => sortKey(rows, column, direction))
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
  return Array.from(order, (index) => rows[index] as Row)
}
