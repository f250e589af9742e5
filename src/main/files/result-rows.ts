import { normalizeValue } from '../../shared/domain/gtin'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { LineResult } from '../../shared/domain/line-result'

/** Export columns, in file order. */
export const RESULT_COLUMNS = [
  'line',
  'input',
  'value',
  'status',
  'store_nbr',
  'gtin',
  'wm_item_number',
  'location_area',
  'state',
  'quantity',
  'total_quantity',
  'supplier_name',
  'note',
  'error'
] as const
export type ResultColumn = (typeof RESULT_COLUMNS)[number]

/** Columns that hold identifiers: text in every format, so leading zeros survive. */
export const TEXT_ID_COLUMNS: ReadonlySet<ResultColumn> = new Set<ResultColumn>(['input', 'value', 'gtin', 'wm_item_number'])

/** One exported row: one inventory location of one line. Empty cells are null. */
export interface ResultRow {
  line: number
  input: string
  value: string | null
  status: LineResult['status']
  store_nbr: number | null
  gtin: string | null
  wm_item_number: string | null
  location_area: string | null
  state: string | null
  quantity: number | null
  total_quantity: number | null
  supplier_name: string | null
  note: string | null
  error: string | null
}

export interface ResultRowsMeta {
  environment: EnvironmentId
  storeNbr: number
  itemType: ItemType
}

/**
 * Flattens line results for export: a found item gives one row per inventory location (at least
 * one), every other line exactly one row, with the reason it has no inventory in `error`.
 */
export function toResultRows(results: readonly LineResult[], meta: ResultRowsMeta): ResultRow[] {
  const rows: ResultRow[] = []
  for (const result of results) {
    const item = result.item
    const base: ResultRow = {
      line: result.line,
      input: result.input,
      value: result.value,
      status: result.status,
      store_nbr: item?.store_nbr ?? meta.storeNbr,
      gtin: item === undefined ? (meta.itemType === 'gtin' ? result.value : null) : item.gtin,
      wm_item_number: item === undefined ? (meta.itemType === 'wm_item_number' ? result.value : null) : item.wm_item_number,
      location_area: null,
      state: null,
      quantity: null,
      total_quantity: item?.total_quantity ?? null,
      supplier_name: item?.supplier_name ?? null,
      // An invalid line's note is its reason, which belongs in `error`.
      note: result.status === 'invalid' ? null : emptyToNull(result.note),
      error: errorText(result, meta.itemType)
    }
    const locations = item?.inventory_locations ?? []
    if (locations.length === 0) {
      rows.push(base)
      continue
    }
    for (const location of locations) {
      rows.push({ ...base, location_area: location.location_area, state: location.state, quantity: location.quantity })
    }
  }
  return rows
}

function errorText(result: LineResult, itemType: ItemType): string | null {
  switch (result.status) {
    case 'invalid': {
      if (result.note !== undefined && result.note !== '') return result.note
      const normalized = normalizeValue(result.input, itemType)
      return normalized.ok ? 'The value is not valid.' : normalized.message
    }
    case 'duplicate':
      return result.duplicateOf === undefined ? 'duplicate of an earlier line' : `duplicate of line ${result.duplicateOf}`
    case 'cancelled':
      return result.error?.message ?? 'Cancelled before it was looked up.'
    case 'failed':
      return result.error?.message ?? 'The lookup failed.'
    default:
      return emptyToNull(result.error?.message)
  }
}

function emptyToNull(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text
}
