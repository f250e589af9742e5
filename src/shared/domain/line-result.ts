import { z } from 'zod'
import { appErrorSchema } from './app-error-schema'

export const inventoryLocationSchema = z.looseObject({
  location_area: z.string().catch(''),
  state: z.string().catch(''),
  quantity: z.number().catch(0)
})
export type InventoryLocation = z.infer<typeof inventoryLocationSchema>

/** One item of a search response: documented fields typed, the whole item kept in `raw` for the detail panel. */
export const inventoryItemSchema = z.object({
  gtin: z.string().nullable(),
  wm_item_number: z.string().nullable(),
  supplier_name: z.string().nullable(),
  store_nbr: z.number().nullable(),
  inventory_locations: z.array(inventoryLocationSchema),
  total_quantity: z.number(),
  /**
   * When the API last updated the item's stock (its `lastUpdatedTime`), as ISO text in UTC; null when
   * it gave none that reads as a time. Absent on items answered before the app read it: `itemAsOf`
   * reads those from `raw`.
   */
  last_updated_time: z.string().nullable().optional(),
  raw: z.unknown()
})
export type InventoryItem = z.infer<typeof inventoryItemSchema>

export const finalLineStatusSchema = z.enum(['found', 'not_found', 'invalid', 'duplicate', 'failed', 'cancelled'])
export type FinalLineStatus = z.infer<typeof finalLineStatusSchema>

export const invalidReasonSchema = z.enum(['empty', 'characters', 'length', 'check_digit', 'scientific_notation'])
export type InvalidReason = z.infer<typeof invalidReasonSchema>

/**
 * The one final state of one input line in one store. `line` is the row number a person sees
 * (in a file, the header row is 1; in a pasted list, the first value is 1).
 */
export const lineResultSchema = z.object({
  /** The store this answer is from: a many-store lookup has one result per store and line. */
  storeNbr: z.number().int().positive(),
  line: z.number().int().positive(),
  input: z.string(),
  value: z.string().nullable(),
  status: finalLineStatusSchema,
  /** e.g. "padded to 14 digits" or "leading zeros restored" */
  note: z.string().optional(),
  invalidReason: invalidReasonSchema.optional(),
  duplicateOf: z.number().int().positive().optional(),
  error: appErrorSchema.optional(),
  item: inventoryItemSchema.optional(),
  /** The line's other cells of an imported file, aligned with the job's `carriedColumns`. */
  carried: z.array(z.string()).optional()
})
export type LineResult = z.infer<typeof lineResultSchema>
