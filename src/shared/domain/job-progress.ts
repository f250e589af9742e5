import { z } from 'zod'
import { environmentIdSchema, itemTypeSchema } from './item-type'

/** `interrupted`: stopped by quitting, a signal, a crash or power loss rather than by Cancel; it can be resumed like a cancelled one. */
export const jobStateSchema = z.enum(['running', 'throttled', 'finished', 'cancelled', 'interrupted'])
export type JobState = z.infer<typeof jobStateSchema>

/** What main tells the renderer about a job, at most 10 times a second while it runs. */
export const jobProgressSchema = z.object({
  jobId: z.string(),
  environment: environmentIdSchema,
  /** The stores looked up, in the order given; one for a one-store lookup. */
  stores: z.array(z.number().int().positive()).min(1),
  /** Stores whose every value has its answer (found, not found, failed): their results are complete. */
  storesDone: z.number().int().nonnegative(),
  itemType: itemTypeSchema,
  /** Header names of an imported file's other columns, carried with each line from import to export. */
  carriedColumns: z.array(z.string()),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  state: jobStateSchema,
  /** Input lines; each is looked up in every store, so a lookup settles lines x stores results. */
  lines: z.number().int().nonnegative(),
  batchesDone: z.number().int().nonnegative(),
  batchesTotal: z.number().int().nonnegative(),
  /** Store and line pairs per outcome (one per line for a one-store lookup). */
  found: z.number().int().nonnegative(),
  notFound: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  duplicate: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  requests: z.number().int().nonnegative(),
  retries: z.number().int().nonnegative(),
  throttledMs: z.number().nonnegative(),
  /** While throttled: when the job will resume. */
  resumeAt: z.iso.datetime().nullable(),
  etaMs: z.number().nonnegative().nullable(),
  /** Store and value pairs answered per second so far. */
  valuesPerSecond: z.number().nonnegative(),
  /** Length of the job's append-only result log; fetch entries from an offset with `getJobResults`. */
  resultsCount: z.number().int().nonnegative()
})
export type JobProgress = z.infer<typeof jobProgressSchema>
