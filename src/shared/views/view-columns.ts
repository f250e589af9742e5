import { itemAsOf } from '../domain/as-of'
import type { ItemType } from '../domain/item-type'
import type { LineResult } from '../domain/line-result'
import { BUCKET_LABELS, humaneName, stockBucket, type StockFigures } from '../stock/stock-figures'
import { STOCK_STATUS_LABELS } from '../stock/stock-status'
import { itemNameIndex } from '../items/item-name-column'
import { lineGtin, lineItemNumber, type LineFacts } from './line-facts'
import { lineMessage } from './line-message'

/**
 * The columns of the two result views, defined once for the screen and for every export, so a file
 * holds exactly the cells the screen shows: Items (one row per input line) and Locations (one row per
 * inventory location of a line, one row for a line without any).
 */
export const RESULT_VIEWS = ['items', 'locations'] as const
export type ResultView = (typeof RESULT_VIEWS)[number]

export const RESULT_VIEW_LABELS: Readonly<Record<ResultView, string>> = { items: 'Items', locations: 'Locations' }

const FIGURE_KEYS = ['onShelf', 'backroom', 'onHand', 'onOrder', 'inTransit'] as const
type FigureKey = (typeof FIGURE_KEYS)[number]
const LOCATION_KEYS = ['locationArea', 'state', 'quantity', 'countedAs'] as const
/** The Stores view's own columns, after the store. */
export const STORE_SUMMARY_KEYS = [
  'storeState',
  'valuesFound',
  'outOfStock',
  'shelfEmpty',
  'lowStock',
  'notFound',
  'failed',
  'inStockRate'
] as const
/** The By item view's own columns: one item across the lookup's stores. */
export const ITEM_SUMMARY_KEYS = [
  'outOfStockIn',
  'shelfEmptyIn',
  'storesConcerned',
  'lowestOnHand',
  'totalOnHand',
  'notFoundIn',
  'failedIn'
] as const

export const FIXED_COLUMN_KEYS = [
  'status',
  'store',
  'line',
  'input',
  'gtin',
  'wmItemNumber',
  ...FIGURE_KEYS,
  'asOf',
  ...LOCATION_KEYS,
  'supplier',
  'message',
  ...STORE_SUMMARY_KEYS,
  ...ITEM_SUMMARY_KEYS
] as const
export type FixedColumnKey = (typeof FIXED_COLUMN_KEYS)[number]
/** An imported file's other column, by its position in the job's `carriedColumns`. */
export type CarriedColumnKey = `carried:${number}`
/** A store's column of the Matrix view: On hand of each value in that store. */
export type StoreColumnKey = `store:${number}`
export type ColumnKey = FixedColumnKey | CarriedColumnKey | StoreColumnKey

/** How a column sorts, filters and exports: identifiers stay text (leading zeros), numbers stay numbers. */
export type ColumnKind = 'status' | 'text' | 'id' | 'number'

export interface ViewColumn {
  readonly key: ColumnKey
  readonly label: string
  readonly kind: ColumnKind
  /** For a carried column: its position in the job's carried cells. */
  readonly carried?: number
  /** For a Matrix column: the store it shows. */
  readonly store?: number
  /** Whether the value differs between the rows of one line (location columns). */
  readonly perLocation: boolean
}

const FIXED: Readonly<Record<FixedColumnKey, { label: string; kind: ColumnKind }>> = {
  status: { label: 'Stock status', kind: 'status' },
  store: { label: 'Store', kind: 'number' },
  line: { label: 'Line', kind: 'number' },
  input: { label: 'Input', kind: 'id' },
  gtin: { label: 'GTIN', kind: 'id' },
  wmItemNumber: { label: 'Walmart item number', kind: 'id' },
  onShelf: { label: 'On shelf', kind: 'number' },
  backroom: { label: 'Backroom', kind: 'number' },
  onHand: { label: 'On hand', kind: 'number' },
  onOrder: { label: 'On order', kind: 'number' },
  inTransit: { label: 'In transit', kind: 'number' },
  // ISO text in UTC: it sorts as the instants it names, and a file writes it whatever the zone; the screen shows it in the person's.
  asOf: { label: 'As of', kind: 'text' },
  locationArea: { label: 'Location area', kind: 'text' },
  state: { label: 'State', kind: 'text' },
  quantity: { label: 'Quantity', kind: 'number' },
  countedAs: { label: 'Counted as', kind: 'text' },
  supplier: { label: 'Supplier', kind: 'text' },
  message: { label: 'Message', kind: 'text' },
  storeState: { label: 'Progress', kind: 'text' },
  valuesFound: { label: 'Values found', kind: 'number' },
  outOfStock: { label: 'Out of stock', kind: 'number' },
  shelfEmpty: { label: 'Shelf empty, backroom has stock', kind: 'number' },
  lowStock: { label: 'Low stock', kind: 'number' },
  notFound: { label: 'Not found', kind: 'number' },
  failed: { label: 'Failed', kind: 'number' },
  inStockRate: { label: 'In-stock rate', kind: 'number' },
  outOfStockIn: { label: 'Out of stock in', kind: 'number' },
  shelfEmptyIn: { label: 'Shelf empty in', kind: 'number' },
  storesConcerned: { label: 'Stores concerned', kind: 'text' },
  lowestOnHand: { label: 'Lowest On hand', kind: 'number' },
  totalOnHand: { label: 'Total On hand', kind: 'number' },
  notFoundIn: { label: 'Not found in', kind: 'number' },
  failedIn: { label: 'Failed in', kind: 'number' }
}

