import { z } from 'zod'
import { inStockRate } from '../views/store-views'
import { foundOf } from './run-summary'
import { BitCounter } from './bit-counter'
import { bitsetWords, type TrendStore } from './trend-digest'

/**
 * Trends over a set of runs, from their summaries only: per run, each store's and the total in-stock
 * rate and counts; per item and store, in how many runs it was out of stock out of the runs it had a
 * stock answer in. Main works them out (on History's reader thread) and the window draws them.
 */

/** One run as the trends read it from History: its item ids (one per summary position) and each store's counts and bitsets. */
export interface TrendRunInput {
  readonly lookupId: number
  readonly at: number
  readonly answersRemovedAt: number | null
  readonly itemIds: Uint32Array
  readonly stores: readonly TrendStore[]
}

const figuresSchema = z.object({
  rate: z.number().nullable(),
  found: z.number().int().nonnegative(),
  withStock: z.number().int().nonnegative(),
  outOfStock: z.number().int().nonnegative(),
  shelfEmpty: z.number().int().nonnegative()
})
export type TrendFigures = z.infer<typeof figuresSchema>

export const MAX_TREND_RUNS = 2000
export const MAX_TREND_STORES = 500
/** Items x stores of the worst-items list: a 2,000-item, 500-store watchlist at most. */
export const MAX_TREND_PAIRS = 1_000_000

export const trendsSchema = z.object({
  stores: z.array(z.number().int().positive()).max(MAX_TREND_STORES),
  runs: z
    .array(
      z.object({
        jobId: z.string(),
        at: z.iso.datetime(),
        answersRemovedAt: z.iso.datetime().nullable(),
        total: figuresSchema,
        /** Aligned with `stores`; null where the run did not look in that store. */
        stores: z.array(figuresSchema.nullable())
      })
    )
    .max(MAX_TREND_RUNS),
  /** The items' values, referred to by index below. */
  items: z.array(z.string()),
  /** Item and store pairs out of stock in at least one run, as parallel columns (indexes into `items` and `stores`). */
  worst: z.object({
    item: z.array(z.number().int().nonnegative()).max(MAX_TREND_PAIRS),
    store: z.array(z.number().int().nonnegative()).max(MAX_TREND_PAIRS),
    outRuns: z.array(z.number().int().nonnegative()).max(MAX_TREND_PAIRS),
    answeredRuns: z.array(z.number().int().nonnegative()).max(MAX_TREND_PAIRS)
  })
})
export type Trends = z.infer<typeof trendsSchema>

export function figuresOf(counts: TrendStore['counts']): TrendFigures {
  const { found, withStock } = foundOf(counts)
  return { rate: inStockRate(found, withStock), found, withStock, outOfStock: counts.out_of_stock, shelfEmpty: counts.shelf_empty }
}

function addFigures(total: { found: number; withStock: number; outOfStock: number; shelfEmpty: number }, figures: TrendFigures): void {
  total.found += figures.found
  total.withStock += figures.withStock
  total.outOfStock += figures.outOfStock
  total.shelfEmpty += figures.shelfEmpty
}

/** Runs with one item list: their bitsets are added up together, position by position. */
interface ItemListGroup {
  readonly ids: Uint32Array
  readonly runs: TrendRunInput[]
}

/**
 * The trends of `runs` (oldest first, as given). `valueOf` names an item id. The runs sharing an
 * item list (a watchlist's runs, mostly) have their stores' bitsets added up bit-sliced, a word at a
 * time, and the runs holding each item and store pair are counted per item list, not per value.
 */
export function buildTrends(
  runs: readonly TrendRunInput[],
  valueOf: (itemId: number) => string,
  jobIdOf: (lookupId: number) => string
): Trends {
  const storeIndex = new Map<number, number>()
  const itemIndex = new Map<number, number>()
  for (const run of runs) {
    for (const store of run.stores) if (!storeIndex.has(store.storeNbr)) storeIndex.set(store.storeNbr, storeIndex.size)
    for (const id of run.itemIds) if (!itemIndex.has(id)) itemIndex.set(id, itemIndex.size)
  }
  const storeCount = storeIndex.size
  const groups: ItemListGroup[] = []
  const trendRuns: Trends['runs'] = []
  for (const run of runs) {
    const group = groups.find((candidate) => sameIds(candidate.ids, run.itemIds))
    if (group === undefined) groups.push({ ids: run.itemIds, runs: [run] })
    else group.runs.push(run)
    const total = { found: 0, withStock: 0, outOfStock: 0, shelfEmpty: 0 }
    const perStore: (TrendFigures | null)[] = new Array<TrendFigures | null>(storeCount).fill(null)
    for (const store of run.stores) {
      const figures = figuresOf(store.counts)
      perStore[storeIndex.get(store.storeNbr) ?? 0] = figures
      addFigures(total, figures)
    }
    trendRuns.push({
      jobId: jobIdOf(run.lookupId),
      at: new Date(run.at).toISOString(),
      answersRemovedAt: run.answersRemovedAt === null ? null : new Date(run.answersRemovedAt).toISOString(),
      total: { ...total, rate: inStockRate(total.found, total.withStock) },
      stores: perStore
    })
  }
  const out = new Int32Array(itemIndex.size * storeCount)
  const notAnswered = new Int32Array(itemIndex.size * storeCount)
  const holding = new Int32Array(itemIndex.size * storeCount)
  for (const group of groups) tallyGroup(group, storeIndex, itemIndex, { out, notAnswered, holding })
  const worst: Trends['worst'] = { item: [], store: [], outRuns: [], answeredRuns: [] }
  for (let cell = 0; cell < out.length; cell += 1) {
    const outRuns = out[cell] ?? 0
    if (outRuns === 0) continue
    worst.item.push(Math.floor(cell / storeCount))
    worst.store.push(cell % storeCount)
    worst.outRuns.push(outRuns)
    worst.answeredRuns.push((holding[cell] ?? 0) - (notAnswered[cell] ?? 0))
  }
  return { stores: [...storeIndex.keys()], runs: trendRuns, items: [...itemIndex.keys()].map(valueOf), worst }
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
