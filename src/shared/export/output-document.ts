import { z } from 'zod'
import { COMPARE_CATEGORIES } from '../compare/compare-lookups'
import { environmentIdSchema, itemTypeSchema } from '../domain/item-type'
import { storeNumberSchema } from '../domain/store-list'
import { STOCK_STATUSES } from '../stock/stock-status'

/**
 * The headless command's output for scripts (`--format json` and `--format ndjson`), defined once:
 * the rows the command writes are typed by these schemas, and the JSON Schema in the repository
 * (schemas/inventory-lookup-output.schema.json) is generated from them. Keys are stable camelCase
 * identifiers and statuses are codes, whatever the screen's words; rates are fractions (1 = 100 %).
 * A change that breaks a reader raises `OUTPUT_SCHEMA_VERSION`.
 */
export const OUTPUT_SCHEMA_VERSION = 1

const count = z.number().int().nonnegative()
const quantity = z.number().nullable()
const text = z.string().nullable()
const rate = z.number().min(0).max(1).nullable()
const line = z.number().int().positive().describe("The input's row number, as a person sees it (a file's header row is 1).")
const asOf = z.iso
  .datetime()
  .nullable()
  .describe("When the API last updated the item's stock (its lastUpdatedTime), as ISO text in UTC; null when it gave no time.")
const status = z.enum(STOCK_STATUSES).describe('The stock status as a code; statusLabel has the words the app shows.')

const identity = {
  store: storeNumberSchema,
  line,
  input: z.string().describe('The value as it was in the input.'),
  gtin: text.describe('The 14-digit GTIN, when the answer or the input gives one.'),
  wmItemNumber: text.describe('The Walmart item number, when the answer or the input gives one.'),
  itemName: text.describe(
    "The item's name, from the input file's column that names the item (Item name, Description, Product...), else null."
  )
}

const fileColumns = z
  .record(z.string(), z.string())
  .describe('The input file\'s other columns, by the names in its header row (a blank name is "Column N").')

export const itemsRowSchema = z
  .object({
    ...identity,
    status,
    statusLabel: z.string(),
    onShelf: quantity,
    backroom: quantity,
    onHand: quantity,
    onOrder: quantity,
    inTransit: quantity,
    asOf,
    message: text.describe('Why the line has no figures (not found, invalid, failed...), or a note on how its value was read.'),
    file: fileColumns
  })
  .meta({ id: 'ItemsRow', description: 'One store and input line: its stock status and figures (null when nothing was found).' })

export const locationsRowSchema = z
  .object({
    ...identity,
    status,
    statusLabel: z.string(),
    locationArea: text.describe('The location area as the API names it (store, backroom, mfc...); null for a line without locations.'),
    locationState: text.describe('The location state as the API names it (available, on_order, in_transit...).'),
    quantity,
    countedAs: z
      .enum(['on_shelf', 'backroom', 'on_hand_elsewhere', 'on_order', 'in_transit', 'unavailable'])
      .nullable()
      .describe('Which figure the location counts towards.'),
    onHand: quantity,
    asOf,
    supplier: text,
    message: text,
    file: fileColumns
  })
  .meta({ id: 'LocationsRow', description: 'One inventory location of a store and input line; a line without any has one row of nulls.' })

export const storesRowSchema = z
  .object({
    store: storeNumberSchema,
    progress: z.enum(['done', 'looking_up', 'waiting', 'stopped']),
    valuesFound: count,
    outOfStock: count,
    shelfEmpty: count.describe('Found with nothing on the shelf while the backroom has stock.'),
    lowStock: count,
    notFound: count,
    failed: count,
    cancelled: count,
    inStockRate: rate.describe('Found values with stock on hand over found values (1 = 100 %); null when nothing was found.')
  })
  .meta({ id: 'StoresRow', description: 'One store: how its answers came out and its in-stock rate.' })

export const matrixRowSchema = z
  .object({
    ...identity,
    status,
    statusLabel: z.string(),
    onHand: quantity,
    itemInStockRate: rate.describe("The item's in-stock rate across the stores that found it (1 = 100 %)."),
    file: fileColumns
  })
  .meta({
    id: 'MatrixRow',
    description: 'The Matrix in long form: one row per store and looked-up value (invalid and duplicate lines have none).'
  })

const storeNumbers = z.array(storeNumberSchema)
const { store: _store, ...itemIdentity } = identity

