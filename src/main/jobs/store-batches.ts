import type { FinalLineStatus } from '../../shared/domain/line-result'
import type { LineToLookUp } from '../history/history-types'
import { toBatches } from './batching'

/** A value to look up in a store, the input line it came from, and the result it replaces when the run is a retry or a resume. */
export interface PendingLine {
  readonly line: number
  readonly value: string
  readonly replaces?: { seq: number; status: FinalLineStatus }
}

/** What one run looks up in one store. */
export interface StoreWork {
  readonly storeNbr: number
  readonly lines: readonly PendingLine[]
}

export interface Batch {
  readonly storeNbr: number
  /** The values of the search with their lines, aligned. */
  readonly lines: readonly PendingLine[]
  readonly values: readonly string[]
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

/**
 * The searches of a run, store after store in the lookup's order. Stores given the same lines (a
 * new lookup: every store looks up every value) share the slices of those lines, so a lookup of
 * 500 stores holds its 200,000 values once, not 500 times.
 */
export function storeBatches(work: readonly StoreWork[], storePosition: (storeNbr: number) => number, now: number): Batch[] {
  const sliced = new Map<readonly PendingLine[], { lines: PendingLine[]; values: string[] }[]>()
  const batches: Batch[] = []
  for (const { storeNbr, lines } of work) {
    let slices = sliced.get(lines)
    if (slices === undefined) {
      slices = toBatches(lines).map((chunk) => ({ lines: chunk, values: chunk.map((line) => line.value) }))
      sliced.set(lines, slices)
    }
    const position = storePosition(storeNbr)
    slices.forEach((slice, index) => {
      batches.push({ storeNbr, ...slice, order: [position, index], attempts: 0, throttled: 0, notBefore: now, settled: false })
    })
  }
  return batches
}

/** What a resume or a retry looks up again, store by store in the order History gave the lines, each replacing its current result. */
export function workToRedo(lines: readonly LineToLookUp[]): StoreWork[] {
  const byStore = new Map<number, PendingLine[]>()
  for (const line of lines) {
    let pending = byStore.get(line.storeNbr)
    if (pending === undefined) {
      pending = []
      byStore.set(line.storeNbr, pending)
    }
    pending.push({ line: line.line, value: line.value, replaces: { seq: line.seq, status: line.status } })
  }
  return [...byStore].map(([storeNbr, storeLines]) => ({ storeNbr, lines: storeLines }))
}

/** The two halves of a batch, each a new batch that goes where the whole one went. */
export function halves(batch: Batch, now: number): [Batch, Batch] {
  const middle = Math.ceil(batch.lines.length / 2)
  const half = (lines: readonly PendingLine[], which: number): Batch => ({
    storeNbr: batch.storeNbr,
    lines,
    values: lines.map((line) => line.value),
    order: [...batch.order, which],
    attempts: 0,
    throttled: 0,
    notBefore: now,
    settled: false
  })
  return [half(batch.lines.slice(0, middle), 0), half(batch.lines.slice(middle), 1)]
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
    const lines = byStore.get(storeNbr) ?? []
    let resumed = 0
    for (const line of lines) if (line.replaces?.status === 'cancelled') resumed += 1
    return { storeNbr, pending: lines.length, unanswered: Math.max(0, (cancelledBefore[index] ?? 0) - resumed) }
  })
}

/** Stores whose every value has its answer. */
export function storesDone(tallies: readonly StoreTally[]): number {
  let done = 0
  for (const tally of tallies) if (tally.pending === 0 && tally.unanswered === 0) done += 1
  return done
}
