import { z } from 'zod'
import { environmentIdSchema, itemTypeSchema } from '../domain/item-type'
import { storesSchema } from '../domain/store-list'
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_INPUT_CHARS, MAX_JOB_LINES } from '../limits'
import { scheduleSchema } from '../schedules/schedule'
import { storeGroupNameSchema } from '../settings'
import { MAX_LOW_STOCK_LEVEL } from '../stock/stock-status'
import { formatNumber } from '../format/numbers'

/**
 * A watchlist: a named lookup kept to be run again (the morning check). Its items keep the
 * imported file's other columns; its stores are a list or a saved group kept by name, so editing
 * the group changes the watchlist. A schedule (when it runs by itself, and when it notifies) is
 * part of it, off until one is set.
 */

/** Watchlists kept at most: one per category, district or customer, with room to spare. */
export const MAX_WATCHLISTS = 500
export const MAX_WATCHLIST_NAME_CHARS = 80

export const watchlistNameSchema = z
  .string({ error: 'Give the watchlist a name.' })
  .trim()
  .min(1, 'Give the watchlist a name.')
  .max(MAX_WATCHLIST_NAME_CHARS, `A watchlist name is at most ${MAX_WATCHLIST_NAME_CHARS} characters.`)

/** The stores a watchlist runs in: the stores themselves, or a saved group named (read when it runs). */
export const watchlistStoresSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('list'), stores: storesSchema }),
    z.object({
      kind: z.literal('group'),
      group: storeGroupNameSchema('Name the store group.'),
      /** The group's stores when the watchlist was saved: used, and said, if the group is deleted later. */
      stores: storesSchema
    })
  ],
  { error: 'Say which stores the watchlist runs in: a list of stores or a store group.' }
)
export type WatchlistStores = z.infer<typeof watchlistStoresSchema>

/** One value of the list, with its cells in the watchlist's `columns` (empty for a typed list). */
export interface WatchlistItem {
  input: string
  cells: string[]
}

function isItem(value: unknown, columns: number): value is WatchlistItem {
  if (typeof value !== 'object' || value === null) return false
  const { input, cells } = value as Record<string, unknown>
  return (
    typeof input === 'string' &&
    input.trim() !== '' &&
    input.length <= MAX_INPUT_CHARS &&
    Array.isArray(cells) &&
    cells.length <= columns &&
    cells.every((cell) => typeof cell === 'string' && cell.length <= MAX_IMPORT_CELL_CHARS)
  )
}

/** What a watchlist holds besides its id and runs: what a form saves and a file carries. */
export const watchlistDefinitionSchema = z
  .object({
    name: watchlistNameSchema,
    environment: z.enum(environmentIdSchema.options, { error: 'The environment is demo, sandbox or production.' }),
    itemType: z.enum(itemTypeSchema.options, { error: 'The kind of value is gtin or wm_item_number.' }),
    stores: watchlistStoresSchema,
    /** The imported file's other columns the items carry, in the file's order. */
    columns: z
      .array(z.string().max(MAX_IMPORT_CELL_CHARS))
      .max(MAX_IMPORT_COLUMNS, `A watchlist carries at most ${formatNumber(MAX_IMPORT_COLUMNS)} columns.`)
      .default([]),
    // Checked in one loop, as the lookup's lines are: a schema per item costs a microsecond each.
    items: z
      .array(z.unknown())
      .min(1, 'A watchlist needs at least one value.')
      .max(MAX_JOB_LINES, `A watchlist holds at most ${formatNumber(MAX_JOB_LINES)} values; split the list.`),
    lowStockLevel: z
      .number({ error: 'The low-stock level is a number.' })
      .min(0, 'The low-stock level is 0 or more.')
      .max(MAX_LOW_STOCK_LEVEL, `The low-stock level is at most ${formatNumber(MAX_LOW_STOCK_LEVEL)}.`),
    schedule: scheduleSchema.nullable().default(null)
  })
  .transform((definition, context) => {
    const bad = definition.items.findIndex((item) => !isItem(item, definition.columns.length))
    if (bad !== -1) {
      context.addIssue({
        code: 'custom',
        path: ['items', bad],
        message: `Value ${formatNumber(bad + 1)} of the watchlist is not one: each value is text of at most ${MAX_INPUT_CHARS} characters, with at most one cell per column.`
      })
      return z.NEVER
    }
    return { ...definition, items: definition.items as WatchlistItem[] }
  })
export type WatchlistDefinition = z.output<typeof watchlistDefinitionSchema>
export type WatchlistDefinitionInput = z.input<typeof watchlistDefinitionSchema>

/** What the last finished run found, kept so the Watchlists screen reads no answers to list them. */
export const watchlistLastRunSchema = z.object({
  jobId: z.string().max(100),
  finishedAt: z.iso.datetime(),
  /** As the Stores view says it (`inStockRate` in store-views): found pairs with On hand above zero, in percent; null when none was found. */
  inStockRate: z.number().min(0).max(100).nullable(),
  /** Store and item pairs newly out of stock since the run before; null for a first run. */
  newlyOutOfStock: z.number().int().nonnegative().nullable()
})
export type WatchlistLastRun = z.infer<typeof watchlistLastRunSchema>

export const watchlistIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, 'That is not a watchlist of this app.')

/** A watchlist as kept in its index: everything but its items, so listing 200 reads no values. */
export const watchlistRecordSchema = z.object({
  id: watchlistIdSchema,
  name: z.string(),
  environment: environmentIdSchema,
  itemType: itemTypeSchema,
  stores: watchlistStoresSchema,
  columns: z.array(z.string()),
  items: z.number().int().nonnegative(),
  lowStockLevel: z.number(),
  schedule: scheduleSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  lastRun: watchlistLastRunSchema.nullable()
})
export type WatchlistRecord = z.infer<typeof watchlistRecordSchema>

/** A watchlist as the Watchlists screen lists it: its record, and the stores a run would take now. */
export const watchlistSummarySchema = watchlistRecordSchema.extend({
  /** The group's current stores, or its saved ones when the group is gone. */
  storesNow: z.array(z.number().int().positive()),
  /** The group the watchlist names is no longer in settings: a run takes the stores it had when saved. */
  groupMissing: z.boolean()
})
export type WatchlistSummary = z.infer<typeof watchlistSummarySchema>

/** A whole watchlist: what Edit loads into the form and a run looks up. */
export interface Watchlist {
  record: WatchlistRecord
  definition: WatchlistDefinition
}
