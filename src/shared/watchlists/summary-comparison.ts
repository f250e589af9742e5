import { SUMMARY_CODES } from '../trends/run-summary'
import { inStockRate } from '../views/store-views'
import { emptySinceLastRunCounts, SINCE_LAST_RUN_KINDS, type SinceLastRunCounts, type SinceLastRunKind } from './since-last-run'

/** A store's part of a run's summary: a status code and the On hand (0 unless found) for each of the run's values. */
export interface SummarisedStore {
  readonly storeNbr: number
  readonly statuses: Uint8Array
  readonly onHand: ArrayLike<number>
}

/** What a run's summary holds of its current answers: its values (as ids) in line order, and its stores in the run's order. */
export interface SummarisedRun {
  readonly valueIds: Uint32Array
  readonly stores: readonly SummarisedStore[]
}

/** A changed store and item: the later run's store and the index of the value among its values. */
export interface SummaryPair {
  readonly storeNbr: number
  readonly value: number
}

export interface SummaryComparison {
  counts: SinceLastRunCounts
  pairs: Record<SinceLastRunKind, SummaryPair[]>
  changed: number
  inStockRate: number | null
}

const { in_stock: IN_STOCK, out_of_stock: OUT, shelf_empty: SHELF_EMPTY, not_asked: NOT_ASKED } = SUMMARY_CODES

/** Found (a stock answer): in stock, out of stock or shelf empty, the summary's first three codes. */
const isFoundCode = (code: number): boolean => code <= SHELF_EMPTY
const hasStock = (code: number): boolean => code === IN_STOCK || code === SHELF_EMPTY

/**
 * "Since the last run" from two runs' summaries, by Compare's rules (compare-lookups.ts and
 * since-last-run.ts), without a raw answer: each store and value of the later run is matched with
 * the earlier run's same store and value id, a byte per pair. Low stock does not enter: it is
 * between in stock and out of stock, and it only changes when On hand does, which is compared.
 * Null when the summaries cannot say how Compare pairs the runs: Compare matches two runs of one
 * store each by value alone, counting a store that has answers of any kind, which a summary keeps
 * only for stores with a value's answer.
 */
export function compareSummaries(then: SummarisedRun | null, now: SummarisedRun): SummaryComparison | null {
  const counts = emptySinceLastRunCounts()
  const pairs = Object.fromEntries(SINCE_LAST_RUN_KINDS.map((kind) => [kind, []])) as unknown as Record<SinceLastRunKind, SummaryPair[]>
  const byValueOnly = then === null ? false : valueOnly(then, now)
  if (byValueOnly === null) return null
  const thenAt = then === null ? null : placesIn(then.valueIds, now.valueIds)
  const thenStores = new Map(then?.stores.map((store) => [store.storeNbr, store]))
  const onlyThenStore = then?.stores.find(answersAny)
  let changed = 0
  let found = 0
  let withStock = 0
  for (const store of now.stores) {
    const { statuses, onHand } = store
    const earlier = byValueOnly ? onlyThenStore : thenStores.get(store.storeNbr)
    for (let index = 0; index < statuses.length; index += 1) {
      const code = statuses[index] ?? NOT_ASKED
      if (code === NOT_ASKED) continue
      const quantity = onHand[index] ?? 0
      if (isFoundCode(code)) {
        found += 1
        if (quantity > 0) withStock += 1
      }
      const at = thenAt?.[index] ?? -1
      const before = earlier === undefined || at < 0 ? NOT_ASKED : (earlier.statuses[at] ?? NOT_ASKED)
      if (before === NOT_ASKED) continue
      let kind: SinceLastRunKind | null = null
      if (hasStock(before) && code === OUT) kind = 'newly_out_of_stock'
      else if (before === OUT && hasStock(code)) kind = 'back_in_stock'
      if (kind !== null || before !== code || (isFoundCode(code) && earlier?.onHand[at] !== quantity)) changed += 1
      if (kind === null && before === OUT && code === OUT) kind = 'still_out_of_stock'
      else if (kind === null && code === SHELF_EMPTY && before !== SHELF_EMPTY) kind = 'newly_shelf_empty'
      if (kind === null) continue
      counts[kind] += 1
      pairs[kind].push({ storeNbr: store.storeNbr, value: index })
    }
  }
  return { counts, pairs, changed, inStockRate: inStockRate(found, withStock) }
}

function answersAny(store: SummarisedStore): boolean {
  return store.statuses.some((code) => code !== NOT_ASKED)
}

/**
 * Whether Compare matches the runs by value alone (each has at most one store with answers), or
 * null when the summaries cannot tell: a run of several stores where fewer than two have a value's
 * answer may have another store with only invalid lines and duplicates, which Compare counts.
 */
function valueOnly(then: SummarisedRun, now: SummarisedRun): boolean | null {
  const answering = [then, now].map((run) => run.stores.filter(answersAny).length)
  // With no answer on one side nothing is matched, whichever way.
  if (answering.includes(0)) return false
  if (answering.some((count) => count >= 2)) return false
  if (then.stores.length <= 1 && now.stores.length <= 1) return true
  return null
}

/** For each of `now`'s values, its index among `then`'s, or -1 when `then` has none. */
function placesIn(then: Uint32Array, now: Uint32Array): Int32Array {
  const indexOf = new Map<number, number>()
  then.forEach((id, index) => indexOf.set(id, index))
  return Int32Array.from(now, (id) => indexOf.get(id) ?? -1)
}
