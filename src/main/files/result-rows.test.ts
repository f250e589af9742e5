import { describe, expect, it } from 'vitest'
import type { InventoryItem, LineResult } from '../../shared/domain/line-result'
import { RESULT_COLUMNS, toResultRows } from './result-rows'

const META = { environment: 'demo', storeNbr: 1234, itemType: 'gtin' } as const

function item(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    gtin: '00012345678905',
    wm_item_number: '555000111',
    supplier_name: 'Acme',
    store_nbr: 1234,
    inventory_locations: [
      { location_area: 'store', state: 'available', quantity: 3 },
      { location_area: 'backroom', state: 'available', quantity: 1.5 }
    ],
    total_quantity: 4.5,
    raw: {},
    ...overrides
  }
}

describe('toResultRows', () => {
  it('gives one row per inventory location, and one for an item without locations', () => {
    const results: LineResult[] = [
      { line: 2, input: '12345678905', value: '00012345678905', status: 'found', note: 'leading zeros restored', item: item() },
      { line: 3, input: '614141000036', value: '00614141000036', status: 'found', item: item({ gtin: '00614141000036', inventory_locations: [], total_quantity: 0 }) }
    ]
    const rows = toResultRows(results, META)
    expect(rows).toHaveLength(3)
    expect(rows[0]).toEqual({
      line: 2,
      input: '12345678905',
      value: '00012345678905',
      status: 'found',
      store_nbr: 1234,
      gtin: '00012345678905',
      wm_item_number: '555000111',
      location_area: 'store',
      state: 'available',
      quantity: 3,
      total_quantity: 4.5,
      supplier_name: 'Acme',
      note: 'leading zeros restored',
      error: null
    })
    expect(rows[1]).toMatchObject({ line: 2, location_area: 'backroom', quantity: 1.5 })
    expect(rows[2]).toMatchObject({ line: 3, location_area: null, quantity: null, total_quantity: 0, gtin: '00614141000036' })
    expect(Object.keys(rows[0] ?? {})).toEqual([...RESULT_COLUMNS])
  })

  it('gives every other line one row that says why in error', () => {
    const results: LineResult[] = [
      { line: 1, input: 'abc', value: null, status: 'invalid', invalidReason: 'characters', note: 'abc contains characters other than digits.' },
      { line: 2, input: '7.61E+12', value: null, status: 'invalid', invalidReason: 'scientific_notation' },
      { line: 3, input: '00012345678905', value: '00012345678905', status: 'not_found' },
      { line: 4, input: '12345678905', value: '00012345678905', status: 'duplicate', duplicateOf: 3 },
      { line: 5, input: '00614141000036', value: '00614141000036', status: 'failed', error: { code: 'server_error', message: 'The server failed (503).', status: 503 } },
      { line: 6, input: '04006381333931', value: '04006381333931', status: 'cancelled' }
    ]
    const rows = toResultRows(results, META)
    expect(rows.map((row) => [row.line, row.status, row.error, row.note])).toEqual([
      [1, 'invalid', 'abc contains characters other than digits.', null],
      [2, 'invalid', expect.stringMatching(/scientific notation/), null],
      [3, 'not_found', null, null],
      [4, 'duplicate', 'duplicate of line 3', null],
      [5, 'failed', 'The server failed (503).', null],
      [6, 'cancelled', 'Cancelled before it was looked up.', null]
    ])
    expect(rows[2]).toMatchObject({ gtin: '00012345678905', wm_item_number: null, store_nbr: 1234, supplier_name: null })
  })

  it('puts the looked-up value in the item-number column for item-number lookups', () => {
    const rows = toResultRows([{ line: 1, input: '555000111', value: '555000111', status: 'not_found' }], { ...META, itemType: 'wm_item_number' })
    expect(rows[0]).toMatchObject({ gtin: null, wm_item_number: '555000111' })
  })
})
