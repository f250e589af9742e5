import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../../shared/domain/gtin'
import { parseDemoDate, type DemoDay } from './demo-date'
import { canonicalValue, isMapped, searchInventory } from './demo-inventory'
import { isCarried } from './demo-stock'

const NOW = Date.UTC(2025, 0, 6, 9, 0, 0)
const DAY = parseDemoDate('2025-01-06') as DemoDay

function gtinFrom(n: number): string {
  const data = String(n).padStart(13, '0')
  return `${data}${gs1CheckDigit(data)}`
}

describe('canonicalValue', () => {
  it('pads GTINs to 14 digits and refuses ones no item could have', () => {
    expect(canonicalValue('gtin', '036000291452')).toBe('00036000291452')
    expect(canonicalValue('gtin', '00036000291453')).toBeNull()
    expect(canonicalValue('gtin', '0003600029145X')).toBeNull()
    expect(canonicalValue('gtin', '00000000000000')).toBeNull()
    expect(canonicalValue('gtin', '1234567')).toBeNull()
  })

  it('pads item numbers to 9 digits', () => {
    expect(canonicalValue('wm_item_number', '55386759')).toBe('055386759')
    expect(canonicalValue('wm_item_number', '1234567890')).toBeNull()
    expect(canonicalValue('wm_item_number', '12a')).toBeNull()
  })
})

describe('searchInventory', () => {
  it('leaves out roughly 8 % of valid values', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => gtinFrom(7_000_000_000 + i * 13))
    const unmapped = values.filter((value) => !isMapped('gtin', value)).length
    expect(unmapped / values.length).toBeGreaterThan(0.06)
    expect(unmapped / values.length).toBeLessThan(0.1)
  })

  it('answers duplicates and padded spellings of one GTIN once', () => {
    const gtin = Array.from({ length: 50 }, (_, i) => gtinFrom(36_000_291_000 + i)).find((value) => isMapped('gtin', value))
    if (gtin === undefined) throw new Error('expected a mapped GTIN among 50')
    const store = Array.from({ length: 50 }, (_, i) => i + 1).find((nbr) => isCarried(nbr, 'gtin', gtin)) ?? 0
    const answer = searchInventory({ storeNbr: store, itemType: 'gtin', values: [gtin, gtin, gtin.replace(/^0+/, '')] }, NOW, DAY)
    expect(answer).toMatchObject({ mapped: 1 })
    expect(answer.items.map((item) => item.gtin)).toEqual([gtin])
  })

  it('keeps the item the same across stores while its stock, and whether the store carries it, differ', () => {
    const values = Array.from({ length: 200 }, (_, i) => gtinFrom(8_100_000_000 + i * 7))
    const a = searchInventory({ storeNbr: 100, itemType: 'gtin', values }, NOW, DAY)
    const b = searchInventory({ storeNbr: 200, itemType: 'gtin', values }, NOW, DAY)
    expect(a.mapped).toBe(b.mapped)
    expect(a.items.length).toBeLessThan(a.mapped)
    const inB = new Map(b.items.map((item) => [item.gtin, item]))
    const inBoth = a.items.filter((item) => inB.has(item.gtin))
    expect(inBoth.length).toBeLessThan(Math.min(a.items.length, b.items.length))
    for (const item of inBoth) expect(inB.get(item.gtin)?.wm_item_number).toBe(item.wm_item_number)
    const differing = inBoth.filter(
      (item) => JSON.stringify(item.inventory_locations) !== JSON.stringify(inB.get(item.gtin)?.inventory_locations)
    )
    expect(differing.length).toBeGreaterThan(inBoth.length * 0.8)
  })

  it('answers the same (store, value) the same way every time, in any company', () => {
    const values = Array.from({ length: 30 }, (_, i) => gtinFrom(8_300_000_000 + i * 3))
    const alone = values.flatMap((value) => searchInventory({ storeNbr: 42, itemType: 'gtin', values: [value] }, NOW, DAY).items)
    const together = searchInventory({ storeNbr: 42, itemType: 'gtin', values }, NOW, DAY).items
    const byGtin = (items: typeof alone) => [...items].sort((x, y) => x.gtin.localeCompare(y.gtin))
    expect(byGtin(together)).toEqual(byGtin(alone))
  })

  it('never repeats a location and state pair within an item', () => {
    const values = Array.from({ length: 100 }, (_, i) => gtinFrom(9_200_000_000 + i * 11))
    for (const item of searchInventory({ storeNbr: 3, itemType: 'gtin', values }, NOW, DAY).items) {
      const keys = item.inventory_locations.map((row) => `${row.location_area}/${row.state}`)
      expect(new Set(keys).size).toBe(keys.length)
      for (const row of item.inventory_locations) expect(row.quantity).toBeGreaterThanOrEqual(0)
    }
  })
})
