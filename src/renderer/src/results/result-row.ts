import type { ItemType } from '../../../shared/domain/item-type'
import type { FinalLineStatus, InvalidReason, InventoryLocation, LineResult } from '../../../shared/domain/line-result'
import type { SearchTerm } from './search-term'

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

/** The Message cell. An invalid line's note is already the specific reason, so it stands alone. */
export function lineMessage(result: LineResult, itemType: ItemType): string {
  const hasNote = result.note !== undefined && result.note !== ''
  if (result.status === 'invalid') return hasNote ? (result.note ?? '') : invalidReasonText(result.invalidReason, itemType)
  const parts: string[] = []
  switch (result.status) {
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
  if (hasNote) parts.push(result.note ?? '')
  return parts.join(' ')
}

function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value)
}

const LOWERED_STATUS: Readonly<Record<FinalLineStatus, string>> = {
  found: 'found',
  not_found: 'not found',
  invalid: 'invalid',
  duplicate: 'duplicate',
  failed: 'failed',
  cancelled: 'cancelled'
}

/** Location areas and states repeat across thousands of rows: lowercase each distinct one once. */
const loweredWords = new Map<string, string>()
function lowerWord(text: string): string {
  let lowered = loweredWords.get(text)
  if (lowered === undefined) {
    lowered = text.toLowerCase()
    loweredWords.set(text, lowered)
  }
  return lowered
}

type LineColumn = Exclude<ColumnKey, 'locationArea' | 'state' | 'quantity'>
const LINE_COLUMNS: readonly LineColumn[] = ['status', 'line', 'input', 'gtin', 'wmItemNumber', 'totalQuantity', 'supplier', 'message']
const LINE_SLOT = new Map<ColumnKey, number>(LINE_COLUMNS.map((column, slot) => [column, slot]))
/**
 * One line's result as the grid sees it, shared by all rows of that line, so text that belongs to
 * the line (GTIN, supplier, message...) is formatted and lowercased once per line, and only when a
 * sort, filter or search first asks for it. Kept across log updates while the line's result stands.
 */
export class LineEntry {
  readonly result: LineResult
  readonly itemType: ItemType
  private lowered: Array<string | undefined> | null = null
  /** The last term asked and its answer: a line's rows ask in turn, and a line's text never changes. */
  private lastTerm: SearchTerm | null = null
  private lastHit = false

  constructor(result: LineResult, itemType: ItemType) {
    this.result = result
    this.itemType = itemType
  }

  text(column: LineColumn): string {
    const { result, itemType } = this
    const item = result.item
    switch (column) {
      case 'status':
        return STATUS_LABELS[result.status]
      case 'line':
        return String(result.line)
      case 'input':
        return result.input
      case 'gtin':
        return item === undefined ? (itemType === 'gtin' ? (result.value ?? '') : '') : (item.gtin ?? '')
      case 'wmItemNumber':
        return item === undefined ? (itemType === 'wm_item_number' ? (result.value ?? '') : '') : (item.wm_item_number ?? '')
      case 'totalQuantity':
        return numberText(item?.total_quantity)
      case 'supplier':
        return item?.supplier_name ?? ''
      case 'message':
        return result.status === 'found' && (result.note === undefined || result.note === '') ? '' : lineMessage(result, itemType)
    }
  }

  /** Lowercased text: shared for words that repeat (status, supplier), cached on the line for the rest. */
  lower(column: LineColumn): string {
    if (column === 'status') return LOWERED_STATUS[this.result.status]
    if (column === 'supplier') return lowerWord(this.text(column))
    const slot = LINE_SLOT.get(column) ?? 0
    this.lowered ??= new Array<string | undefined>(LINE_COLUMNS.length)
    let value = this.lowered[slot]
    if (value === undefined) {
      value = column === 'line' || column === 'totalQuantity' ? this.text(column) : this.text(column).toLowerCase()
      this.lowered[slot] = value
    }
    return value
  }

  /** Whether any of the line's cells contains `term`. */
  contains(term: SearchTerm): boolean {
    if (term === this.lastTerm) return this.lastHit
    const { result } = this
    const item = result.item
    this.lastTerm = term
    this.lastHit =
      term.in(STATUS_LABELS[result.status]) ||
      term.in(result.input) ||
      term.in(this.text('gtin')) ||
      term.in(this.text('wmItemNumber')) ||
      term.in(item?.supplier_name ?? '') ||
      term.in(this.text('message')) ||
      term.inNumber(result.line) ||
      term.inNumber(item?.total_quantity)
    return this.lastHit
  }
}

/**
 * One grid row: one inventory location of one line (a line without locations still gets one row).
 * Built cheaply (two fields); everything else is derived on demand and cached on the row or its
 * line, so a row keeps its caches for as long as its line's result is not superseded.
 */
export class ResultRow {
  readonly entry: LineEntry
  readonly locationIndex: number
  private keyText: string | null = null

  constructor(entry: LineEntry, locationIndex: number) {
    this.entry = entry
    this.locationIndex = locationIndex
  }

  /** `${line}:${locationIndex}` */
  get key(): string {
    this.keyText ??= `${this.entry.result.line}:${this.locationIndex}`
    return this.keyText
  }

  get result(): LineResult {
    return this.entry.result
  }

  get line(): number {
    return this.entry.result.line
  }

  get status(): FinalLineStatus {
    return this.entry.result.status
  }

  get location(): InventoryLocation | undefined {
    return this.entry.result.item?.inventory_locations[this.locationIndex]
  }

  get quantity(): number | null {
    return this.location?.quantity ?? null
  }

  get totalQuantity(): number | null {
    return this.entry.result.item?.total_quantity ?? null
  }

  /** What the cell shows and copies. Without an item, the looked-up value goes in its item type's column. */
  text(column: ColumnKey): string {
    switch (column) {
      case 'locationArea':
        return this.location?.location_area ?? ''
      case 'state':
        return this.location?.state ?? ''
      case 'quantity':
        return numberText(this.location?.quantity)
      default:
        return this.entry.text(column)
    }
  }

  /** The cell's text lowercased, for filters and text sorting. */
  lower(column: ColumnKey): string {
    switch (column) {
      case 'locationArea':
      case 'state':
        return lowerWord(this.text(column))
      case 'quantity':
        return this.text(column)
      default:
        return this.entry.lower(column)
    }
  }

  /** Whether any cell of the row contains `term`. */
  contains(term: SearchTerm): boolean {
    if (this.entry.contains(term)) return true
    const location = this.location
    if (location === undefined) return false
    return term.in(location.location_area) || term.in(location.state) || term.inNumber(location.quantity)
  }
}

/** What a cell shows and copies. */
export function cellText(row: ResultRow, column: ColumnKey): string {
  return row.text(column)
}

/** The grid rows of one line, in location order. */
export function rowsOfLine(entry: LineEntry): ResultRow[] {
  const count = Math.max(1, entry.result.item?.inventory_locations.length ?? 0)
  const rows: ResultRow[] = []
  for (let location = 0; location < count; location += 1) rows.push(new ResultRow(entry, location))
  return rows
}
