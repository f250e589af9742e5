import { z } from 'zod'
import { scheduledRunReasonSchema } from '../schedules/scheduled-run'
import { environmentIdSchema, itemTypeSchema } from './item-type'

export const lookupStateSchema = z.enum(['running', 'finished', 'cancelled', 'interrupted'])
export type LookupState = z.infer<typeof lookupStateSchema>

/** One past or running lookup as History lists it: where it went, when, and what came of each line. */
export const lookupSummarySchema = z.object({
  jobId: z.string(),
  environment: environmentIdSchema,
  itemType: itemTypeSchema,
  stores: z.array(z.number().int().positive()),
  /** Started from the app's window or by the headless command (`npm run lookup`). */
  source: z.enum(['app', 'cli']),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  state: lookupStateSchema,
  /** A running lookup is either this app's (its progress arrives as events) or another process's. */
  runningHere: z.boolean(),
  lines: z.number().int().nonnegative(),
  found: z.number().int().nonnegative(),
  notFound: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  duplicate: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
  carriedColumns: z.array(z.string()),
  /** The watchlist this lookup is a run of, and its name when the run started: History's label. */
  watchlistId: z.string().nullable(),
  watchlistName: z.string().nullable(),
  /** The earlier lookup "Since the last run" compares it with: the watchlist's run before, or the lookup a Run again came from. */
  follows: z.string().nullable(),
  /** When History's retention removed its full answers, keeping its counts and summary; null while kept. */
  answersRemovedAt: z.iso.datetime().nullable(),
  /** Why a watchlist's run started by itself (History shows "Scheduled"); null when a person started it. */
  scheduled: scheduledRunReasonSchema.nullable()
})
export type LookupSummary = z.infer<typeof lookupSummarySchema>
