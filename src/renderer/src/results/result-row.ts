import type { ItemType } from '../../../shared/domain/item-type'
import type { FinalLineStatus, InvalidReason, LineResult } from '../../../shared/domain/line-result'

export const COLUMN_KEYS = [
  'status',
  'line',
  'input',
  'gtin',
  'wmItemNumber',
  'locationArea',
  'state',
  'quantity',
  'totalQuantity',
  'supplier',
  'message'
] as const
export type ColumnKey = (typeof COLUMN_KEYS)[number]

export function isColumnKey(key: string): key is ColumnKey {
  return (COLUMN_KEYS as readonly string[]).includes(key)
}

export const NUMERIC_COLUMNS: ReadonlySet<ColumnKey> = new Set<ColumnKey>(['line', 'quantity', 'totalQuantity'])

export const COLUMN_NAMES: Readonly<Record<ColumnKey, string>> = {
  status: 'Status',
  line: 'Line',
  input: 'Input',
  gtin: 'GTIN',
  wmItemNumber: 'Walmart item number',
  locationArea: 'Location area',
  state: 'State',
  quantity: 'Quantity',
  totalQuantity: 'Total quantity',
  supplier: 'Supplier',
  message: 'Message'
}

export const STATUS_ORDER: readonly FinalLineStatus[] = ['found', 'not_found', 'invalid', 'duplicate', 'failed', 'cancelled']

export const STATUS_LABELS: Readonly<Record<FinalLineStatus, string>> = {
  found: 'Found',
  not_found: 'Not found',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
  failed: 'Failed',
  cancelled: 'Cancelled'
}

/**
 * One grid row: one inventory location of one line (a line without locations still gets one row).
 * Everything the grid shows, sorts, filters and copies is computed here once per data change, so
 * rendering, sorting and filtering 100,000 rows never formats or lowercases anything again.
 */
export interface ResultRow {
  /** `${line}:${locationIndex}` */
  readonly key: string
  readonly line: number
  readonly locationIndex: number
  readonly status: FinalLineStatus
  readonly quantity: number | null
  readonly totalQuantity: number | null
  /** What each cell shows and copies. */
  readonly text: Readonly<Record<ColumnKey, string>>
  /** `text` lowercased, for case-insensitive filters. */
  readonly lower: Readonly<Record<ColumnKey, string>>
  /** Every column's lowered text joined, for the quick search. */
  readonly search: string
  readonly result: LineResult
}

export function invalidReasonText(reason: InvalidReason | undefined, itemType: ItemType): string {
  switch (reason) {
    case 'empty':
      return 'The value is empty.'
    case 'characters':
      return 'The value has characters other than digits.'
    case 'length':
      return itemType === 'gtin'
        ? 'A GTIN has 8, 12, 13 or 14 digits.'
        : 'A Walmart item number has up to 9 digits.'
    case 'check_digit':
      return 'The check digit is wrong: a digit was probably mistyped.'
    case 'scientific_notation':
      return 'The value is in scientific notation (like 7.61E+12): the spreadsheet dropped digits, so copy the original values.'
    case undefined:
      return 'The value is not valid.'
  }
}

export function lineMessage(result: LineResult, itemType: ItemType): string {
  const parts: string[] = []
  switch (result.status) {
    case 'invalid':
      parts.push(invalidReasonText(result.invalidReason, itemType))
      break
    case 'duplicate':
      parts.push(result.duplicateOf === undefined ? 'Duplicate of an earlier line' : `Duplicate of line ${result.duplicateOf}`)
      break
    case 'failed':
      parts.push(result.error?.message ?? 'The lookup failed.')
      break
    case 'not_found':
      parts.push(result.error?.message ?? 'Not found in this store.')
      break
    case 'cancelled':
      parts.push('Cancelled before it was looked up.')
      break
    case 'found':
      break
  }
  if (result.note !== undefined && result.note !== '') parts.push(result.note)
  return parts.join(' ')
}

function numberText(value: number | null): string {
  return value === null ? '' : String(value)
}

function lowerAll(text: Record<ColumnKey, string>): Record<ColumnKey, string> {
  return {
    status: text.status.toLowerCase(),
    line: text.line,
    input: text.input.toLowerCase(),
    gtin: text.gtin.toLowerCase(),
    wmItemNumber: text.wmItemNumber.toLowerCase(),
    locationArea: text.locationArea.toLowerCase(),
    state: text.state.toLowerCase(),
    quantity: text.quantity,
    totalQuantity: text.totalQuantity,
    supplier: text.supplier.toLowerCase(),
    message: text.message.toLowerCase()
  }
}

function makeRow(
  result: LineResult,
  locationIndex: number,
  cells: { locationArea: string; state: string; quantity: number | null },
  shared: Omit<Record<ColumnKey, string>, 'locationArea' | 'state' | 'quantity'>,
  totalQuantity: number | null
): ResultRow {
  const text: Record<ColumnKey, string> = {
    ...shared,
    locationArea: cells.locationArea,
    state: cells.state,
    quantity: numberText(cells.quantity)
  }
  const lower = lowerAll(text)
  return {
    key: `${result.line}:${locationIndex}`,
    line: result.line,
    locationIndex,
    status: result.status,
    quantity: cells.quantity,
    totalQuantity,
    text,
    lower,
    search: COLUMN_KEYS.map((key) => lower[key]).join('\u0001'),
    result
  }
}

/** The grid rows of one line, in location order. */
export function rowsForLine(result: LineResult, itemType: ItemType): ResultRow[] {
  const item = result.item
  const value = result.value ?? ''
  const totalQuantity = item === undefined ? null : item.total_quantity
  const shared = {
    status: STATUS_LABELS[result.status],
    line: String(result.line),
    input: result.input,
    gtin: item?.gtin ?? (itemType === 'gtin' ? value : ''),
    wmItemNumber: item?.wm_item_number ?? (itemType === 'wm_item_number' ? value : ''),
    totalQuantity: numberText(totalQuantity),
    supplier: item?.supplier_name ?? '',
    message: lineMessage(result, itemType)
  }
  const locations = item?.inventory_locations ?? []
  if (locations.length === 0) {
    return [makeRow(result, 0, { locationArea: '', state: '', quantity: null }, shared, totalQuantity)]
  }
  return locations.map((location, index) =>
    makeRow(
      result,
      index,
      { locationArea: location.location_area, state: location.state, quantity: location.quantity },
      shared,
      totalQuantity
    )
  )
}