const LEADING: readonly FixedColumnKey[] = ['status', 'line', 'input', 'gtin', 'wmItemNumber']
const LOCATIONS_TRAILING: readonly FixedColumnKey[] = [...LOCATION_KEYS, 'onHand', 'asOf', 'supplier', 'message']

const FIXED_KEY_SET: ReadonlySet<string> = new Set(FIXED_COLUMN_KEYS)
const CARRIED_KEY = /^carried:(\d{1,5})$/
const STORE_KEY = /^store:(\d{1,6})$/

export function carriedKey(index: number): CarriedColumnKey {
  return `carried:${index}`
}

export function storeKey(storeNbr: number): StoreColumnKey {
  return `store:${storeNbr}`
}

export function isColumnKey(key: string): key is ColumnKey {
  return FIXED_KEY_SET.has(key) || CARRIED_KEY.test(key) || STORE_KEY.test(key)
}

function fixedColumn(key: FixedColumnKey): ViewColumn {
  const { label, kind } = FIXED[key]
  return { key, label, kind, perLocation: (LOCATION_KEYS as readonly string[]).includes(key) }
}

/**
 * A carried column is named as in the file's header; a blank header gets its position, and a name
 * that another column already has gets "(file)" or a number, so every label in a view (and every key
 * of a JSON export) is distinct.
 */
export function carriedLabels(carriedColumns: readonly string[]): string[] {
  const taken = new Set(Object.values(FIXED).map((column) => column.label.toLowerCase()))
  return carriedColumns.map((name, index) => {
    const base = name.trim() === '' ? `Column ${index + 1}` : name.trim()
    let label = taken.has(base.toLowerCase()) ? `${base} (file)` : base
    for (let n = 2; taken.has(label.toLowerCase()); n += 1) label = `${base} (${n})`
    taken.add(label.toLowerCase())
    return label
  })
}

function carriedViewColumns(carriedColumns: readonly string[]): ViewColumn[] {
  return carriedLabels(carriedColumns).map((label, index): ViewColumn => ({
    key: carriedKey(index),
    label,
    kind: 'text',
    carried: index,
    perLocation: false
  }))
}

/**
 * The key of the column that names a row: Item name when the list named its items (the first
 * carried column), else the value as typed. It leads the Items view and the Matrix and stays in view
 * when they scroll sideways.
 */
export function nameColumnKey(carriedColumns: readonly string[]): ColumnKey {
  return itemNameIndex(carriedColumns) === 0 ? carriedKey(0) : 'input'
}

/**
 * The view's columns in their default order. Items: the status, the item's name (or its value), the
 * figures, then the identifiers, when the API said the figures were as of, the file's other columns and the message, so the answer fits a
 * laptop's screen before anything scrolls. Locations: identifiers, the file's columns, then each
 * location. A lookup of several stores has a Store column after the status: its rows are one per
 * store and line.
 */
export function viewColumns(view: ResultView, carriedColumns: readonly string[], stores: readonly number[] = []): ViewColumn[] {
  const store: FixedColumnKey[] = stores.length > 1 ? ['store'] : []
  const carried = carriedViewColumns(carriedColumns)
  if (view === 'locations') {
    return [...(['status', ...store, ...LEADING.slice(1)] as const).map(fixedColumn), ...carried, ...LOCATIONS_TRAILING.map(fixedColumn)]
  }
  const name = nameColumnKey(carriedColumns)
  const named = name !== 'input'
  const identifiers = (['gtin', 'wmItemNumber', 'input', 'line'] as const).filter((key) => key !== name)
  return [
    ...(['status', ...store] as const).map(fixedColumn),
    ...(named ? carried.slice(0, 1) : [fixedColumn('input')]),
    ...FIGURE_KEYS.map(fixedColumn),
    ...identifiers.map(fixedColumn),
    fixedColumn('asOf'),
    ...(named ? carried.slice(1) : carried),
    fixedColumn('message')
  ]
}

/** The Stores view: one row per store, its counts of each outcome and its in-stock rate. */
export function storesViewColumns(): ViewColumn[] {
  return [fixedColumn('store'), ...STORE_SUMMARY_KEYS.map(fixedColumn)]
}

