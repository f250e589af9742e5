import type { LineResult } from '../../../../shared/domain/line-result'
import { viewColumns, type ResultView, type ViewColumn } from '../../../../shared/views/view-columns'
import { applyEntries, emptyResultSet, type ResultSet } from '../result-set'

export function found(line: number, gtin: string, quantities: number[], extra: Partial<LineResult> = {}): LineResult {
  const locations = quantities.map((quantity, index) => ({
    location_area: index === 0 ? 'Store' : 'Backroom',
    state: 'available',
    quantity
  }))
  return {
    storeNbr: 1234,
    line,
    input: gtin.replace(/^0+/, ''),
    value: gtin,
    status: 'found',
    item: {
      gtin,
      wm_item_number: `5${String(line).padStart(8, '0')}`,
      supplier_name: 'Acme Foods',
      store_nbr: 1234,
      inventory_locations: locations,
      total_quantity: quantities.reduce((sum, quantity) => sum + quantity, 0),
      raw: { gtin, extra_field: 'kept' }
    },
    ...extra
  }
}

export const notFound: LineResult = { storeNbr: 1234, line: 3, input: '00012345678905', value: '00012345678905', status: 'not_found' }
export const invalid: LineResult = {
  storeNbr: 1234,
  line: 4,
  input: '7.61E+12',
  value: null,
  status: 'invalid',
  invalidReason: 'scientific_notation'
}
export const duplicate: LineResult = {
  storeNbr: 1234,
  line: 5,
  input: '12345678905',
  value: '00012345678905',
  status: 'duplicate',
  duplicateOf: 3
}
export const failed: LineResult = {
  storeNbr: 1234,
  line: 6,
  input: '00000000000017',
  value: '00000000000017',
  status: 'failed',
  error: { code: 'server_error', message: 'The inventory service had an internal error; try again later.', status: 500 }
}

export function setOf(entries: LineResult[]): ResultSet {
  return applyEntries(emptyResultSet('job-1', 'gtin'), entries, entries.length)
}

/** Columns by key, for tests that filter, sort or read cells of a view. */
export function columnsOf(view: ResultView, carried: readonly string[] = []): Record<string, ViewColumn> {
  return Object.fromEntries(viewColumns(view, carried).map((column) => [column.key, column]))
}

/** A row's key without its store (every row of these one-store sets is in store 1234): "5", "5:1". */
export function keyInStore(row: { key: string }): string {
  return row.key.replace(/^1234:/, '')
}
