import { z } from 'zod'
import { csvSeparatorSchema } from '../export/csv-separator-schema'
import { watchlistIdSchema } from '../watchlists/watchlist'
import { MAX_TREND_RUNS, packedTrendsSchema } from './packed-trends'
import { trendTableSchema } from './trend-sheets'

/**
 * A watchlist's trends draw its latest runs, at most this many (a year of twice-daily runs): main
 * picks them, so the window never sends a watchlist's ids back and forth.
 */
export const WATCHLIST_TREND_RUNS = 730

/**
 * The runs to draw: lookups chosen in History, or a watchlist's latest runs (main picks them by
 * its id). Runs without a summary (still running) are left out.
 */
export const trendRunsSchema = z.union([
  z.object({ jobIds: z.array(z.string().min(1).max(100)).min(1).max(MAX_TREND_RUNS) }),
  z.object({ watchlistId: watchlistIdSchema })
])
export type TrendRuns = z.infer<typeof trendRunsSchema>

export const trendsQuestionSchema = trendRunsSchema

/** One of the trends' tables, to a CSV or XLSX file. */
export const trendsExportSchema = z.object({
  runs: trendRunsSchema,
  table: trendTableSchema,
  format: z.enum(['csv', 'xlsx']),
  csvSeparator: csvSeparatorSchema.default('comma')
})

/** A chart the window drew, to a PNG file. */
export const chartImageSchema = z.object({
  /** The file name suggested, without extension ("in-stock-rate"). */
  name: z.string().regex(/^[a-z0-9-]{1,60}$/, 'A chart name is lower-case letters, digits and hyphens.'),
  /** The chart as a PNG in base64 (at most 10 MB). */
  pngBase64: z
    .string()
    .max(14_000_000)
    .regex(/^[A-Za-z0-9+/]+=*$/, 'The chart image is not base64.')
})

/**
 * The trends channels of the IPC contract (spread into `invokeContract`): a set of runs' trends and
 * their exports. The contract's export outcome is passed in so this file does not import the
 * contract that imports it.
 */
export function trendChannels<O extends z.ZodType>(exportOutcome: O) {
  return {
    lookupTrends: { channel: 'history:trends', input: trendsQuestionSchema, result: packedTrendsSchema },
    exportTrends: { channel: 'history:export-trends', input: trendsExportSchema, result: exportOutcome },
    exportChartImage: { channel: 'files:export-chart', input: chartImageSchema, result: exportOutcome }
  } as const
}
