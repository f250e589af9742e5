import { itemNameIndex } from '../items/item-name-column'
import { STOCK_STATUS_LABELS, type StockStatus } from '../stock/stock-status'
import { COMPARE_CATEGORY_LABELS, type CompareRow } from './compare-lookups'

/**
 * The columns of a comparison, defined once for the Compare view and for every export of it (the
 * app's and the headless `--compare-with`), so a file holds exactly the cells the screen shows.
 */
export const COMPARE_COLUMN_KEYS = [
  'itemName',
  'store',
  'value',
  'line',
  'input',
  'statusThen',
  'statusNow',
  'onHandThen',
  'onHandNow',
  'change',
  'category'
] as const
export type CompareColumnKey = (typeof COMPARE_COLUMN_KEYS)[number]

export interface CompareColumn {
  readonly key: CompareColumnKey
  readonly label: string
  /** `status`: a stock status, sorted most urgent first; `id`: an identifier kept as text (leading zeros). */
  readonly kind: 'status' | 'text' | 'id' | 'number'
  /** Which lookup a status column describes. */
  readonly side?: 'then' | 'now'
}

export const COMPARE_COLUMNS: readonly CompareColumn[] = [
  { key: 'itemName', label: 'Item name', kind: 'text' },
  { key: 'store', label: 'Store', kind: 'number' },
  { key: 'value', label: 'Value', kind: 'id' },
  { key: 'line', label: 'Line', kind: 'number' },
  { key: 'input', label: 'Input', kind: 'id' },
  { key: 'statusThen', label: 'Stock status then', kind: 'status', side: 'then' },
  { key: 'statusNow', label: 'Stock status now', kind: 'status', side: 'now' },
  { key: 'onHandThen', label: 'On hand then', kind: 'number' },
  { key: 'onHandNow', label: 'On hand now', kind: 'number' },
  { key: 'change', label: 'Change', kind: 'number' },
  { key: 'category', label: 'Compared', kind: 'text' }
]

const BY_KEY: ReadonlyMap<string, CompareColumn> = new Map(COMPARE_COLUMNS.map((column) => [column.key, column]))

export function isCompareColumnKey(key: string): key is CompareColumnKey {
  return BY_KEY.has(key)
}

/** The columns `keys` names, in the order of `keys`, each once. */
export function compareColumnsByKeys(keys: readonly string[]): CompareColumn[] {
  const chosen: CompareColumn[] = []
  for (const key of new Set(keys)) {
    const column = BY_KEY.get(key)
    if (column !== undefined) chosen.push(column)
  }
  return chosen
}

/** A status column's stock status for a row; null when the value was not in that lookup. */
export function compareStatus(row: CompareRow, side: 'then' | 'now'): StockStatus | null {
  return row[side]?.status ?? null
}

/** A cell's value: numbers as numbers, empty as null. The line and input are the later lookup's when it had the value. */
export function compareCellValue(row: CompareRow, key: CompareColumnKey): string | number | null {
  const side = row.now ?? row.then
  switch (key) {
    case 'itemName':
      return row.itemName ?? null
    case 'store':
      return row.store
    case 'value':
      return row.value
    case 'line':
      return side?.line ?? null
    case 'input':
      return side?.input ?? null
    case 'statusThen':
      return row.then === null ? null : STOCK_STATUS_LABELS[row.then.status]
    case 'statusNow':
      return row.now === null ? null : STOCK_STATUS_LABELS[row.now.status]
    case 'onHandThen':
      return row.then?.onHand ?? null
    case 'onHandNow':
      return row.now?.onHand ?? null
    case 'change':
      return row.change
    case 'category':
      return COMPARE_CATEGORY_LABELS[row.category]
  }
}

/** What names a compared row between the screen and main (the rows of an export): its store and value. */
export function compareRowKey(row: CompareRow): string {
  return `${row.store}:${row.value}`
}

/**
 * The columns a comparison shows and writes by default: every column, but the Store only when either
 * lookup covered several stores, and Item name only when either lookup's list named its items. Two
 * one-store lookups are compared store to store, and a Store column repeating one number on every
 * row would only push the values aside (the lookups' own labels name their stores).
 */
export function compareColumnsFor(manyStores: boolean, named = false): readonly CompareColumn[] {
  return COMPARE_COLUMNS.filter((column) => (column.key !== 'store' || manyStores) && (column.key !== 'itemName' || named))
}

/** Whether a comparison of these two lookups is of several stores (it then shows a Store column). */
export function comparesManyStores(then: { readonly stores: readonly number[] }, now: { readonly stores: readonly number[] }): boolean {
  return then.stores.length > 1 || now.stores.length > 1
}

/** Whether either lookup's list named its items (the comparison then shows Item name first). */
export function comparesNamed(
  then: { readonly carriedColumns: readonly string[] },
  now: { readonly carriedColumns: readonly string[] }
): boolean {
  return itemNameIndex(then.carriedColumns) === 0 || itemNameIndex(now.carriedColumns) === 0
}
