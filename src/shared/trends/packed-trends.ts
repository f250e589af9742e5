import { z } from 'zod'

/**
 * Trends as they cross from History's reader thread to main and from main to the window: a column
 * per figure in typed arrays, not an object per run and store. A year of a watchlist's runs is then
 * a few buffers that the thread moves to main instead of copying, and that the one redaction at
 * main's boundary passes as data (they hold counts only); its texts (run ids, item values) are
 * still redacted one by one. The window unpacks them into `Trends` to draw.
 */

export const MAX_TREND_RUNS = 2000
export const MAX_TREND_STORES = 500
/** Items x stores of the worst-items list: a 2,000-item, 500-store watchlist at most. */
export const MAX_TREND_PAIRS = 1_000_000

/** In a figure column: the run did not look in that store. */
export const NOT_LOOKED_IN = -1

const counts = z.instanceof(Int32Array)
const pairs = counts.refine((column) => column.length <= MAX_TREND_PAIRS, 'Too many item and store pairs.')

export const packedTrendsSchema = z.object({
  stores: z.array(z.number().int().positive()).max(MAX_TREND_STORES),
  runs: z.object({
    jobIds: z.array(z.string()).max(MAX_TREND_RUNS),
    /** When each run ended (epoch ms). */
    at: z.instanceof(Float64Array),
    /** When each run's full answers were removed (epoch ms); NaN while it keeps them. */
    answersRemovedAt: z.instanceof(Float64Array),
    /**
     * Each run's figures, `1 + stores` cells per run: all stores together, then each store in
     * `stores` order (`NOT_LOOKED_IN` where the run did not look there).
     */
    found: counts,
    withStock: counts,
    outOfStock: counts,
    shelfEmpty: counts
  }),
  /** The items' values, referred to by index in `worst`. */
  items: z.array(z.string()),
  /** Item and store pairs out of stock in at least one run, as parallel columns (indexes into `items` and `stores`). */
  worst: z.object({ item: pairs, store: pairs, outRuns: pairs, answeredRuns: pairs })
})
export type PackedTrends = z.infer<typeof packedTrendsSchema>
export type TrendFigureColumns = Pick<PackedTrends['runs'], 'found' | 'withStock' | 'outOfStock' | 'shelfEmpty'>
