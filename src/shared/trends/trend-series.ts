import { z } from 'zod'
import { inStockRate } from '../views/store-views'
import { foundOf, SUMMARY_CODES, type SummaryCounts } from './run-summary'
import { forEachNotInStock } from './status-blob'

/**
 * Trends over a set of runs, from their summaries only: per run, each store's and the total in-stock
 * rate and counts; per item and store, in how many runs it was out of stock out of the runs it had a
 * stock answer in. Main works them out (on History's reader thread) and the window draws them.
 */

/** One run as the trends read it from History: its item ids (one per summary position) and each store's counts and packed statuses. */
export interface TrendRunInput {
  readonly lookupId: number
  readonly at: number
  readonly answersRemovedAt: number | null
  readonly itemIds: Uint32Array
  readonly stores: readonly { storeNbr: number; counts: SummaryCounts; blob: Uint8Array }[]
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

export function figuresOf(counts: SummaryCounts): TrendFigures {
  const { found, withStock } = foundOf(counts)
  return { rate: inStockRate(found, withStock), found, withStock, outOfStock: counts.out_of_stock, shelfEmpty: counts.shelf_empty }
}

function addFigures(total: { found: number; withStock: number; outOfStock: number; shelfEmpty: number }, figures: TrendFigures): void {
  total.found += figures.found
  total.withStock += figures.withStock
  total.outOfStock += figures.outOfStock
  total.shelfEmpty += figures.shelfEmpty
}

const OUT = SUMMARY_CODES.out_of_stock
const SHELF_EMPTY = SUMMARY_CODES.shelf_empty

/** Runs with one item list, and how many of them looked in each store: what "runs holding a pair" is counted from. */
interface ItemListGroup {
  readonly dense: Int32Array
  readonly runsPerStore: Int32Array
}

/**
 * The trends of `runs` (oldest first, as given). `valueOf` names an item id. Only the values that
 * were not in stock are visited (the blobs list just those), and the runs holding each item and
 * store pair are counted per item list rather than per value, since a watchlist's runs share one.
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
  const out = new Int32Array(itemIndex.size * storeCount)
  const notAnswered = new Int32Array(itemIndex.size * storeCount)
  const groups: { ids: Uint32Array; group: ItemListGroup }[] = []
  const trendRuns: Trends['runs'] = []
  for (const run of runs) {
    let group = groups.find((candidate) => sameIds(candidate.ids, run.itemIds))?.group
    if (group === undefined) {
      group = { dense: Int32Array.from(run.itemIds, (id) => itemIndex.get(id) ?? 0), runsPerStore: new Int32Array(storeCount) }
      groups.push({ ids: run.itemIds, group })
    }
    const { dense, runsPerStore } = group
    const total = { found: 0, withStock: 0, outOfStock: 0, shelfEmpty: 0 }
    const perStore: (TrendFigures | null)[] = new Array<TrendFigures | null>(storeCount).fill(null)
    for (const store of run.stores) {
      const column = storeIndex.get(store.storeNbr) ?? 0
      const figures = figuresOf(store.counts)
      perStore[column] = figures
      addFigures(total, figures)
      runsPerStore[column] = (runsPerStore[column] ?? 0) + 1
      forEachNotInStock(store.blob, (position, code) => {
        if (position >= dense.length) return
        const cell = (dense[position] ?? 0) * storeCount + column
        if (code === OUT) out[cell] = (out[cell] ?? 0) + 1
        else if (code !== SHELF_EMPTY) notAnswered[cell] = (notAnswered[cell] ?? 0) + 1
      })
    }
    trendRuns.push({
      jobId: jobIdOf(run.lookupId),
      at: new Date(run.at).toISOString(),
      answersRemovedAt: run.answersRemovedAt === null ? null : new Date(run.answersRemovedAt).toISOString(),
      total: { ...total, rate: inStockRate(total.found, total.withStock) },
      stores: perStore
    })
  }
  const holding = new Int32Array(itemIndex.size * storeCount)
  for (const { group } of groups) {
    for (const item of group.dense) {
      for (let column = 0; column < storeCount; column += 1) {
        const cell = item * storeCount + column
        holding[cell] = (holding[cell] ?? 0) + (group.runsPerStore[column] ?? 0)
      }
    }
  }
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

function sameIds(a: Uint32Array, b: Uint32Array): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false
  return true
}