/** The Matrix view: the item's name or value, its identifiers and the file's other columns, On hand in each store, then the in-stock rate across them. */
export function matrixColumns(carriedColumns: readonly string[], stores: readonly number[]): ViewColumn[] {
  const storeColumns = stores.map((store): ViewColumn => ({
    key: storeKey(store),
    label: `Store ${store}`,
    kind: 'number',
    store,
    perLocation: false
  }))
  const carried = carriedViewColumns(carriedColumns)
  const named = nameColumnKey(carriedColumns) !== 'input'
  // The item's name (or its value) first, kept in view while the stores scroll past.
  return [
    ...(named ? carried.slice(0, 1) : [fixedColumn('input')]),
    ...(['line', 'input', 'gtin', 'wmItemNumber'] as const).filter((key) => named || key !== 'input').map(fixedColumn),
    ...(named ? carried.slice(1) : carried),
    ...storeColumns,
    fixedColumn('inStockRate')
  ]
}

/**
 * The By item view: the item's name or value, what it is across the stores (out of stock in N of
 * M, shelf empty in N, the stores concerned, lowest and total On hand, where it was not found or
 * failed), then its identifiers and the file's other columns, so the answer fits before anything
 * scrolls as in Items.
 */
export function byItemColumns(carriedColumns: readonly string[]): ViewColumn[] {
  const carried = carriedViewColumns(carriedColumns)
  const named = nameColumnKey(carriedColumns) !== 'input'
  return [
    ...(named ? carried.slice(0, 1) : [fixedColumn('input')]),
    ...ITEM_SUMMARY_KEYS.map(fixedColumn),
    ...(['gtin', 'wmItemNumber', 'input', 'line'] as const).filter((key) => named || key !== 'input').map(fixedColumn),
    ...(named ? carried.slice(1) : carried)
  ]
}

/** The columns `keys` names that exist in the view, in the order of `keys`. */
export function columnsByKeys(
  view: ResultView,
  carriedColumns: readonly string[],
  keys: readonly string[],
  stores: readonly number[] = []
): ViewColumn[] {
  return pickColumns(viewColumns(view, carriedColumns, stores), keys)
}

/** Of `columns`, those `keys` names, in the order of `keys`. */
export function pickColumns(columns: readonly ViewColumn[], keys: readonly string[]): ViewColumn[] {
  const byKey = new Map(columns.map((column) => [column.key as string, column]))
  const chosen: ViewColumn[] = []
  for (const key of keys) {
    const column = byKey.get(key)
    if (column !== undefined) {
      chosen.push(column)
      byKey.delete(key)
    }
  }
  return chosen
}

export type CellValue = string | number | null

function figure(figures: StockFigures | null, key: FigureKey): number | null {
  return figures === null ? null : figures[key]
}

/**
 * A cell's value: numbers as numbers, empty as null. `locationIndex` picks the location row for the
 * location columns; a line without locations (or the Items view) leaves them empty.
 */
export function cellValue(facts: LineFacts, column: ViewColumn, itemType: ItemType, locationIndex = -1): CellValue {
  if (column.key === 'status') return STOCK_STATUS_LABELS[facts.status]
  return lineCellValue(facts.result, facts.figures, column, itemType, locationIndex)
}

/** Every cell but the stock status, which depends on the low-stock level: what the screen can keep while the level changes. */
export function lineCellValue(
  result: LineResult,
  figures: StockFigures | null,
  column: ViewColumn,
  itemType: ItemType,
  locationIndex = -1
): CellValue {
  switch (column.key) {
    case 'status':
      return null
    case 'store':
      return result.storeNbr
    case 'line':
      return result.line
    case 'input':
      return result.input
    case 'gtin':
      return emptyToNull(lineGtin(result, itemType))
    case 'wmItemNumber':
      return emptyToNull(lineItemNumber(result, itemType))
    case 'onShelf':
    case 'backroom':
    case 'onHand':
    case 'onOrder':
    case 'inTransit':
      return figure(figures, column.key)
    case 'locationArea':
    case 'state':
    case 'quantity':
    case 'countedAs': {
      const location = result.item?.inventory_locations[locationIndex]
      if (location === undefined) return null
      if (column.key === 'quantity') return location.quantity
      if (column.key === 'countedAs') return BUCKET_LABELS[stockBucket(location)]
      return humaneName(column.key === 'state' ? location.state : location.location_area)
    }
    case 'asOf':
      return itemAsOf(result.item)
    case 'supplier':
      return emptyToNull(result.item?.supplier_name ?? '')
    case 'message':
      return emptyToNull(lineMessage(result, itemType))
    default:
      return emptyToNull(result.carried?.[column.carried ?? -1] ?? '')
  }
}

function emptyToNull(text: string): string | null {
  return text === '' ? null : text
}

/** How many rows a line has in the Locations view: one per location, at least one. */
export function locationRowCount(facts: LineFacts): number {
  return Math.max(1, facts.result.item?.inventory_locations.length ?? 0)
}
