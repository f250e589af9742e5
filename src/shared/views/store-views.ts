import type { FinalLineStatus } from '../domain/line-result'
import { formatNumber } from '../format/numbers'
import { STOCK_STATUS_LABELS, type StockStatus } from '../stock/stock-status'
import type { CellValue, ViewColumn } from './view-columns'

/**
 * The two views of a lookup over several stores, defined once for the screen, every export and the
 * headless command: Stores (one row per store: its counts and in-stock rate) and Matrix (one row per
 * value, one column per store with On hand, and the item's in-stock rate across the stores).
 */

/** What the Stores and Matrix views need of one store's answer for one line. */
export interface PairFacts {
  readonly storeNbr: number
  readonly line: number
  readonly status: StockStatus
  /** Found items only. */
  readonly onHand: number | null
}

/** Statuses that are a store's answer for a value: the line was looked up there and answered. */
const ANSWERED: ReadonlySet<StockStatus> = new Set(['out_of_stock', 'shelf_empty', 'low_stock', 'in_stock', 'not_found', 'failed'])
const FOUND: ReadonlySet<StockStatus> = new Set(['out_of_stock', 'shelf_empty', 'low_stock', 'in_stock'])

export function isFound(status: StockStatus): boolean {
  return FOUND.has(status)
}

/** Whether a line is a value every store looks up: invalid lines have none, and a duplicate repeats an earlier line's. */
export function isLookedUp(status: StockStatus | FinalLineStatus): boolean {
  return status !== 'invalid' && status !== 'duplicate'
}

/**
 * Found values with On hand above zero over found values, as a percentage with one decimal; null
 * when nothing was found (no rate to speak of, rather than 0 %).
 */
export function inStockRate(found: number, withStock: number): number | null {
  return found === 0 ? null : Math.round((withStock / found) * 1000) / 10
}

/** An in-stock rate on screen, "80.5 %" ("80,5 %" in de-DE); `locale` absent: the runtime's. */
export function formatRate(rate: number | null, locale?: string): string {
  return rate === null ? '' : `${formatNumber(rate, { maximumFractionDigits: 1, locale })} %`
}

export type StoreState = 'done' | 'looking_up' | 'waiting' | 'stopped'

export const STORE_STATE_LABELS: Readonly<Record<StoreState, string>> = {
  done: 'Done',
  looking_up: 'Looking up',
  waiting: 'Waiting',
  stopped: 'Not finished'
}

/** One row of the Stores view. */
export interface StoreSummary {
  readonly storeNbr: number
  readonly state: StoreState
  /** Values with the store's answer (found, not found or failed). */
  readonly answered: number
  readonly valuesFound: number
  readonly outOfStock: number
  readonly shelfEmpty: number
  readonly lowStock: number
  readonly notFound: number
  readonly failed: number
  readonly cancelled: number
  readonly inStockRate: number | null
}

interface Tally {
  answered: number
  found: number
  withStock: number
  counts: Record<StockStatus, number>
}

function emptyTally(): Tally {
  const counts = {} as Record<StockStatus, number>
  for (const status of Object.keys(STOCK_STATUS_LABELS) as StockStatus[]) counts[status] = 0
  return { answered: 0, found: 0, withStock: 0, counts }
}

/**
 * The Stores view's rows, in the lookup's store order, from every pair answered so far. `values` is
 * how many values each store looks up (lines that are neither invalid nor duplicates): a store is
 * done when it has answered all of them.
 */
