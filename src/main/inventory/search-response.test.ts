import { describe, expect, it } from 'vitest'
import { inventoryLocationSchema } from '../../shared/domain/line-result'
import { parseSearchResponse } from './search-response'

describe('parseSearchResponse', () => {
  it('types documented fields, keeps unknown ones in raw and sums fractional quantities', () => {
    const item = {
      gtin: '36000291452',
      wm_item_number: 552233441,
      inventory_locations: [
        { location_area: 'store', state: 'available', quantity: 2.5 },
        { location_area: 'backroom', state: 'available', quantity: 4, bin: 'A1' },
        'not a location'
      ],
      cid_level_inventories: [{ cid: 1 }],
      lastUpdatedTime: '2026-11-22T10:00:00Z'
    }
    const [parsed] = parseSearchResponse({ supplier_name: 'Acme', store_nbr: 1234, items: [item], extra: true })
    expect(parsed).toMatchObject({
      gtin: '00036000291452',
      wm_item_number: '552233441',
      supplier_name: 'Acme',
      store_nbr: 1234,
      total_quantity: 6.5,
      last_updated_time: '2026-11-22T10:00:00.000Z'
    })
    expect(parsed?.inventory_locations).toHaveLength(2)
    expect(parsed?.inventory_locations[1]).toMatchObject({ bin: 'A1' })
    expect(parsed?.raw).toBe(item)
  })

  it('reads lastUpdatedTime as ISO text in UTC, and leaves it empty when missing or not a time, never failing the item', () => {
    const asOf = (lastUpdatedTime: unknown) =>
      parseSearchResponse({ items: [{ gtin: '1', inventory_locations: [], lastUpdatedTime }] })[0]?.last_updated_time
    expect(asOf('2026-11-22T10:00:00Z')).toBe('2026-11-22T10:00:00.000Z')
    expect(asOf('2026-11-22T10:00:00.123456Z')).toBe('2026-11-22T10:00:00.123Z')
    expect(asOf('2026-11-22T11:30:00+01:30')).toBe('2026-11-22T10:00:00.000Z')
    expect(asOf(' 2026-11-22T10:00 ')).toBe('2026-11-22T10:00:00.000Z')
    for (const garbage of [
      undefined,
      null,
      '',
      'yesterday',
      'Nov 22 2026',
      '2026-11-22',
      '2026-13-40T10:00:00Z',
      1764000000000,
      {},
      'x'.repeat(100)
    ]) {
      expect(asOf(garbage), String(garbage)).toBeNull()
    }
    expect(parseSearchResponse({ items: [{ gtin: '1', lastUpdatedTime: 'garbage' }] })).toHaveLength(1)
  })

  it('tolerates missing arrays and nulls', () => {
    expect(parseSearchResponse({})).toEqual([])
    expect(parseSearchResponse({ items: [{ gtin: null, inventory_locations: null }] })[0]).toMatchObject({
      gtin: null,
      inventory_locations: [],
      total_quantity: 0
    })
  })

  it('rejects a body that is not an object', () => {
    expect(() => parseSearchResponse('text')).toThrow()
  })

  it('reads a location as the shared location schema does, defaults, other fields and order alike', () => {
    const locations: unknown[] = [
      { location_area: 'store', state: 'available', quantity: 3 },
      { quantity: '7', state: 5, bin: 'B2', location_area: null },
      { bin: 'C3' },
      { location_area: 'backroom', quantity: Number.NaN },
      [],
      null,
      12
    ]
    const [item] = parseSearchResponse({ items: [{ gtin: 1, inventory_locations: locations }] })
    const expected = locations.flatMap((location) => {
      const parsed = inventoryLocationSchema.safeParse(location)
      return parsed.success ? [parsed.data] : []
    })
    expect(item?.inventory_locations).toEqual(expected)
    expect(item?.inventory_locations.map((location) => Object.keys(location))).toEqual(expected.map((location) => Object.keys(location)))
  })

  it('skips an item whose documented fields have a type the API does not give, and keeps the others', () => {
    const items = parseSearchResponse({
      items: [
        { gtin: true },
        { wm_item_number: {} },
        { inventory_locations: 'store' },
        ['00036000291452'],
        null,
        { gtin: 36000291452, wm_item_number: '9' }
      ]
    })
    expect(items).toEqual([expect.objectContaining({ gtin: '00036000291452', wm_item_number: '9', inventory_locations: [] })])
  })
})
