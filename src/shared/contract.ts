import { z } from 'zod'
import { appErrorSchema } from './domain/app-error-schema'
import { environmentIdSchema, itemTypeSchema } from './domain/item-type'
import { eventContract } from './event-contract'
import { jobProgressSchema } from './domain/job-progress'
import { lookupSummarySchema } from './domain/lookup-summary'
import { compareCategorySchema, compareRowSchema } from './compare/compare-lookups'
import { isCompareColumnKey } from './compare/compare-columns'
import { storesSchema } from './domain/store-list'
import { csvSeparatorSchema } from './export/csv-separator-schema'
import { exportFormatSchema, exportViewSpecSchema, MAX_EXPORT_ROWS } from './export/export-spec'
import { MAX_LOW_STOCK_LEVEL } from './stock/stock-status'
import { MAX_DRAFT_CHARS, MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_MB, MAX_INPUT_CHARS, MAX_JOB_LINES } from './limits'
import { settingsAnswerSchema, settingsPatchSchema } from './settings'
import { catalogueAnswerSchema, catalogueQuestionSchema } from './items/catalogue-question'
import { watchlistChannels } from './watchlists/watchlist-contract'
import { BAD_LINE_MESSAGE, inputColumnSchema, NO_VALUES_MESSAGE, TOO_MANY_VALUES_MESSAGE } from './input-column-schema'
import { trendChannels } from './trends/trend-questions'

/**
 * The whole IPC contract, defined once. Each key is the task-named function the preload exposes;
 * `channel` is the wire name, namespaced by capability. Types everywhere are inferred from here.
 */

const remoteEnvironmentSchema = z.enum(['sandbox', 'production'])
const jobIdSchema = z.object({ jobId: z.string().min(1).max(100) })

export { MAX_DRAFT_CHARS, MAX_IMPORT_BYTES, MAX_JOB_LINES } from './limits'
export { eventContract } from './event-contract'

/**
 * The values typed, pasted or imported but not run yet, kept so a reload or a restart does not
 * empty the list. An imported list keeps its file row numbers in `lines`; a typed one is its `text`.
 */
export const draftSchema = z.object({
  text: z.string().max(MAX_DRAFT_CHARS),
  importNote: z.string().max(1000).nullable(),
  lines: z
    .array(z.object({ line: z.number().int().positive(), input: z.string().max(10_000) }))
    .max(MAX_JOB_LINES)
    .nullable(),
  /** The imported file an imported list came from: main keeps the file, so its other columns survive a restart. */
  source: z
    .lazy(() => importSourceSchema)
    .nullable()
    .optional()
})
export type Draft = z.infer<typeof draftSchema>

export const credentialStatusSchema = z.object({
  environment: remoteEnvironmentSchema,
  clientId: z.string(),
  /** The identity host origin the status is for: a secret is saved for one host and sent only there. */
  identityOrigin: z.string(),
  /** The inventory host origin the status is for: the token a secret earns is sent only to the inventory host it was saved for. */
  inventoryOrigin: z.string(),
  secretSaved: z.boolean(),
  keychainAvailable: z.boolean(),
  /** Set when the keychain cannot be reached: what to install or unlock. */
  message: z.string().nullable()
})
export type CredentialStatus = z.infer<typeof credentialStatusSchema>

const importIdSchema = z.string().min(1).max(100)

/** Row numbers as a person sees them in the file (header row = 1): all counted, the first ones listed. */
export const rowNumbersSchema = z.object({
  count: z.number().int().nonnegative(),
  lines: z.array(z.number().int().positive())
})
export type RowNumbers = z.infer<typeof rowNumbersSchema>

/**
 * What the renderer learns of an imported file: its columns with a few samples, and counts. Main
 * keeps the table itself under `importId`; the renderer then asks for one column's cells.
 */
