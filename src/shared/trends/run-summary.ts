import type { FinalLineStatus } from '../domain/line-result'
import { inStockRate } from '../views/store-views'
import { stockFigures, type StockLocation } from '../stock/stock-figures'
import { statusFromFigures } from '../stock/stock-status'

/**
 * What History keeps of a finished run for ever (well, for the summaries' retention): each store's
 * answer for each value as one status, and each store's counts. Trends and the list read only this,
 * never the raw answers, which retention may drop much sooner.
 *
 * Low stock is left out on purpose: it depends on a level a person changes at any time, while these
 * statuses depend only on the answer. A shelf-empty item has stock (in the backroom) and counts as in
 * stock for the rate, as in the Stores view.
 */
export const SUMMARY_STATUSES = ['in_stock', 'out_of_stock', 'shelf_empty', 'not_found', 'failed', 'cancelled', 'not_asked'] as const
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number]

/** Each status's byte in a packed blob: its index. In stock is 0, so a blob of a good run is mostly zeros. */
export const SUMMARY_CODES: Readonly<Record<SummaryStatus, number>> = Object.fromEntries(
  SUMMARY_STATUSES.map((status, index) => [status, index])
) as Record<SummaryStatus, number>

export const SUMMARY_STATUS_LABELS: Readonly<Record<SummaryStatus, string>> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  shelf_empty: 'Shelf empty, backroom has stock',
  not_found: 'Not found',
  failed: 'Failed',
  cancelled: 'Cancelled',
  not_asked: 'Not looked up'
}

export type SummaryCounts = Record<SummaryStatus, number>

export function emptyCounts(): SummaryCounts {
  return { in_stock: 0, out_of_stock: 0, shelf_empty: 0, not_found: 0, failed: 0, cancelled: 0, not_asked: 0 }
}

/** One store's part of a run summary. `statuses[i]` is the code of the run's `values[i]`. */
export interface StoreRunSummary {
  readonly storeNbr: number
  readonly statuses: Uint8Array
  readonly counts: SummaryCounts
}

export interface RunSummary {
  /** The values looked up, each once, in the run's order (invalid lines and duplicates have none of their own). */
  readonly values: readonly string[]
  readonly stores: readonly StoreRunSummary[]
}

/** What the derivation needs of one store's current answer for one line. */
export interface SummaryInput {
  readonly storeNbr: number
  readonly value: string | null
  readonly status: FinalLineStatus
  readonly locations: readonly StockLocation[]
}

export function summaryStatusOf(status: FinalLineStatus, locations: readonly StockLocation[]): SummaryStatus | null {
  switch (status) {
    case 'found': {
      const found = statusFromFigures(stockFigures(locations), 0)
      return found === 'out_of_stock' || found === 'shelf_empty' ? found : 'in_stock'
    }
    case 'invalid':
    case 'duplicate':
      return null
    default:
      return status
  }
}

/**
 * A run's summary from its stores (in their order) and every current answer. Each store's statuses
 * are written straight into a byte per value as the answers come (a later answer for the same value
 * wins), so a million answers cost a byte each, not an object each (90 MB at the end of a
 * 1,000,000-answer run, when every one was kept as a pair until the last).
 */
export function summarizeRun(stores: readonly number[], answers: Iterable<SummaryInput>): RunSummary {
  const indexOf = new Map<string, number>()
  const values: string[] = []
  const byStore = new Map<number, { codes: Uint8Array }>(stores.map((store) => [store, { codes: new Uint8Array(0) }]))
  for (const answer of answers) {
    const status = answer.value === null ? null : summaryStatusOf(answer.status, answer.locations)
    const store = byStore.get(answer.storeNbr)
    if (status === null || answer.value === null || store === undefined) continue
    let index = indexOf.get(answer.value)
    if (index === undefined) {
      index = values.length
      indexOf.set(answer.value, index)
      values.push(answer.value)
    }
    if (index >= store.codes.length) store.codes = notAskedCodes(Math.max(index + 1, store.codes.length * 2), store.codes)
    store.codes[index] = SUMMARY_CODES[status]
  }
  return {
    values,
    stores: stores.map((storeNbr) => {
      const codes = byStore.get(storeNbr)?.codes ?? new Uint8Array(0)
      const statuses = codes.length === values.length ? codes : notAskedCodes(values.length, codes.subarray(0, values.length))
      return { storeNbr, statuses, counts: countStatuses(statuses) }
    })
  }
}

/** `length` statuses, `from`'s first and every other one not asked. */
function notAskedCodes(length: number, from: Uint8Array): Uint8Array {
  const codes = new Uint8Array(length).fill(SUMMARY_CODES.not_asked)
  codes.set(from)
  return codes
}

export function countStatuses(statuses: Uint8Array): SummaryCounts {
  const tally = new Array<number>(SUMMARY_STATUSES.length).fill(0)
  for (const code of statuses) tally[code] = (tally[code] ?? 0) + 1
  const counts = emptyCounts()
  SUMMARY_STATUSES.forEach((status, index) => (counts[status] = tally[index] ?? 0))
  return counts
}

/** Values with a stock answer, and those of them with stock (shelf empty included). */
export function foundOf(counts: SummaryCounts): { found: number; withStock: number } {
  const withStock = counts.in_stock + counts.shelf_empty
  return { found: withStock + counts.out_of_stock, withStock }
}

export function countsRate(counts: SummaryCounts): number | null {
  const { found, withStock } = foundOf(counts)
  return inStockRate(found, withStock)
}
