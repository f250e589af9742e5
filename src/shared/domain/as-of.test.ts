import { describe, expect, it } from 'vitest'
import { itemAsOf, widenAsOf } from './as-of'
import type { InventoryItem } from './line-result'

const item = (fields: Partial<InventoryItem>): InventoryItem => ({
  gtin: '00012345678905',
  wm_item_number: null,
  supplier_name: null,
  store_nbr: 1,
  inventory_locations: [],
  total_quantity: 0,
  raw: {},
  ...fields
})

describe('itemAsOf', () => {
  it('is the time the reply parser read', () => {
    expect(itemAsOf(item({ last_updated_time: '2026-11-22T10:00:00.000Z', raw: { lastUpdatedTime: '1999-01-01T00:00:00Z' } }))).toBe(
      '2026-11-22T10:00:00.000Z'
    )
    expect(itemAsOf(item({ last_updated_time: null, raw: { lastUpdatedTime: '2026-11-22T10:00:00Z' } }))).toBeNull()
  })

  it('reads an item History kept from before the parser read it from its raw answer, and is empty without one', () => {
    expect(itemAsOf(item({ raw: { lastUpdatedTime: '2026-11-22T10:00:00Z' } }))).toBe('2026-11-22T10:00:00.000Z')
    expect(itemAsOf(item({ raw: { lastUpdatedTime: 'soon' } }))).toBeNull()
    expect(itemAsOf(item({ raw: 'not an object' }))).toBeNull()
    expect(itemAsOf(undefined)).toBeNull()
  })
})

describe('widenAsOf', () => {
  it('keeps the earliest and the latest time', () => {
    let range = widenAsOf(null, null)
    expect(range).toBeNull()
    range = widenAsOf(range, '2026-11-22T10:00:00.000Z')
    range = widenAsOf(range, '2026-11-21T08:00:00.000Z')
    range = widenAsOf(range, null)
    range = widenAsOf(range, '2026-11-22T11:00:00.000Z')
    range = widenAsOf(range, '2026-11-22T09:00:00.000Z')
    expect(range).toEqual({ earliest: '2026-11-21T08:00:00.000Z', latest: '2026-11-22T11:00:00.000Z' })
  })
})