export const importSummarySchema = z.object({
  importId: importIdSchema,
  fileName: z.string(),
  format: z.enum(['csv', 'tsv', 'txt', 'xlsx']),
  /** The text encoding detected, e.g. `utf-8`, `utf-16le`, `windows-1252`; null for XLSX. */
  encoding: z.string().nullable(),
  hasHeader: z.boolean(),
  columns: z.array(z.object({ index: z.number().int().nonnegative(), name: z.string(), samples: z.array(z.string()) })),
  /** The column most likely to hold the values to look up. */
  suggestedColumn: z.number().int().nonnegative(),
  /** Rows under the header with at least one value. */
  rowCount: z.number().int().nonnegative(),
  /** Rows with no value in any column, between the first row and the last one with a value. */
  blankRows: rowNumbersSchema,
  /**
   * Rows where a cell opens a quote that never closes (CSV, TSV, TXT): each was read to the end of its
   * line with the quote kept as a character, instead of swallowing the lines after it.
   */
  unclosedQuoteRows: rowNumbersSchema,
  /** Rows with a quoted cell that holds a line break: one row, though it takes several lines of the file. */
  multiLineRows: rowNumbersSchema
})
export type ImportSummary = z.infer<typeof importSummarySchema>

export { IMPORT_VALUE_SEPARATOR } from './import-separator'

/**
 * One column of an imported file: the row numbers, and the values joined by
 * `IMPORT_VALUE_SEPARATOR`. One string instead of 200,000 costs main almost nothing to check for
 * secrets and to send.
 */
export const importColumnSchema = z.object({
  /** The row number the file shows for each value. */
  lines: z.array(z.number().int().positive()),
  /** Each row's cell, trimmed, in the order of `lines`; rows without a value are left out and counted in `emptyRows`. */
  values: z.string(),
  /** Rows that have values in other columns but none in this one. */
  emptyRows: rowNumbersSchema
})
export type ImportColumn = z.infer<typeof importColumnSchema>

/** The imported file a job's lines came from: main carries the file's other columns with each line. */
export const importSourceSchema = z.object({
  importId: importIdSchema,
  column: z.number().int().nonnegative().max(MAX_IMPORT_COLUMNS),
  /** The column that names the items, shown as "Item name"; null or left out when none does. */
  nameColumn: z.number().int().nonnegative().max(MAX_IMPORT_COLUMNS).nullable().optional()
})
export type ImportSource = z.infer<typeof importSourceSchema>

export { exportFormatSchema, type ExportFormat } from './export/export-spec'

/** Where an export went and how many rows it holds, or that the person cancelled the save dialog. */
const exportOutcomeSchema = z.discriminatedUnion('saved', [
  z.object({ saved: z.literal(true), path: z.string(), rows: z.number().int().nonnegative() }),
  z.object({ saved: z.literal(false) })
])

/** One value to look up and the line number a person sees for it (a file's row number, or its place in a typed list). */
export interface InputLine {
  line: number
  input: string
}

function isInputLine(value: unknown): value is InputLine {
  if (typeof value !== 'object' || value === null) return false
  const { line, input } = value as Record<string, unknown>
  return typeof line === 'number' && Number.isSafeInteger(line) && line > 0 && typeof input === 'string' && input.length <= MAX_INPUT_CHARS
}

/**
 * The lines of a lookup, checked in one loop: a schema per line object costs about a microsecond
 * each, which for 200,000 lines held main's event loop for 200 ms on every start.
 */
export const inputLinesSchema = z
  .custom<InputLine[]>((value) => Array.isArray(value) && value.every(isInputLine), { message: BAD_LINE_MESSAGE })
  .refine((lines) => lines.length >= 1, NO_VALUES_MESSAGE)
  .refine((lines) => lines.length <= MAX_JOB_LINES, TOO_MANY_VALUES_MESSAGE)

