import { z } from 'zod'
import { environmentIdSchema, itemTypeSchema } from './domain/item-type'
import { csvSeparatorSchema } from './export/csv-separator-schema'
import { exportFormatSchema } from './export/export-spec'
import { DEFAULT_LOW_STOCK_LEVEL, MAX_LOW_STOCK_LEVEL } from './stock/stock-status'
import { IDENTITY_HOSTS, MARKET_PRESETS, type RemoteEnvironmentId } from './environments'
import { hostUrlSchema } from './host-url'
import { storesSchema } from './domain/store-list'
import { columnChoicesSchema } from './views/column-choice'

export const remoteEnvironmentSettingsSchema = z.object({
  clientId: z.string().trim().max(200),
  market: z.enum(['canada', 'mexico', 'custom']),
  /** Where tokens are asked for: the client secret is sent here, and a saved secret belongs to this host's origin. */
  authUrl: hostUrlSchema,
  baseUrl: hostUrlSchema,
  /** Some gateways want `Authorization: Bearer <token>`; the documented API wants the token alone. */
  bearerPrefix: z.boolean()
})
export type RemoteEnvironmentSettings = z.infer<typeof remoteEnvironmentSettingsSchema>

export const windowBoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400),
  height: z.number().int().min(300),
  maximized: z.boolean()
})
export type WindowBounds = z.infer<typeof windowBoundsSchema>

export const SAMPLE_STORE_NBR = 1234

export const MAX_STORE_GROUP_NAME_CHARS = 60

/** A store group's name, as a group keeps it and a watchlist names it; `missing` is what an empty one is told. */
export function storeGroupNameSchema(missing: string) {
  return z
    .string()
    .trim()
    .min(1, missing)
    .max(MAX_STORE_GROUP_NAME_CHARS, `A group name is at most ${MAX_STORE_GROUP_NAME_CHARS} characters.`)
}

/** A named list of stores ("District 12"), chosen in the Stores field. */
export const storeGroupSchema = z.object({
  name: storeGroupNameSchema('Give the group a name.'),
  stores: storesSchema
})
export type StoreGroup = z.infer<typeof storeGroupSchema>

/** Groups kept at most: a district or region each, with room to spare. */
export const MAX_STORE_GROUPS = 200
export const storeGroupsSchema = z
  .array(storeGroupSchema)
  .max(MAX_STORE_GROUPS, `At most ${MAX_STORE_GROUPS} store groups are kept; delete one first.`)
  .refine(
    (groups) => new Set(groups.map((group) => group.name.toLowerCase())).size === groups.length,
    'Two store groups have the same name.'
  )

/** The results' detail panel, in CSS pixels: wide enough for its labels, never wider than a large screen's half. */
export const DETAIL_PANEL_WIDTH = { min: 240, max: 960, default: 360 } as const

/** Preferences of the results screen. Each has a default, so settings files written before it existed still load. */
const lowStockLevelSchema = z.number().min(0).max(MAX_LOW_STOCK_LEVEL)
const detailPanelWidthSchema = z.number().int().min(DETAIL_PANEL_WIDTH.min).max(DETAIL_PANEL_WIDTH.max)

export function remoteDefaults(environment: RemoteEnvironmentId): RemoteEnvironmentSettings {
  return {
    clientId: '',
    market: 'canada',
    authUrl: IDENTITY_HOSTS[environment],
    baseUrl: MARKET_PRESETS.canada.inventoryHosts[environment],
    bearerPrefix: false
  }
}

/**
 * History's retention, applied when the app starts: a lookup's full answers are dropped after
 * `historyAnswerDays` (its summary, lines and counts stay), and the lookup itself, summary and all,
 * after `historyRetentionDays`. Full answers are never kept longer than the lookup, whatever is set.
 */
export const HISTORY_RETENTION_DAYS = { min: 1, max: 3650 } as const
export const historyRetentionDaysSchema = z.number().int().min(HISTORY_RETENTION_DAYS.min).max(HISTORY_RETENTION_DAYS.max)
/** Two years of summaries: a year of twice-daily runs compared with the year before. */
export const DEFAULT_HISTORY_RETENTION_DAYS = 730
/** Full answers as long as History kept whole lookups before it kept summaries. */
export const DEFAULT_HISTORY_ANSWER_DAYS = 90

