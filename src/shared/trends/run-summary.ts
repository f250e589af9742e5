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

/** One store's part of a run summary. `statuses[i]` is the code of the run's `values[i]`, `onHand[i]` its On hand (0 unless found). */
export interface StoreRunSummary {
  readonly storeNbr: number
  readonly statuses: Uint8Array
  readonly onHand: Float64Array
  readonly counts: SummaryCounts
}

export interface RunSummary {
  /** The values looked up, each once, in the order of their lines (invalid lines and duplicates have none of their own). */
  readonly values: readonly string[]
  readonly stores: readonly StoreRunSummary[]
}

/** What the derivation needs of one store's current answer for one line. */
export interface SummaryInput {
  readonly storeNbr: number
  readonly line: number
  readonly value: string | null
  readonly status: FinalLineStatus
  readonly locations: readonly StockLocation[]
}

/** A found answer's status and On hand; every other outcome keeps its own status (null: it has no value of its own). */
function judge(status: FinalLineStatus, locations: readonly StockLocation[]): { status: SummaryStatus; onHand: number } | null {
  switch (status) {
    case 'found': {
      const figures = stockFigures(locations)
      const found = statusFromFigures(figures, 0)
      return { status: found === 'out_of_stock' || found === 'shelf_empty' ? found : 'in_stock', onHand: figures.onHand }
    }
    case 'invalid':
    case 'duplicate':
      return null
    default:
      return { status, onHand: 0 }
  }
}

export function summaryStatusOf(status: FinalLineStatus, locations: readonly StockLocation[]): SummaryStatus | null {
  return judge(status, locations)?.status ?? null
}

/** One store's answers as they come, a byte, a quantity and a line per value, grown as values appear. */
interface StoreAnswers {
  codes: Uint8Array
  onHand: Float64Array
  /** The line each answer came from; 0 for none (lines start at 1). */
  lines: Uint32Array
}

/**
 * A run's summary from its stores (in their order) and every current answer. Each store's answers
 * are written straight into typed arrays as they come, so a million answers cost 13 bytes each, not
 * an object each (90 MB at the end of a 1,000,000-answer run, when every one was kept as a pair
 * until the last). As Compare reads a run, a store's first line with a value answers for it (the
 * same line again, a retry, replaces it), and values follow their lines whichever store answered
 * first, so a comparison of two summaries lists pairs in Compare's order.
 */
export function summarizeRun(stores: readonly number[], answers: Iterable<SummaryInput>): RunSummary {
  const indexOf = new Map<string, number>()
  const values: string[] = []
  const firstLines: number[] = []
  const empty = (): StoreAnswers => ({ codes: new Uint8Array(0), onHand: new Float64Array(0), lines: new Uint32Array(0) })
  const byStore = new Map<number, StoreAnswers>(stores.map((store) => [store, empty()]))
  for (const answer of answers) {
    const judged = answer.value === null ? null : judge(answer.status, answer.locations)
    const store = byStore.get(answer.storeNbr)
    if (judged === null || answer.value === null || store === undefined) continue
    let index = indexOf.get(answer.value)
    if (index === undefined) {
      index = values.length
      indexOf.set(answer.value, index)
      values.push(answer.value)
      firstLines.push(answer.line)
    } else if (answer.line < (firstLines[index] ?? 0)) {
      firstLines[index] = answer.line
    }
    if (index >= store.codes.length) grow(store, Math.max(index + 1, store.codes.length * 2))
    const held = store.lines[index] ?? 0
    if (held !== 0 && answer.line > held) continue
    store.codes[index] = SUMMARY_CODES[judged.status]
    store.onHand[index] = judged.onHand
    store.lines[index] = answer.line
  }
  const order = lineOrder(firstLines)
  return {
    values: order === null ? values : order.map((index) => values[index] ?? ''),
    stores: stores.map((storeNbr) => {
      const store = byStore.get(storeNbr) ?? empty()
      if (store.codes.length < values.length) grow(store, values.length)
      const statuses = store.codes.subarray(0, values.length)
      const onHand = store.onHand.subarray(0, values.length)
      if (order === null) return { storeNbr, statuses, onHand, counts: countStatuses(statuses) }
      const placed = {
        statuses: Uint8Array.from(order, (index) => statuses[index] ?? 0),
        onHand: Float64Array.from(order, (index) => onHand[index] ?? 0)
      }
      return { storeNbr, ...placed, counts: countStatuses(placed.statuses) }
    })
  }
}

function grow(store: StoreAnswers, length: number): void {
  const codes = new Uint8Array(length).fill(SUMMARY_CODES.not_asked)
  codes.set(store.codes)
  const onHand = new Float64Array(length)
  onHand.set(store.onHand)
  const lines = new Uint32Array(length)
  lines.set(store.lines)
  Object.assign(store, { codes, onHand, lines })
}

/** The values' indices in the order of their lines; null when they are in that order already (a store answered every line). */
function lineOrder(firstLines: readonly number[]): number[] | null {
  if (firstLines.every((line, index) => index === 0 || line >= (firstLines[index - 1] ?? 0))) return null
  return firstLines.map((_line, index) => index).sort((a, b) => (firstLines[a] ?? 0) - (firstLines[b] ?? 0) || a - b)
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