export const invokeContract = {
  getSettings: {
    channel: 'settings:get',
    input: z.undefined(),
    result: settingsAnswerSchema
  },
  updateSettings: {
    channel: 'settings:update',
    input: settingsPatchSchema,
    result: settingsAnswerSchema
  },
  getCredentialStatus: {
    channel: 'credentials:status',
    input: z.object({ environment: remoteEnvironmentSchema }),
    result: credentialStatusSchema
  },
  saveSecret: {
    channel: 'credentials:save',
    input: z.object({
      environment: remoteEnvironmentSchema,
      clientId: z.string().trim().min(1, 'Enter the client ID first.').max(200),
      secret: z.string().min(1, 'The secret is empty.').max(4096)
    }),
    result: credentialStatusSchema
  },
  removeSecret: {
    channel: 'credentials:remove',
    input: z.object({ environment: remoteEnvironmentSchema }),
    result: credentialStatusSchema
  },
  testConnection: {
    channel: 'connection:test',
    input: z.object({ environment: environmentIdSchema }),
    result: z.object({ environment: environmentIdSchema, validUntil: z.iso.datetime() })
  },
  readImportFile: {
    channel: 'files:read-import',
    input: z.object({
      fileName: z.string().min(1).max(500),
      bytes: z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_IMPORT_BYTES, `The file is larger than ${MAX_IMPORT_MB} MB.`)
    }),
    result: importSummarySchema
  },
  readImportColumn: {
    channel: 'files:import-column',
    input: importSourceSchema,
    result: importColumnSchema
  },
  exportResults: {
    channel: 'files:export',
    input: z.object({
      jobId: z.string().min(1).max(100),
      format: exportFormatSchema,
      /** For a CSV: the separator the person's spreadsheet expects. */
      csvSeparator: csvSeparatorSchema.default('comma'),
      /** What the screen shows: its view, columns and rows; main builds the file's cells from its own results. */
      view: exportViewSpecSchema
    }),
    result: exportOutcomeSchema
  },
  startJob: {
    channel: 'jobs:start',
    input: z.object({
      environment: environmentIdSchema,
      /** Every line is looked up in each store; stores x distinct values may be at most MAX_STORE_VALUE_PAIRS. */
      stores: storesSchema,
      itemType: itemTypeSchema,
      /** The lines as one column: Electron deserializes this on main's thread, where 200,000 objects cost 95-175 ms. */
      lines: inputColumnSchema,
      /** Set when the lines are a column of an imported file (kept by row number, even after edits). */
      source: importSourceSchema.optional()
    }),
    result: jobProgressSchema
  },
  cancelJob: { channel: 'jobs:cancel', input: jobIdSchema, result: jobProgressSchema },
  retryFailed: { channel: 'jobs:retry-failed', input: jobIdSchema, result: jobProgressSchema },
  getJobResults: {
    channel: 'jobs:results',
    input: z.object({ jobId: z.string().min(1).max(100), from: z.number().int().nonnegative() }),
    /**
     * A page of the job's append-only log from `from`, as History's reader encoded it
     * (`decodeResultPage` gives its entries, each a `lineResultSchema`); a later entry for the same
     * store and line supersedes an earlier one. Read again from `next` until it reaches `resultsCount`.
     */
    result: z.object({ encoded: z.instanceof(Uint8Array), count: z.number().int().nonnegative(), next: z.number().int().nonnegative() })
  },
  listLookups: {
    channel: 'history:list',
    input: z.object({
      /** Words that must all match: a GTIN or item number the lookup contained, a store, an environment, a state. */
      search: z.string().max(200).optional(),
      /** The next page: lookups older than this one. */
      before: z.string().min(1).max(100).optional(),
      limit: z.number().int().min(1).max(500).optional()
    }),
    result: z.object({
      /** Newest first. */
      lookups: z.array(lookupSummarySchema),
      /** More lookups match than this page holds: ask again with `before` the last one's jobId. */
      more: z.boolean(),
      /** The bytes History takes on disk. */
      databaseBytes: z.number().int().nonnegative(),
      /** Where History lives; null when it is kept in memory only (see the settings warning). */
      databasePath: z.string().nullable(),
      /** What is wrong with the History file, if anything (its check on a worker thread may find it after start). */
      warning: z.string().nullable()
    })
  },
  openLookup: {
    channel: 'history:open',
    input: jobIdSchema,
    /** The lookup as it finished (or as it is now, if running); its results are read with `getJobResults`. */
    result: jobProgressSchema
  },
  deleteLookup: {
    channel: 'history:delete',
    input: jobIdSchema,
    result: z.object({ deleted: z.boolean() })
  },
  resumeLookup: {
    channel: 'history:resume',
    input: jobIdSchema,
    /** Looks up, under the same lookup, only the lines a cancelled or interrupted lookup never answered. */
    result: jobProgressSchema
  },
  previousLookup: {
    channel: 'history:previous',
    input: jobIdSchema,
    /** The latest earlier lookup of the same environment, stores and item type: what "Compare with previous" uses. */
    result: z.object({ previous: lookupSummarySchema.nullable() })
  },
  compareLookups: {
    channel: 'history:compare',
    input: z.object({
      /** The earlier lookup (what stock was) and the later one (what it is). */
      thenJobId: z.string().min(1).max(100),
      nowJobId: z.string().min(1).max(100),
      /** Rows from here; ask again from `next` until it reaches `total`. */
      from: z.number().int().nonnegative(),
      /** The low-stock level the statuses are judged by; the one in settings when left out. */
      lowStockLevel: z.number().min(0).max(MAX_LOW_STOCK_LEVEL).optional()
    }),
    result: z.object({
      then: lookupSummarySchema,
      now: lookupSummarySchema,
      /** Values in each category, for the chips. */
      counts: z.record(compareCategorySchema, z.number().int().nonnegative()),
      total: z.number().int().nonnegative(),
      rows: z.array(compareRowSchema),
      next: z.number().int().nonnegative()
    })
  },
  exportComparison: {
    channel: 'history:export-compare',
    input: z.object({
      thenJobId: z.string().min(1).max(100),
      nowJobId: z.string().min(1).max(100),
      format: exportFormatSchema,
      csvSeparator: csvSeparatorSchema.default('comma'),
      /** What the Compare view shows: its columns in screen order, its rows and the low-stock level it judged by. */
      columns: z
        .array(z.string().max(20).refine(isCompareColumnKey, 'Not a column of the comparison.'))
        .min(1, 'Choose at least one column to export.')
        .max(50),
      /** The rows' keys (see `compareRowKey`) in screen order; null: every row in the comparison's order. */
      rows: z.array(z.string().max(200)).max(MAX_EXPORT_ROWS).nullable(),
      lowStockLevel: z.number().min(0).max(MAX_LOW_STOCK_LEVEL)
    }),
    result: exportOutcomeSchema
  },
  catalogueNames: {
    channel: 'history:catalogue-names',
    input: catalogueQuestionSchema,
    result: catalogueAnswerSchema
  },
  saveDraft: {
    channel: 'history:save-draft',
    input: draftSchema,
    result: z.object({ saved: z.literal(true) })
  },
  getDraft: {
    channel: 'history:get-draft',
    input: z.undefined(),
    result: z.object({ draft: draftSchema.nullable() })
  },
  openExternal: {
    channel: 'app:open-external',
    input: z.object({ url: z.string().max(2048) }),
    result: z.object({ opened: z.boolean() })
  },
  openLogFolder: {
    channel: 'app:open-log-folder',
    input: z.undefined(),
    /** The folder opened in the system's file manager, to say where it is. */
    result: z.object({ path: z.string() })
  },
  getDiagnostics: {
    channel: 'app:diagnostics',
    input: z.undefined(),
    /** For a support request: versions, system, settings (no secret is in them) and the last log lines, redacted. */
    result: z.object({ text: z.string() })
  },
  ...watchlistChannels(inputLinesSchema, importSourceSchema),
  ...trendChannels(exportOutcomeSchema)
} as const