export const settingsSchema = z.object({
  version: z.literal(1),
  environment: environmentIdSchema,
  /** The store of a settings file written before a lookup took several stores; `stores` wins when set. */
  storeNbr: z.number().int().positive().nullable(),
  /** The Stores field as last used. */
  stores: storesSchema.nullable().default(null),
  storeGroups: storeGroupsSchema.default([]),
  itemType: itemTypeSchema,
  environments: z.object({
    sandbox: remoteEnvironmentSettingsSchema,
    production: remoteEnvironmentSettingsSchema
  }),
  demoBannerDismissed: z.boolean(),
  window: windowBoundsSchema.nullable(),
  /** An item with stock on hand at or under this level is "Low stock". */
  lowStockLevel: lowStockLevelSchema.default(DEFAULT_LOW_STOCK_LEVEL),
  /** The format the export dialog offers first: the one used last. */
  exportFormat: exportFormatSchema.default('xlsx'),
  /** The CSV separator chosen last; null until one is chosen, and the export dialog offers the one the screen's locale expects. */
  csvSeparator: csvSeparatorSchema.nullable().default(null),
  detailPanelWidth: detailPanelWidthSchema.default(DETAIL_PANEL_WIDTH.default),
  historyRetentionDays: historyRetentionDaysSchema.default(DEFAULT_HISTORY_RETENTION_DAYS),
  /** Each view's columns as the person chose them (Columns): their order and the hidden ones. */
  columns: columnChoicesSchema.default({}),
  historyAnswerDays: historyRetentionDaysSchema.default(DEFAULT_HISTORY_ANSWER_DAYS),
  /** Closing the window leaves the app in the tray, so watchlists keep running on their schedules. */
  keepRunningInBackground: z.boolean().default(false),
  /** The app opens, hidden in the tray, when the person logs in. */
  openAtLogin: z.boolean().default(false),
  /** Schedules are paused (from the tray): slots pass without running until they are resumed. */
  schedulesPaused: z.boolean().default(false)
})
export type Settings = z.infer<typeof settingsSchema>

/** The settings as main has them, with the sentence about a settings file it could not use: what the window reads, saves and is told. */
export const settingsAnswerSchema = z.object({ settings: settingsSchema, warning: z.string().nullable() })

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  environment: 'demo',
  storeNbr: SAMPLE_STORE_NBR,
  stores: null,
  storeGroups: [],
  itemType: 'gtin',
  environments: { sandbox: remoteDefaults('sandbox'), production: remoteDefaults('production') },
  demoBannerDismissed: false,
  window: null,
  lowStockLevel: DEFAULT_LOW_STOCK_LEVEL,
  exportFormat: 'xlsx',
  csvSeparator: null,
  detailPanelWidth: DETAIL_PANEL_WIDTH.default,
  historyRetentionDays: DEFAULT_HISTORY_RETENTION_DAYS,
  columns: {},
  historyAnswerDays: DEFAULT_HISTORY_ANSWER_DAYS,
  keepRunningInBackground: false,
  openAtLogin: false,
  schedulesPaused: false
}

/** What the renderer may change. Window bounds are main's business. */
export const settingsPatchSchema = z
  .object({
    environment: environmentIdSchema,
    storeNbr: z.number().int().positive().nullable(),
    stores: storesSchema,
    storeGroups: storeGroupsSchema,
    itemType: itemTypeSchema,
    environments: z
      .object({
        sandbox: remoteEnvironmentSettingsSchema.partial(),
        production: remoteEnvironmentSettingsSchema.partial()
      })
      .partial(),
    demoBannerDismissed: z.boolean(),
    lowStockLevel: lowStockLevelSchema,
    exportFormat: exportFormatSchema,
    csvSeparator: csvSeparatorSchema,
    detailPanelWidth: detailPanelWidthSchema,
    historyRetentionDays: historyRetentionDaysSchema,
    /** The views named are replaced; the others keep their choice. */
    columns: columnChoicesSchema,
    historyAnswerDays: historyRetentionDaysSchema,
    keepRunningInBackground: z.boolean(),
    openAtLogin: z.boolean(),
    schedulesPaused: z.boolean()
  })
  .partial()
  .strict()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>

/** The stores the Stores field starts with: the last list used, or the one store an older settings file kept. */
export function savedStores(settings: Pick<Settings, 'stores' | 'storeNbr'>): number[] {
  if (settings.stores !== null) return settings.stores
  return settings.storeNbr === null ? [] : [settings.storeNbr]
}
