import { describe, expect, it } from 'vitest'
import type { InventoryItem } from '../../shared/domain/line-result'
import { lookupKey, matchItems } from './match-items'

function item(gtin: string | null, wmItemNumber: string | null, quantity = 1): InventoryItem {
  return {
    gtin,
    wm_item_number: wmItemNumber,
    supplier_name: 'Acme',
    store_nbr: 1234,
    inventory_locations: [{ location_area: 'store', state: 'available', quantity }],
    total_quantity: quantity,
    raw: {}
  }
}

describe('lookupKey', () => {
  it('compares GTINs as 14 digits and item numbers without leading zeros', () => {
    expect(lookupKey('gtin', '12345678905')).toBe('00012345678905')
    expect(lookupKey('gtin', '00012345678905')).toBe('00012345678905')
    expect(lookupKey('wm_item_number', '000123456')).toBe('123456')
    expect(lookupKey('wm_item_number', '123456')).toBe('123456')
    expect(lookupKey('wm_item_number', '000')).toBe('0')
  })
})

describe('matchItems', () => {
  it('matches items in any order, tolerating dropped leading zeros', () => {
    const values = ['00012345678905', '00000000000017', '00096385074123']
    const items = [item('96385074123', null, 3), item('00012345678905', '1', 5)]
    const { found, unmatched } = matchItems('gtin', values, items)
    expect(unmatched).toBe(0)
    expect(found.get('00012345678905')?.total_quantity).toBe(5)
    expect(found.get('00096385074123')?.total_quantity).toBe(3)
    expect(found.has('00000000000017')).toBe(false)
  })

  it('matches Walmart item numbers by their number, and counts items nobody asked for', () => {
    const { found, unmatched } = matchItems('wm_item_number', ['000555555'], [item(null, '555555'), item(null, '999'), item('1', null)])
    expect([...found.keys()]).toEqual(['555555'])
    expect(unmatched).toBe(2)
  })

  it('keeps the first item when the server repeats one', () => {
    const { found } = matchItems('gtin', ['00012345678905'], [item('00012345678905', null, 1), item('00012345678905', null, 9)])
    expect(found.get('00012345678905')?.total_quantity).toBe(1)
  })
})
