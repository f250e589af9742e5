import { z } from 'zod'
import { storeNumberSchema } from '../domain/store-list'
import { MAX_LOW_STOCK_LEVEL } from '../stock/stock-status'
import { LOOKUP_VIEWS } from '../views/lookup-views'
import { isColumnKey } from '../views/view-columns'

export const exportFormatSchema = z.enum(['csv', 'xlsx', 'json'])
export type ExportFormat = z.infer<typeof exportFormatSchema>

/** Rows of a job (store and line pairs, location rows): bounded so a request cannot ask for unbounded work. */
export const MAX_EXPORT_ROWS = 2_000_000
export const MAX_EXPORT_COLUMNS = 1_000

/**
 * Which rows, in which order. Items: `lines` in screen order, and with several stores `stores[i]`
 * the store of `lines[i]`. Locations: the same with `locations[i]`, the index of the location row
 * within its line. Matrix and By item: `lines`, one row per value. Stores: `stores`. Null: every row in the
 * lookup's order.
 */
export const exportRowsSchema = z
  .object({
    lines: z.array(z.number().int().positive()).max(MAX_EXPORT_ROWS).optional(),
    stores: z.array(storeNumberSchema).max(MAX_EXPORT_ROWS).optional(),
    locations: z.array(z.number().int().nonnegative()).max(MAX_EXPORT_ROWS).optional()
  })
  .refine((rows) => rows.locations === undefined || rows.locations.length === rows.lines?.length, {
    message: 'Each exported location row needs its line.'
  })
  .refine((rows) => rows.lines === undefined || rows.stores === undefined || rows.stores.length === rows.lines.length, {
    message: 'Each exported row needs its store.'
  })
export type ExportRows = z.infer<typeof exportRowsSchema>

/** What the screen shows: the view, its columns in screen order, its rows, and the low-stock level it judged by. */
export const exportViewSpecSchema = z.object({
  view: z.enum(LOOKUP_VIEWS),
  columns: z
    .array(z.string().max(20).refine(isColumnKey, 'Not a column of the results.'))
    .min(1, 'Choose at least one column to export.')
    .max(MAX_EXPORT_COLUMNS),
  rows: exportRowsSchema.nullable(),
  lowStockLevel: z.number().min(0).max(MAX_LOW_STOCK_LEVEL)
})
export type ExportViewSpec = z.infer<typeof exportViewSpecSchema>
