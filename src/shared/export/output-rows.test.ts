import { describe, expect, it } from 'vitest'
import type { CompareRow } from '../compare/compare-lookups'
import type { InventoryItem, LineResult } from '../domain/line-result'
import { ITEM_NAME_COLUMN } from '../items/item-name-column'
import { lineFacts } from '../views/line-facts'
import { itemsRowSchema, locationsRowSchema, matrixRowSchema, storesRowSchema, compareRowSchema } from './output-document'
import { compareOutputRow, fileColumnNames, outputRowBuilder, storesRows } from './output-rows'
import { pairOf } from './store-sheets'

function item(gtin: string, locations: InventoryItem['inventory_locations']): InventoryItem {
  return {
    gtin,
    wm_item_number: '555000111',
    supplier_name: 'Acme',
    store_nbr: 1234,
    inventory_locations: locations,
    total_quantity: locations.reduce((sum, location) => sum + location.quantity, 0),
    last_updated_time: '2026-11-22T10:00:00.000Z',
    raw: {}
  }
}

const CARRIED = [ITEM_NAME_COLUMN, 'Case pack', '', 'Case pack']

function found(storeNbr: number, line: number, locations: InventoryItem['inventory_locations']): LineResult {
  return {
    storeNbr,
    line,
    input: '12345678905',
    value: '00012345678905',
    status: 'found',
    note: 'leading zeros restored',
    carried: [' Oat milk 1 L ', '12', 'x', '24'],
    item: item('00012345678905', locations)
  }
}

const SHELF_AND_BACKROOM = [
  { location_area: 'store', state: 'available', quantity: 0 },
  { location_area: 'BACKROOM', state: 'AVAILABLE', quantity: 1.5 },
  { location_area: 'store', state: 'on_order', quantity: 24 }
]
const NOTHING = [{ location_area: 'store', state: 'available', quantity: 0 }]
const INVALID: LineResult = {
  storeNbr: 7,
  line: 4,
  input: '7.61E+12',
  value: null,
  status: 'invalid',
  invalidReason: 'scientific_notation',
  carried: ['Broken row', '', '', '']
}

const build = outputRowBuilder({ itemType: 'gtin', carriedColumns: CARRIED, clean: (text) => text.replaceAll('Oat', '[redacted]') })
const facts = (result: LineResult) => lineFacts(result, 3)

