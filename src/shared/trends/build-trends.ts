import { foundOf } from './run-summary'
import { BitCounter } from './bit-counter'
import { NOT_LOOKED_IN, type PackedTrends } from './packed-trends'
import { bitsetWords, type TrendStore } from './trend-digest'

/** One run as the trends read it from History: its item ids (one per summary position) and each store's counts and bitsets. */
export interface TrendRunInput {
  readonly lookupId: number
  readonly at: number
  readonly answersRemovedAt: number | null
  readonly itemIds: Uint32Array
  readonly stores: readonly TrendStore[]
}

/** Runs with one item list: their bitsets are added up together, position by position. */
interface ItemListGroup {
  readonly ids: Uint32Array
  readonly runs: TrendRunInput[]
}

/**
 * The trends of `runs` (oldest first, as given), packed in columns (`PackedTrends`). `valueOf` names
 * an item id. The runs sharing an item list (a watchlist's runs, mostly) have their stores' bitsets
 * added up bit-sliced, a word at a time, and the runs holding each item and store pair are counted
 * per item list, not per value.
 */
export function buildTrends(
  runs: readonly TrendRunInput[],
  valueOf: (itemId: number) => string,
  jobIdOf: (lookupId: number) => string
): PackedTrends {
  const storeIndex = new Map<number, number>()
  const groups: ItemListGroup[] = []
  for (const run of runs) {
    for (const store of run.stores) if (!storeIndex.has(store.storeNbr)) storeIndex.set(store.storeNbr, storeIndex.size)
    const group = groups.find((candidate) => sameIds(candidate.ids, run.itemIds))
    if (group === undefined) groups.push({ ids: run.itemIds, runs: [run] })
    else group.runs.push(run)
  }
  // Per item list, not per run: a year of one watchlist indexes its 2,000 items once, not 730 times.
  const itemIndex = new Map<number, number>()
  for (const group of groups) for (const id of group.ids) if (!itemIndex.has(id)) itemIndex.set(id, itemIndex.size)
  const storeCount = storeIndex.size
  const columns = figureColumns(runs, storeIndex)
  const out = new Int32Array(itemIndex.size * storeCount)
  const notAnswered = new Int32Array(itemIndex.size * storeCount)
  const holding = new Int32Array(itemIndex.size * storeCount)
  for (const group of groups) tallyGroup(group, storeIndex, itemIndex, { out, notAnswered, holding })
  return {
    stores: [...storeIndex.keys()],
    runs: {
      jobIds: runs.map((run) => jobIdOf(run.lookupId)),
      at: Float64Array.from(runs, (run) => run.at),
      answersRemovedAt: Float64Array.from(runs, (run) => run.answersRemovedAt ?? Number.NaN),
      ...columns
    },
    items: [...itemIndex.keys()].map(valueOf),
    worst: worstPairs(out, notAnswered, holding, storeCount)
  }
}

/** Each run's figures, all stores first and then each store (`1 + stores` cells a run). */
function figureColumns(runs: readonly TrendRunInput[], storeIndex: ReadonlyMap<number, number>) {
  const width = 1 + storeIndex.size
  const found = new Int32Array(runs.length * width).fill(NOT_LOOKED_IN)
  const withStock = new Int32Array(runs.length * width)
  const outOfStock = new Int32Array(runs.length * width)
  const shelfEmpty = new Int32Array(runs.length * width)
  runs.forEach((run, index) => {
    const total = index * width
    found[total] = 0
    for (const store of run.stores) {
      const cell = total + 1 + (storeIndex.get(store.storeNbr) ?? 0)
      const figures = foundOf(store.counts)
      found[cell] = figures.found
      withStock[cell] = figures.withStock
      outOfStock[cell] = store.counts.out_of_stock
      shelfEmpty[cell] = store.counts.shelf_empty
      found[total] = (found[total] ?? 0) + figures.found
      withStock[total] = (withStock[total] ?? 0) + figures.withStock
      outOfStock[total] = (outOfStock[total] ?? 0) + store.counts.out_of_stock
      shelfEmpty[total] = (shelfEmpty[total] ?? 0) + store.counts.shelf_empty
    }
  })
  return { found, withStock, outOfStock, shelfEmpty }
}

/** The pairs out of stock in at least one run, in item then store order; each column its own buffer, so each can be moved across a thread. */
function worstPairs(out: Int32Array, notAnswered: Int32Array, holding: Int32Array, storeCount: number): PackedTrends['worst'] {
  let pairs = 0
  for (const outRuns of out) if (outRuns !== 0) pairs += 1
  const worst = {
    item: new Int32Array(pairs),
    store: new Int32Array(pairs),
    outRuns: new Int32Array(pairs),
    answeredRuns: new Int32Array(pairs)
  }
  let pair = 0
  for (let cell = 0; cell < out.length; cell += 1) {
    const outRuns = out[cell] ?? 0
    if (outRuns === 0) continue
    worst.item[pair] = Math.floor(cell / storeCount)
    worst.store[pair] = cell % storeCount
    worst.outRuns[pair] = outRuns
    worst.answeredRuns[pair] = (holding[cell] ?? 0) - (notAnswered[cell] ?? 0)
    pair += 1
  }
  return worst
}

/** Adds one item list's runs to the item x store tallies (cells `item * stores + store`). */
function tallyGroup(
  group: ItemListGroup,
  storeIndex: ReadonlyMap<number, number>,
  itemIndex: ReadonlyMap<number, number>,
  tallies: { out: Int32Array; notAnswered: Int32Array; holding: Int32Array }
): void {
  const storeCount = storeIndex.size
  const dense = Int32Array.from(group.ids, (id) => itemIndex.get(id) ?? 0)
  const words = bitsetWords(dense.length)
  const out = new BitCounter(storeCount, words)
  const notAnswered = new BitCounter(storeCount, words)
  const runsPerStore = new Int32Array(storeCount)
  for (const run of group.runs) {
    for (const store of run.stores) {
      const column = storeIndex.get(store.storeNbr) ?? 0
      runsPerStore[column] = (runsPerStore[column] ?? 0) + 1
      out.add(column, store.out)
      if (store.unanswered !== null) notAnswered.add(column, store.unanswered)
    }
  }
  const into = (tally: Int32Array) => (column: number, position: number, weight: number) => {
    if (position >= dense.length) return
    const cell = (dense[position] ?? 0) * storeCount + column
    tally[cell] = (tally[cell] ?? 0) + weight
  }
  out.forEachWeight(into(tallies.out))
  notAnswered.forEachWeight(into(tallies.notAnswered))
  for (const item of dense) {
    for (let column = 0; column < storeCount; column += 1) {
      const cell = item * storeCount + column
      tallies.holding[cell] = (tallies.holding[cell] ?? 0) + (runsPerStore[column] ?? 0)
    }
  }
}

function sameIds(a: Uint32Array, b: Uint32Array): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false
  return true
}