export function summarizeStores(stores: readonly number[], values: number, pairs: Iterable<PairFacts>): StoreSummary[] {
  const tallies = new Map<number, Tally>(stores.map((store) => [store, emptyTally()]))
  for (const pair of pairs) {
    const tally = tallies.get(pair.storeNbr)
    if (tally === undefined || !isLookedUp(pair.status)) continue
    tally.counts[pair.status] += 1
    if (ANSWERED.has(pair.status)) tally.answered += 1
    if (FOUND.has(pair.status)) {
      tally.found += 1
      if ((pair.onHand ?? 0) > 0) tally.withStock += 1
    }
  }
  return stores.map((storeNbr) => {
    const tally = tallies.get(storeNbr) ?? emptyTally()
    const { counts } = tally
    let state: StoreState = 'looking_up'
    if (tally.answered >= values) state = 'done'
    else if (counts.cancelled > 0) state = 'stopped'
    else if (tally.answered === 0) state = 'waiting'
    return {
      storeNbr,
      state,
      answered: tally.answered,
      valuesFound: tally.found,
      outOfStock: counts.out_of_stock,
      shelfEmpty: counts.shelf_empty,
      lowStock: counts.low_stock,
      notFound: counts.not_found,
      failed: counts.failed,
      cancelled: counts.cancelled,
      inStockRate: inStockRate(tally.found, tally.withStock)
    }
  })
}

/** A Stores view cell: the same on screen and in an export. */
export function storeSummaryValue(summary: StoreSummary, column: ViewColumn): CellValue {
  switch (column.key) {
    case 'store':
      return summary.storeNbr
    case 'storeState':
      return STORE_STATE_LABELS[summary.state]
    case 'valuesFound':
    case 'outOfStock':
    case 'shelfEmpty':
    case 'lowStock':
    case 'notFound':
    case 'failed':
    case 'inStockRate':
      return summary[column.key]
    default:
      return null
  }
}

/** How many in a store summary have each status: what the presets count and filter in the Stores view. */
export function summaryStatusCount(summary: StoreSummary, status: StockStatus): number {
  switch (status) {
    case 'out_of_stock':
      return summary.outOfStock
    case 'shelf_empty':
      return summary.shelfEmpty
    case 'low_stock':
      return summary.lowStock
    case 'not_found':
      return summary.notFound
    case 'failed':
      return summary.failed
    case 'cancelled':
      return summary.cancelled
    case 'in_stock':
      return summary.valuesFound - summary.outOfStock - summary.shelfEmpty - summary.lowStock
    case 'invalid':
    case 'duplicate':
      return 0
  }
}

/** A Matrix cell: one store's answer for one value. */
export interface MatrixCell {
  readonly status: StockStatus
  readonly onHand: number | null
}

/** The item's in-stock rate across the stores that found it. */
export function matrixRowRate(cells: Iterable<MatrixCell | undefined>): number | null {
  let found = 0
  let withStock = 0
  for (const cell of cells) {
    if (cell === undefined || !FOUND.has(cell.status)) continue
    found += 1
    if ((cell.onHand ?? 0) > 0) withStock += 1
  }
  return inStockRate(found, withStock)
}

/** Short words beside a cell's number, so a status is never told by colour alone. */
const CELL_MARKS: Readonly<Partial<Record<StockStatus, string>>> = {
  out_of_stock: 'Out',
  shelf_empty: 'Shelf empty',
  low_stock: 'Low'
}

/**
 * A Matrix cell as text: On hand for a found item, with a word when it needs attention (`0 Out`,
 * `2 Low`, `8 Shelf empty`); the status otherwise (`Not found`, `Failed`); empty while unanswered.
 */
export function matrixCellText(cell: MatrixCell | undefined, locale?: string): string {
  if (cell === undefined) return ''
  if (!FOUND.has(cell.status)) return STOCK_STATUS_LABELS[cell.status]
  const onHand = formatNumber(cell.onHand ?? 0, { maximumFractionDigits: 2, locale })
  const mark = CELL_MARKS[cell.status]
  return mark === undefined ? onHand : `${onHand} ${mark}`
}

/** The export's cell: On hand as a number (a spreadsheet can sum it), the status in words otherwise; the fill tells the status. */
export function matrixCellValue(cell: MatrixCell | undefined): string | number | null {
  if (cell === undefined) return null
  return FOUND.has(cell.status) ? (cell.onHand ?? 0) : STOCK_STATUS_LABELS[cell.status]
}