export type InvokeName = keyof typeof invokeContract
export type EventName = keyof typeof eventContract
export type InvokeInput<K extends InvokeName> = z.input<(typeof invokeContract)[K]['input']>
export type InvokeValue<K extends InvokeName> = z.output<(typeof invokeContract)[K]['result']>
export type EventPayload<K extends EventName> = z.output<(typeof eventContract)[K]['payload']>

export type IpcError = z.infer<typeof appErrorSchema>
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

type InvokeFunction<K extends InvokeName> = [InvokeInput<K>] extends [undefined]
  ? () => Promise<IpcResult<InvokeValue<K>>>
  : (input: InvokeInput<K>) => Promise<IpcResult<InvokeValue<K>>>

/** `window.inventory`: one task-named function per channel, one subscriber per event. */
export type InventoryApi = { [K in InvokeName]: InvokeFunction<K> } & {
  [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void
}

/** How a side (Electron IPC or the browser harness) moves a message; the API is built on top of it once. */
export interface ContractTransport {
  invoke(channel: string, input: unknown): Promise<unknown>
  subscribe(channel: string, listener: (payload: unknown) => void): () => void
}

export function createInventoryApi(transport: ContractTransport): InventoryApi {
  const api: Record<string, unknown> = {}
  for (const [name, definition] of Object.entries(invokeContract)) {
    api[name] = (input?: unknown) => transport.invoke(definition.channel, input)
  }
  for (const [name, definition] of Object.entries(eventContract)) {
    api[name] = (listener: (payload: unknown) => void) => transport.subscribe(definition.channel, listener)
  }
  return api as InventoryApi
}
