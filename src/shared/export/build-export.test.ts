import { describe, expect, it } from 'vitest'
import type { InventoryItem, LineResult } from '../domain/line-result'
import { STOCK_STATUS_FILLS } from '../stock/stock-status'
import { buildExportSheets, defaultExportSpec, type ExportSource } from './build-export'
import type { ColumnKey } from '../views/view-columns'
import { exportViewSpecSchema, type ExportViewSpec } from './export-spec'

function item(gtin: string, locations: InventoryItem['inventory_locations'], raw: unknown = {}): InventoryItem {
  return {
    gtin,
    wm_item_number: '555000111',
    supplier_name: 'Acme',
    store_nbr: 1234,
    inventory_locations: locations,
    total_quantity: locations.reduce((sum, location) => sum + location.quantity, 0),
    raw
  }
}

const RESULTS: LineResult[] = [
  {
    storeNbr: 1234,
    line: 2,
    input: '12345678905',
    value: '00012345678905',
    status: 'found',
    note: 'leading zeros restored',
    carried: ['Oat milk 1 L', '12'],
    item: item(
      '00012345678905',
      [
        { location_area: 'store', state: 'available', quantity: 0 },
        { location_area: 'BACKROOM', state: 'AVAILABLE', quantity: 1.5 },
        { location_area: 'store', state: 'on_order', quantity: 24 }
      ],
      { lastUpdatedTime: '2026-11-22T10:00:00Z' }
    )
  },
  {
    storeNbr: 1234,
    line: 3,
    input: '614141000036',
    value: '00614141000036',
    status: 'found',
    carried: ['Rye bread', '6'],
    item: item('00614141000036', [])
  },
  {
    storeNbr: 1234,
    line: 4,
    input: '7.61E+12',
    value: null,
    status: 'invalid',
    invalidReason: 'scientific_notation',
    carried: ['Broken row', '']
  },
  {
    storeNbr: 1234,
    line: 5,
    input: '12345678905',
    value: '00012345678905',
    status: 'duplicate',
    duplicateOf: 2,
    carried: ['Oat milk again', '12']
  },
  {
    storeNbr: 1234,
    line: 6,
    input: '00614141000036',
    value: '00614141000036',
    status: 'failed',
    error: { code: 'server_error', message: 'The server failed (503).', status: 503 }
  }
]

const SOURCE: ExportSource = { results: RESULTS, itemType: 'gtin', carriedColumns: ['Description', 'Case Pack'], stores: [1234], lines: 5 }

function spec(overrides: Partial<ExportViewSpec>): ExportViewSpec {
  return { ...defaultExportSpec('items', SOURCE.carriedColumns, 3), ...overrides }
}