describe('rows for scripts', () => {
  it('Items: stable keys, the status as a code beside its words, figures as numbers, the file columns by their own names', () => {
    const row = build.items(facts(found(7, 2, SHELF_AND_BACKROOM)))
    expect(itemsRowSchema.parse(row)).toEqual(row)
    // Written in the schema's order, so every line of an NDJSON file reads alike.
    expect(Object.keys(row)).toEqual(Object.keys(itemsRowSchema.shape))
    expect(row).toEqual({
      store: 7,
      line: 2,
      input: '12345678905',
      gtin: '00012345678905',
      wmItemNumber: '555000111',
      itemName: '[redacted] milk 1 L',
      status: 'shelf_empty',
      statusLabel: 'Shelf empty, backroom has stock',
      onShelf: 0,
      backroom: 1.5,
      onHand: 1.5,
      onOrder: 24,
      inTransit: 0,
      asOf: '2026-11-22T10:00:00.000Z',
      message: 'leading zeros restored',
      file: { 'Item name': ' [redacted] milk 1 L ', 'Case pack': '12', 'Column 3': 'x', 'Case pack (2)': '24' }
    })
    const invalid = build.items(facts(INVALID))
    expect(invalid).toMatchObject({ status: 'invalid', gtin: null, onHand: null, asOf: null, itemName: 'Broken row' })
    expect(invalid.message).toMatch(/scientific notation/)
  })

  it('Locations: one row per location with the API names and the figure it counts towards; one row of nulls without any', () => {
    const rows = build.locations(facts(found(7, 2, SHELF_AND_BACKROOM)))
    for (const row of rows) expect(locationsRowSchema.parse(row)).toEqual(row)
    for (const row of [...rows, ...build.locations(facts(INVALID))]) expect(Object.keys(row)).toEqual(Object.keys(locationsRowSchema.shape))
    expect(rows.map((row) => [row.locationArea, row.locationState, row.quantity, row.countedAs, row.supplier, row.asOf])).toEqual([
      ['store', 'available', 0, 'on_shelf', 'Acme', '2026-11-22T10:00:00.000Z'],
      ['BACKROOM', 'AVAILABLE', 1.5, 'backroom', 'Acme', '2026-11-22T10:00:00.000Z'],
      ['store', 'on_order', 24, 'on_order', 'Acme', '2026-11-22T10:00:00.000Z']
    ])
    expect(build.locations(facts(INVALID))).toEqual([
      expect.objectContaining({ line: 4, locationArea: null, locationState: null, quantity: null, countedAs: null })
    ])
  })

  it('Stores: in-stock rates are fractions of the unrounded counts, null when nothing was found', () => {
    const answers = [found(7, 2, SHELF_AND_BACKROOM), found(7, 3, NOTHING), found(7, 5, SHELF_AND_BACKROOM), found(8, 2, NOTHING)]
    const rows = storesRows(
      [7, 8, 9],
      3,
      answers.map((one) => pairOf(facts(one)))
    )
    for (const row of rows) expect(storesRowSchema.parse(row)).toEqual(row)
    expect(Object.keys(rows[0] ?? {})).toEqual(Object.keys(storesRowSchema.shape))
    expect(rows.map((row) => [row.store, row.valuesFound, row.outOfStock, row.inStockRate, row.progress])).toEqual([
      [7, 3, 1, 2 / 3, 'done'],
      [8, 1, 1, 0, 'looking_up'],
      [9, 0, 0, null, 'waiting']
    ])
  })

  it("Matrix in long form: a row per store and looked-up value, each with the value's rate across its stores", () => {
    const rows = build.matrix([facts(found(7, 2, SHELF_AND_BACKROOM)), facts(found(8, 2, NOTHING)), facts(INVALID)], () => 0.5)
    for (const row of rows) expect(matrixRowSchema.parse(row)).toEqual(row)
    expect(Object.keys(rows[0] ?? {})).toEqual(Object.keys(matrixRowSchema.shape))
    expect(rows.map((row) => [row.store, row.line, row.status, row.onHand, row.itemInStockRate])).toEqual([
      [7, 2, 'shelf_empty', 1.5, 0.5],
      [8, 2, 'out_of_stock', 0, 0.5]
    ])
  })

  it('Compare: the category as a code and each side with its status code and words', () => {
    const compared: CompareRow = {
      store: 7,
      value: '00012345678905',
      then: { line: 2, input: 'Oat', status: 'in_stock', onHand: 9 },
      now: { line: 3, input: 'Oat', status: 'out_of_stock', onHand: 0 },
      change: -9,
      category: 'newly_out'
    }
    const row = compareOutputRow(compared, (text) => text.toLowerCase())
    expect(compareRowSchema.parse(row)).toEqual(row)
    expect(Object.keys(row)).toEqual(Object.keys(compareRowSchema.shape))
    expect(row).toEqual({
      store: 7,
      value: '00012345678905',
      change: -9,
      comparison: 'newly_out',
      comparisonLabel: 'Newly out of stock',
      then: { line: 2, input: 'oat', status: 'in_stock', statusLabel: 'In stock', onHand: 9 },
      now: { line: 3, input: 'oat', status: 'out_of_stock', statusLabel: 'Out of stock', onHand: 0 }
    })
    expect(compareOutputRow({ ...compared, then: null, category: 'only_one', change: null }, (text) => text).then).toBeNull()
  })
})

describe('names in the file', () => {
  it('keys the file columns by their header, numbering a blank or repeated one', () => {
    expect(fileColumnNames(['Name', ' ', 'Name', 'Name (2)', 'Name'])).toEqual(['Name', 'Column 2', 'Name (2)', 'Name (2) (2)', 'Name (3)'])
  })

  it("takes the item's name from the column the import carries first as Item name, and gives none without it", () => {
    const row = found(100, 2, [])
    expect(build.items(lineFacts(row, 5)).itemName).toBe('[redacted] milk 1 L')
    const unnamed = outputRowBuilder({ itemType: 'gtin', carriedColumns: ['Description', 'Case pack'], clean: (text) => text })
    expect(unnamed.items(lineFacts(row, 5)).itemName).toBeNull()
  })
})
