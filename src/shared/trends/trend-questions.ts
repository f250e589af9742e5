import { z } from 'zod'
import { csvSeparatorSchema } from '../export/csv-separator-schema'
import { MAX_TREND_RUNS, trendsSchema } from './trend-series'
import { trendTableSchema } from './trend-sheets'

/** The runs to draw (a watchlist's, or lookups chosen in History); those without a summary are left out. */
const trendRunsSchema = z.array(z.string().min(1).max(100)).min(1).max(MAX_TREND_RUNS)

export const trendsQuestionSchema = z.object({ jobIds: trendRunsSchema })

/** One of the trends' tables, to a CSV or XLSX file. */
export const trendsExportSchema = z.object({
  jobIds: trendRunsSchema,
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
    lookupTrends: { channel: 'history:trends', input: trendsQuestionSchema, result: trendsSchema },
    exportTrends: { channel: 'history:export-trends', input: trendsExportSchema, result: exportOutcome },
    exportChartImage: { channel: 'files:export-chart', input: chartImageSchema, result: exportOutcome }
  } as const
}
