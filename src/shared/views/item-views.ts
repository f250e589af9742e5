import { tidy } from '../stock/stock-figures'
import type { StockStatus } from '../stock/stock-status'
import { isFound, type MatrixCell } from './store-views'
import type { CellValue, ViewColumn } from './view-columns'

/**
 * The By item view, defined once for the screen, every export and the headless command: one row per
 * looked-up value, saying what it is across the lookup's stores. A store that found the item is one
 * of the "M" stores; out of stock and shelf empty (nothing on the shelf while the backroom has
 * stock) are the stock statuses every other view shows, so the counts agree with Items and the
 * Matrix. Stores that have not answered yet are in none of the counts.
 */
export interface ItemAcrossStores {
  /** Stores that found the item: the M of "Out of stock in N of M stores". */
  readonly storesFound: number
  /** Store numbers in the lookup's order, for each outcome that needs a look. */
  readonly outOfStock: readonly number[]
  readonly shelfEmpty: readonly number[]
  readonly notFound: readonly number[]
  readonly failed: readonly number[]
  /** On hand across the stores that found the item; null when none did. */
  readonly lowestOnHand: number | null
  readonly totalOnHand: number | null
}

/** Short words after a store's number in "Stores concerned", so the list says which is which. */
const CONCERN_MARKS = { out_of_stock: 'Out', shelf_empty: 'Shelf empty' } as const
type Concern = keyof typeof CONCERN_MARKS

/** One store that needs a look for an item: out of stock there, or its shelf empty with stock in the backroom. */
export interface StoreConcern {
  readonly storeNbr: number
  readonly status: Concern
  /** "1234 Out", "5678 Shelf empty": the button's text on screen and the export's words. */
  readonly text: string
}

/**
 * An item's figures across `stores` (in the lookup's order); `cellOf` gives a store's answer for
 * it, undefined while it has none. A failure being retried counts as failed until it is answered.
 */
export function summarizeItem(stores: readonly number[], cellOf: (storeNbr: number) => MatrixCell | undefined): ItemAcrossStores {
  let storesFound = 0
  const outOfStock: number[] = []
  const shelfEmpty: number[] = []
  const notFound: number[] = []
  const failed: number[] = []
  let lowest = Number.POSITIVE_INFINITY
  let total = 0
  for (const store of stores) {
    const cell = cellOf(store)
    if (cell === undefined) continue
    const status: StockStatus = cell.status
    if (status === 'not_found') notFound.push(store)
    else if (status === 'failed') failed.push(store)
    if (!isFound(status)) continue
    storesFound += 1
    if (status === 'out_of_stock') outOfStock.push(store)
    else if (status === 'shelf_empty') shelfEmpty.push(store)
    const onHand = cell.onHand ?? 0
    lowest = Math.min(lowest, onHand)
    total += onHand
  }
  return {
    storesFound,
    outOfStock,
    shelfEmpty,
    notFound,
    failed,
    lowestOnHand: storesFound === 0 ? null : lowest,
    totalOnHand: storesFound === 0 ? null : tidy(total)
  }
}

/** The stores that need a look for an item: out of stock first, then shelf empty, each in the lookup's order. */
export function storeConcerns(summary: ItemAcrossStores): StoreConcern[] {
  const concern = (status: Concern) => (storeNbr: number) => ({ storeNbr, status, text: `${storeNbr} ${CONCERN_MARKS[status]}` })
  return [...summary.outOfStock.map(concern('out_of_stock')), ...summary.shelfEmpty.map(concern('shelf_empty'))]
}

/** "4 of 12 stores"; empty when no store found the item. A lookup has at most 500 stores: no digit grouping in any locale. */
export function outOfStockInText(summary: ItemAcrossStores): string {
  if (summary.storesFound === 0) return ''
  return `${summary.outOfStock.length} of ${summary.storesFound} ${summary.storesFound === 1 ? 'store' : 'stores'}`
}

/** "1234 Out, 5678 Shelf empty": the stores concerned as words. */
export function storesConcernedText(summary: ItemAcrossStores): string {
  return storeConcerns(summary)
    .map((concern) => concern.text)
    .join(', ')
}

/**
 * A By item cell of the item's own figures: counts as numbers (a sort or a `>2` filter reads N);
 * null for a column that is not one of them (the item's identifiers and file cells come from its line).
 */
export function itemSummaryValue(summary: ItemAcrossStores, column: ViewColumn): CellValue {
  switch (column.key) {
    case 'outOfStockIn':
      return summary.storesFound === 0 ? null : summary.outOfStock.length
    case 'shelfEmptyIn':
      return summary.storesFound === 0 ? null : summary.shelfEmpty.length
    case 'storesConcerned': {
      const text = storesConcernedText(summary)
      return text === '' ? null : text
    }
    case 'lowestOnHand':
      return summary.lowestOnHand
    case 'totalOnHand':
      return summary.totalOnHand
    case 'notFoundIn':
      return summary.notFound.length
    case 'failedIn':
      return summary.failed.length
    default:
      return null
  }
}

/** Whether a column is one of the item's figures across the stores rather than a cell of its line. */
export function isItemSummaryColumn(column: ViewColumn): boolean {
  switch (column.key) {
    case 'outOfStockIn':
    case 'shelfEmptyIn':
    case 'storesConcerned':
    case 'lowestOnHand':
    case 'totalOnHand':
    case 'notFoundIn':
    case 'failedIn':
      return true
    default:
      return false
  }
}

/**
 * The export's cell: "Out of stock in" as the words the screen shows ("4 of 12 stores"), the
 * others as numbers or text as they are.
 */
export function itemSummaryExportValue(summary: ItemAcrossStores, column: ViewColumn): CellValue {
  if (column.key === 'outOfStockIn') {
    const text = outOfStockInText(summary)
    return text === '' ? null : text
  }
  return itemSummaryValue(summary, column)
}
