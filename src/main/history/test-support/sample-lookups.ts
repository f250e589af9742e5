import type { InventoryItem } from '../../../shared/domain/line-result'
import { CELL_SEPARATOR } from '../../files/import/imported-table'
import type { NewLookup, NewLookupLine } from '../history-types'

/** A 14-digit GTIN-like value for line `n` (the store does not validate; the runner does). */
export function valueFor(n: number): string {
  return String(10_000_000_000_000 + n)
}

/** Lines 1..count, each with its own value, except the ones named invalid or duplicates. */
export function sampleLines(
  count: number,
  options: { invalid?: readonly number[]; duplicates?: ReadonlyMap<number, number>; carried?: boolean } = {}
): NewLookupLine[] {
  return Array.from({ length: count }, (_, i): NewLookupLine => {
    const line = i + 1
    const carried = options.carried === true ? { carried: `Description ${line}${CELL_SEPARATOR}${line % 12}` } : {}
    if (options.invalid?.includes(line) === true) {
      return { line, input: `bad${line}`, value: null, note: `bad${line} is not a GTIN.`, invalidReason: 'characters', ...carried }
    }
    const original = options.duplicates?.get(line)
    if (original !== undefined) return { line, input: valueFor(original), value: valueFor(original), duplicateOf: original, ...carried }
    return { line, input: valueFor(line), value: valueFor(line), ...carried }
  })
}

export function sampleLookup(lines: readonly NewLookupLine[], overrides: Partial<NewLookup> = {}): NewLookup {
  return {
    environment: 'demo',
    authUrl: 'http://127.0.0.1:9',
    baseUrl: 'http://127.0.0.1:9',
    clientId: 'demo-client',
    itemType: 'gtin',
    source: 'app',
    carriedColumns: [],
    stores: [1234],
    startedAt: 1_750_000_000_000,
    lines,
    ...overrides
  }
}

export function sampleItem(value: string, onHand: number): InventoryItem {
  return {
    gtin: value,
    wm_item_number: null,
    supplier_name: 'Northwind Grocery Supply Co.',
    store_nbr: 1234,
    inventory_locations: [{ location_area: 'store', state: 'available', quantity: onHand }],
    total_quantity: onHand,
    last_updated_time: '2026-11-22T10:00:00.000Z',
    raw: {
      gtin: value,
      inventory_locations: [{ location_area: 'store', state: 'available', quantity: onHand }],
      dept_nbr: 7,
      lastUpdatedTime: '2026-11-22T10:00:00Z'
    }
  }
}

export const NO_FIGURES = { requests: 0, retries: 0, throttledMs: 0, batchesDone: 0, batchesTotal: 0 }

/** The figures a run ends with that asked nothing (a lookup written straight into History). */
export const ENDED_WITH_NO_FIGURES = { ...NO_FIGURES, valuesPerSecond: 0 }
