import type { LineToLookUp } from '../history/history-types'
import { batchRanges } from './batching'
import type { PackedValues } from '../inventory/search-request'
import { packedBetween, pendingToRedo, replacing, type PendingLines } from './pending-lines'

/** What one run looks up in one store. */
export interface StoreWork {
  readonly storeNbr: number
  readonly lines: PendingLines
}

export interface Batch {
  readonly storeNbr: number
  /** The store's values to look up; the batch's are those from `from` up to `to`. */
  readonly pending: PendingLines
  readonly from: number
  readonly to: number
  /**
   * The batch's place in the lookup, [store's position, batch, halves...]: stores go in turn, so a
   * store's results are complete as early as the rate allows; a retry keeps its place.
   */
  readonly order: readonly number[]
  /** Requests that failed with a transient fault. */
  attempts: number
  throttled: number
  notBefore: number
  /** Its answers (or its failure) are recorded: nothing may settle its lines again. */
  settled: boolean
}

function batchOf(storeNbr: number, pending: PendingLines, from: number, to: number, order: readonly number[], now: number): Batch {
  return { storeNbr, pending, from, to, order, attempts: 0, throttled: 0, notBefore: now, settled: false }
}

/** How many values the batch holds. */
export function batchSize(batch: Batch): number {
  return batch.to - batch.from
}

/** The batch's values, as its search sends them. */
export function batchValues(batch: Batch): PackedValues {
  return packedBetween(batch.pending, batch.from, batch.to)
}

/**
 * The searches of a run, store after store in the lookup's order. Each batch is a range of its
 * store's lines, and stores given the same lines (a new lookup: every store looks up every value)
 * share them, so a lookup of 500 stores holds its 200,000 values once, as columns.
 */
export function storeBatches(work: readonly StoreWork[], storePosition: (storeNbr: number) => number, now: number): Batch[] {
  const batches: Batch[] = []
  for (const { storeNbr, lines } of work) {
    const position = storePosition(storeNbr)
    batchRanges(lines.count).forEach(([from, to], index) => {
      batches.push(batchOf(storeNbr, lines, from, to, [position, index], now))
    })
  }
  return batches
}

/** What a resume or a retry looks up again, store by store in the order History gave the lines, each replacing its current result. */
export function workToRedo(lines: readonly LineToLookUp[]): StoreWork[] {
  const byStore = new Map<number, LineToLookUp[]>()
  for (const line of lines) {
    let storeLines = byStore.get(line.storeNbr)
    if (storeLines === undefined) {
      storeLines = []
      byStore.set(line.storeNbr, storeLines)
    }
    storeLines.push(line)
  }
  return [...byStore].map(([storeNbr, storeLines]) => ({ storeNbr, lines: pendingToRedo(storeLines) }))
}

/** The two halves of a batch, each a new batch that goes where the whole one went. */
export function halves(batch: Batch, now: number): [Batch, Batch] {
  const middle = batch.from + Math.ceil(batchSize(batch) / 2)
  return [
    batchOf(batch.storeNbr, batch.pending, batch.from, middle, [...batch.order, 0], now),
    batchOf(batch.storeNbr, batch.pending, middle, batch.to, [...batch.order, 1], now)
  ]
}

/** Per store of a lookup: what this run still has to answer, and answers missing from before that this run does not look up. */
export interface StoreTally {
  readonly storeNbr: number
  pending: number
  /** Cancelled results this run leaves as they are (a retry of failures in a stopped lookup). */
  readonly unanswered: number
}

/**
 * Tallies for every store of a lookup: `cancelledBefore` is each store's count of cancelled
 * results (aligned with `stores`), some of which this run may be looking up again.
 */
export function storeTallies(stores: readonly number[], cancelledBefore: readonly number[], work: readonly StoreWork[]): StoreTally[] {
  const byStore = new Map(work.map((one) => [one.storeNbr, one.lines]))
  return stores.map((storeNbr, index) => {
    const lines = byStore.get(storeNbr)
    const resumed = lines === undefined ? 0 : replacing(lines, 'cancelled')
    return { storeNbr, pending: lines?.count ?? 0, unanswered: Math.max(0, (cancelledBefore[index] ?? 0) - resumed) }
  })
}

/** Stores whose every value has its answer. */
export function storesDone(tallies: readonly StoreTally[]): number {
  let done = 0
  for (const tally of tallies) if (tally.pending === 0 && tally.unanswered === 0) done += 1
  return done
}