describe('buildExportSheets: Items', () => {
  it("gives one row per line with the screen labels: the status, the value, the figures, the identifiers, the file's own columns and a message", () => {
    const [items, locations] = buildExportSheets(SOURCE, spec({}))
    expect(items?.name).toBe('Items')
    expect(items?.columns.map((column) => column.label)).toEqual([
      'Stock status',
      'Input',
      'On shelf',
      'Backroom',
      'On hand',
      'On order',
      'In transit',
      'GTIN',
      'Walmart item number',
      'Line',
      'As of',
      'Description',
      'Case Pack',
      'Message'
    ])
    expect(items?.columns.map((column) => column.kind)).toEqual([
      'text',
      'id',
      'number',
      'number',
      'number',
      'number',
      'number',
      'id',
      'id',
      'number',
      'text',
      'text',
      'text',
      'text'
    ])
    const none = [null, null, null, null, null]
    expect(items?.rows).toEqual([
      [
        'Shelf empty, backroom has stock',
        '12345678905',
        0,
        1.5,
        1.5,
        24,
        0,
        '00012345678905',
        '555000111',
        2,
        '2026-11-22T10:00:00.000Z',
        'Oat milk 1 L',
        '12',
        'leading zeros restored'
      ],
      ['Out of stock', '614141000036', 0, 0, 0, 0, 0, '00614141000036', '555000111', 3, null, 'Rye bread', '6', null],
      ['Invalid', '7.61E+12', ...none, null, null, 4, null, 'Broken row', null, expect.stringMatching(/scientific notation/)],
      ['Duplicate', '12345678905', ...none, '00012345678905', null, 5, null, 'Oat milk again', '12', 'Duplicate of line 2'],
      ['Failed', '00614141000036', ...none, '00614141000036', null, 6, null, null, null, 'The server failed (503).']
    ])
    expect(items?.fills).toEqual([
      {
        column: 0,
        colors: ['shelf_empty', 'out_of_stock', 'invalid', 'duplicate', 'failed'].map(
          (status) => STOCK_STATUS_FILLS[status as keyof typeof STOCK_STATUS_FILLS]
        )
      }
    ])
    expect(locations?.name).toBe('Locations')
    expect(locations?.rows.map((row) => row.slice(0, 2))).toEqual([
      ['Shelf empty, backroom has stock', 2],
      ['Shelf empty, backroom has stock', 2],
      ['Shelf empty, backroom has stock', 2],
      ['Out of stock', 3],
      ['Invalid', 4],
      ['Duplicate', 5],
      ['Failed', 6]
    ])
  })

  it("keeps the screen's column order and rows, and the Locations sheet follows the same items", () => {
    const [items, locations] = buildExportSheets(
      SOURCE,
      spec({ columns: ['carried:0', 'onHand', 'line', 'nonsense' as ColumnKey, 'quantity'], rows: { lines: [6, 2, 99] } })
    )
    expect(items?.columns.map((column) => column.label)).toEqual(['Description', 'On hand', 'Line'])
    expect(items?.rows).toEqual([
      [null, null, 6],
      ['Oat milk 1 L', 1.5, 2]
    ])
    expect(items?.fills).toBeUndefined()
    const header = locations?.columns.map((column) => column.label) ?? []
    const line = header.indexOf('Line')
    const area = header.indexOf('Location area')
    const state = header.indexOf('State')
    const counted = header.indexOf('Counted as')
    expect(locations?.rows.map((row) => [row[line], row[area], row[state], row[counted]])).toEqual([
      [6, null, null, null],
      [2, 'Store', 'Available', 'On shelf'],
      [2, 'Backroom', 'Available', 'Backroom'],
      [2, 'Store', 'On order', 'On order']
    ])
  })

  it('judges low stock by the level the screen used', () => {
    const low = buildExportSheets({ ...SOURCE, results: [RESULTS[0] as LineResult] }, spec({ columns: ['status'], lowStockLevel: 3 }))
    expect(low[0]?.rows).toEqual([['Shelf empty, backroom has stock']])
    const onShelf: LineResult = {
      ...(RESULTS[0] as LineResult),
      item: item('00012345678905', [{ location_area: 'store', state: 'available', quantity: 5 }])
    }
    expect(buildExportSheets({ ...SOURCE, results: [onShelf] }, spec({ columns: ['status'], lowStockLevel: 5 }))[0]?.rows).toEqual([
      ['Low stock']
    ])
    expect(buildExportSheets({ ...SOURCE, results: [onShelf] }, spec({ columns: ['status'], lowStockLevel: 4 }))[0]?.rows).toEqual([
      ['In stock']
    ])
  })
})

describe('buildExportSheets: Locations', () => {
  it('exports exactly the location rows asked for, in that order, as one sheet', () => {
    const sheets = buildExportSheets(
      SOURCE,
      spec({
        view: 'locations',
        columns: ['line', 'locationArea', 'quantity', 'carried:0'],
        rows: { lines: [2, 3, 2, 2], locations: [2, 0, 0, 7] }
      })
    )
    expect(sheets).toHaveLength(1)
    expect(sheets[0]?.name).toBe('Locations')
    expect(sheets[0]?.rows).toEqual([
      [2, 'Store', 24, 'Oat milk 1 L'],
      [3, null, null, 'Rye bread'],
      [2, 'Store', 0, 'Oat milk 1 L']
    ])
  })

  it('exports every location row in line order when the screen shows them all unsorted', () => {
    const [sheet] = buildExportSheets(SOURCE, defaultExportSpec('locations', SOURCE.carriedColumns, 3))
    expect(sheet?.rows).toHaveLength(7)
    expect(sheet?.columns.map((column) => column.label)).toContain('Counted as')
  })

  it('puts the looked-up value in the item-number column for item-number lookups', () => {
    const [sheet] = buildExportSheets(
      {
        results: [{ storeNbr: 1234, line: 1, input: '555000111', value: '555000111', status: 'not_found' }],
        itemType: 'wm_item_number',
        carriedColumns: [],
        stores: [1234],
        lines: 1
      },
      spec({ columns: ['gtin', 'wmItemNumber', 'message'] })
    )
    expect(sheet?.rows).toEqual([[null, '555000111', 'Not found in this store.']])
  })
})

describe('exportViewSpecSchema', () => {
  it('accepts what the screen sends and refuses unknown columns and unpaired location rows', () => {
    expect(exportViewSpecSchema.safeParse(spec({ view: 'locations', rows: { lines: [1, 2], locations: [0, 3] } })).success).toBe(true)
    expect(exportViewSpecSchema.safeParse({ ...spec({}), columns: ['line', '__proto__'] }).success).toBe(false)
    expect(exportViewSpecSchema.safeParse(spec({ rows: { lines: [1, 2], locations: [0] } })).success).toBe(false)
    expect(exportViewSpecSchema.safeParse(spec({ columns: [] })).success).toBe(false)
    expect(exportViewSpecSchema.safeParse(spec({ lowStockLevel: -1 })).success).toBe(false)
  })
})