export const byItemRowSchema = z
  .object({
    ...itemIdentity,
    storesFound: count.describe('Stores that found the item: the M of "Out of stock in N of M stores".'),
    outOfStockIn: count,
    outOfStockStores: storeNumbers.describe("The stores where the item is out of stock (On hand 0 or less), in the run's store order."),
    shelfEmptyIn: count,
    shelfEmptyStores: storeNumbers.describe('The stores with nothing on the shelf while the backroom has stock.'),
    notFoundStores: storeNumbers,
    failedStores: storeNumbers,
    lowestOnHand: quantity.describe('The lowest On hand among the stores that found the item; null when none did.'),
    totalOnHand: quantity.describe('On hand summed over the stores that found the item; null when none did.'),
    file: fileColumns
  })
  .meta({ id: 'ByItemRow', description: "One looked-up value across the run's stores (invalid and duplicate lines have none)." })

const compareSide = z
  .object({ line, input: z.string(), status, statusLabel: z.string(), onHand: quantity })
  .nullable()
  .describe('The value in one run; null when that run did not look it up.')

export const compareRowSchema = z
  .object({
    store: storeNumberSchema,
    value: z.string().describe('The value compared, normalised (a GTIN padded to 14 digits).'),
    change: quantity.describe('On hand now minus then, when both runs found the item.'),
    comparison: z.enum(COMPARE_CATEGORIES).describe('newly_out: had stock then, out of stock now; back_in: the reverse.'),
    comparisonLabel: z.string(),
    then: compareSide,
    now: compareSide
  })
  .meta({ id: 'CompareRow', description: 'One store and value compared between two runs (--compare-with).' })

export const runSchema = z
  .object({
    id: z.number().int().positive().describe("The run's ID in History (--resume ID, --compare-with ID)."),
    environment: environmentIdSchema,
    stores: z.array(storeNumberSchema),
    itemType: itemTypeSchema,
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    counts: z
      .object({
        lines: count.describe('Input lines; each is looked up in every store.'),
        found: count,
        notFound: count,
        invalid: count,
        duplicate: count,
        failed: count,
        cancelled: count.describe('Not looked up because the run was stopped: --resume finishes them.')
      })
      .describe('Outcomes of every store and line pair.')
  })
  .meta({ id: 'Run', description: 'A run (one lookup) as History keeps it.' })

const document = <View extends string, Row extends z.ZodType>(view: View, row: Row) =>
  z.object({ schemaVersion: z.literal(OUTPUT_SCHEMA_VERSION), view: z.literal(view), run: runSchema, rows: z.array(row) })

export const outputDocumentSchema = z
  .discriminatedUnion('view', [
    document('items', itemsRowSchema),
    document('locations', locationsRowSchema),
    document('by-item', byItemRowSchema),
    document('stores', storesRowSchema),
    document('matrix', matrixRowSchema),
    document('compare', compareRowSchema).extend({
      comparedWith: runSchema
    })
  ])
  .meta({
    title: 'inventory-lookup output',
    description:
      'What `inventory-lookup --format json` writes: the run and its rows. `--format ndjson` writes the rows alone, one JSON object per line.'
  })

export type OutputDocument = z.infer<typeof outputDocumentSchema>
export type OutputView = OutputDocument['view']
export type RunHeader = z.infer<typeof runSchema>
export type ItemsRow = z.infer<typeof itemsRowSchema>
export type LocationsRow = z.infer<typeof locationsRowSchema>
export type StoresRow = z.infer<typeof storesRowSchema>
export type MatrixRow = z.infer<typeof matrixRowSchema>
export type ByItemRow = z.infer<typeof byItemRowSchema>
export type CompareOutputRow = z.infer<typeof compareRowSchema>
export type OutputRow = ItemsRow | LocationsRow | ByItemRow | StoresRow | MatrixRow | CompareOutputRow

/** Each view's row schema: what one line of `--format ndjson` is. */
export const OUTPUT_ROW_SCHEMAS = {
  items: itemsRowSchema,
  locations: locationsRowSchema,
  'by-item': byItemRowSchema,
  stores: storesRowSchema,
  matrix: matrixRowSchema,
  compare: compareRowSchema
} as const satisfies Record<OutputView, z.ZodType>

/** The JSON Schema of the document, with each row's schema under $defs (ItemsRow, ..., CompareRow). */
export function outputJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(outputDocumentSchema) as Record<string, unknown>
}
