import { z } from 'zod'
import { environmentIdSchema, itemTypeSchema } from '../domain/item-type'
import { jobProgressSchema } from '../domain/job-progress'
import { lookupSummarySchema } from '../domain/lookup-summary'
import { storesSchema } from '../domain/store-list'
import { MAX_IMPORT_COLUMNS } from '../limits'
import { MAX_LOW_STOCK_LEVEL } from '../stock/stock-status'
import { scheduleSchema } from '../schedules/schedule'
import { schedulesOverviewSchema } from '../schedules/scheduled-run'
import { sinceLastRunKindSchema } from './since-last-run'
import {
  watchlistDefinitionSchema,
  watchlistIdSchema,
  watchlistNameSchema,
  watchlistStoresSchema,
  watchlistSummarySchema
} from './watchlist'
import { MAX_WATCHLIST_FILE_BYTES } from './watchlist-file'

/**
 * The watchlist channels of the IPC contract (spread into `invokeContract`). The lines a form
 * sends are checked with the contract's own schema, passed in so this file does not import the
 * contract that imports it.
 */
export function watchlistChannels<L extends z.ZodType, S extends z.ZodType>(inputLines: L, importSource: S) {
  const jobId = z.string().min(1).max(100)
  const exportOutcome = z.discriminatedUnion('saved', [
    z.object({ saved: z.literal(true), path: z.string(), rows: z.number().int().nonnegative() }),
    z.object({ saved: z.literal(false) })
  ])
  const lowStockLevel = z.number().min(0).max(MAX_LOW_STOCK_LEVEL)
  return {
    listWatchlists: {
      channel: 'watchlists:list',
      input: z.undefined(),
      result: z.object({ watchlists: z.array(watchlistSummarySchema) })
    },
    getWatchlist: {
      channel: 'watchlists:get',
      input: z.object({ id: watchlistIdSchema }),
      /** Everything Edit puts in the form. */
      result: z.object({ summary: watchlistSummarySchema, definition: watchlistDefinitionSchema })
    },
    saveWatchlist: {
      channel: 'watchlists:save',
      input: z.object({
        /** The watchlist being edited; absent for a new one. */
        id: watchlistIdSchema.optional(),
        name: watchlistNameSchema,
        environment: environmentIdSchema,
        itemType: itemTypeSchema,
        stores: watchlistStoresSchema,
        lowStockLevel,
        lines: inputLines,
        /** The imported file the lines are a column of: its other columns are kept with the items. */
        source: importSource.optional()
      }),
      result: watchlistSummarySchema
    },
    saveLookupAsWatchlist: {
      channel: 'watchlists:save-lookup',
      input: z.object({
        jobId,
        name: watchlistNameSchema,
        /** The store group the form had chosen: kept as the group when it still holds the lookup's stores. */
        group: z.string().max(60).nullable(),
        lowStockLevel
      }),
      result: watchlistSummarySchema
    },
    duplicateWatchlist: { channel: 'watchlists:duplicate', input: z.object({ id: watchlistIdSchema }), result: watchlistSummarySchema },
    deleteWatchlist: {
      channel: 'watchlists:delete',
      input: z.object({ id: watchlistIdSchema }),
      result: z.object({ deleted: z.boolean() })
    },
    exportWatchlist: { channel: 'watchlists:export', input: z.object({ id: watchlistIdSchema }), result: exportOutcome },
    importWatchlist: {
      channel: 'watchlists:import',
      input: z.object({
        fileName: z.string().min(1).max(500),
        bytes: z
          .instanceof(Uint8Array)
          .refine((b) => b.byteLength <= MAX_WATCHLIST_FILE_BYTES, 'The file is larger than 64 MB, so it is no watchlist.')
      }),
      result: watchlistSummarySchema
    },
    setWatchlistSchedule: {
      channel: 'watchlists:set-schedule',
      /** Null removes the schedule; one switched off keeps its days and times. */
      input: z.object({ id: watchlistIdSchema, schedule: scheduleSchema.nullable() }),
      result: watchlistSummarySchema
    },
    schedulesOverview: { channel: 'schedules:overview', input: z.undefined(), result: schedulesOverviewSchema },
    runWatchlist: { channel: 'watchlists:run', input: z.object({ id: watchlistIdSchema }), result: jobProgressSchema },
    runAgain: {
      channel: 'history:run-again',
      input: z.object({ jobId }),
      /** The same lines with their columns, stores, environment and item type, as a new lookup. */
      result: jobProgressSchema
    },
    lookupList: {
      channel: 'history:lookup-list',
      input: z.object({ jobId }),
      /** What Edit puts in the form: the lookup's lines and stores. */
      result: z.object({
        environment: environmentIdSchema,
        itemType: itemTypeSchema,
        stores: storesSchema,
        lines: z.array(z.object({ line: z.number().int().positive(), input: z.string() })),
        carriedColumns: z.array(z.string()).max(MAX_IMPORT_COLUMNS)
      })
    },
    sinceLastRun: {
      channel: 'history:since-last-run',
      input: z.object({ jobId }),
      /** Null when the lookup follows no earlier one (not a watchlist's run nor a Run again, or a first run). */
      result: z.object({
        since: z
          .object({
            follows: lookupSummarySchema,
            counts: z.record(sinceLastRunKindSchema, z.number().int().nonnegative()),
            /** Per kind, its store and value pairs as `store:value`, to filter the grid by. */
            pairs: z.record(sinceLastRunKindSchema, z.array(z.string())),
            changed: z.number().int().nonnegative()
          })
          .nullable()
      })
    }
  } as const
}
