import { inStockRate } from '../views/store-views'
import { NOT_LOOKED_IN, type PackedTrends, type TrendFigureColumns } from './packed-trends'

/**
 * Trends over a set of runs, from their summaries only, as the window draws them: per run, each
 * store's and the total in-stock rate and counts; per item and store, in how many runs it was out
 * of stock out of the runs it had a stock answer in. Main works them out (on History's reader
 * thread, `buildTrends`) and sends them packed; `unpackTrends` gives them this shape.
 */

export interface TrendFigures {
  readonly rate: number | null
  readonly found: number
  readonly withStock: number
  readonly outOfStock: number
  readonly shelfEmpty: number
}

export interface TrendRun {
  readonly jobId: string
  /** ISO times. */
  readonly at: string
  readonly answersRemovedAt: string | null
  readonly total: TrendFigures
  /** Aligned with `stores`; null where the run did not look in that store. */
  readonly stores: readonly (TrendFigures | null)[]
}

export interface Trends {
  readonly stores: readonly number[]
  readonly runs: readonly TrendRun[]
  /** The items' values, referred to by index in `worst`. */
  readonly items: readonly string[]
  /** Item and store pairs out of stock in at least one run, as parallel columns (indexes into `items` and `stores`). */
  readonly worst: PackedTrends['worst']
}

/** The figures in `cell` of the packed columns; null where the run did not look. */
function figuresAt(columns: TrendFigureColumns, cell: number): TrendFigures | null {
  const found = columns.found[cell] ?? NOT_LOOKED_IN
  if (found === NOT_LOOKED_IN) return null
  const withStock = columns.withStock[cell] ?? 0
  return {
    rate: inStockRate(found, withStock),
    found,
    withStock,
    outOfStock: columns.outOfStock[cell] ?? 0,
    shelfEmpty: columns.shelfEmpty[cell] ?? 0
  }
}

const NO_FIGURES: TrendFigures = { rate: null, found: 0, withStock: 0, outOfStock: 0, shelfEmpty: 0 }

/** The trends as the window draws them, from main's packed answer. */
export function unpackTrends(packed: PackedTrends): Trends {
  const { runs } = packed
  const width = 1 + packed.stores.length
  return {
    stores: packed.stores,
    items: packed.items,
    worst: packed.worst,
    runs: runs.jobIds.map((jobId, run): TrendRun => {
      const removed = runs.answersRemovedAt[run] ?? Number.NaN
      const stores: (TrendFigures | null)[] = []
      for (let store = 1; store < width; store += 1) stores.push(figuresAt(runs, run * width + store))
      return {
        jobId,
        at: new Date(runs.at[run] ?? 0).toISOString(),
        answersRemovedAt: Number.isNaN(removed) ? null : new Date(removed).toISOString(),
        total: figuresAt(runs, run * width) ?? NO_FIGURES,
        stores
      }
    })
  }
}
