import { describe, expect, it } from 'vitest'
import { carriedHeader, ITEM_NAME_COLUMN, itemNameIndex, itemNameOf, suggestItemNameColumn } from './item-name-column'

const columns = (...names: string[]) => names.map((name, index) => ({ index, name }))

describe('suggestItemNameColumn', () => {
  it('picks the column whose header names the item', () => {
    expect(suggestItemNameColumn(columns('GTIN', 'Description', 'Case Pack'), 0)).toBe(1)
    expect(suggestItemNameColumn(columns('UPC', 'Case Pack', 'Item description'), 0)).toBe(2)
    expect(suggestItemNameColumn(columns('Item_Name', 'GTIN'), 1)).toBe(0)
    expect(suggestItemNameColumn(columns('gtin', 'PRODUCT'), 0)).toBe(1)
    expect(suggestItemNameColumn(columns('gtin', 'Long product description (EN)'), 0)).toBe(1)
  })

  it('prefers the better name when several columns could be it', () => {
    expect(suggestItemNameColumn(columns('GTIN', 'Product', 'Description', 'Item name'), 0)).toBe(3)
    expect(suggestItemNameColumn(columns('GTIN', 'Title', 'Product'), 0)).toBe(2)
  })

  it('takes neither the looked-up column nor a column that names something else', () => {
    expect(suggestItemNameColumn(columns('Description', 'GTIN'), 0)).toBeNull()
    expect(suggestItemNameColumn(columns('GTIN', 'Store name', 'Supplier name', 'Brand name', 'Product code', 'Item number'), 0)).toBeNull()
    expect(suggestItemNameColumn(columns('GTIN', 'Case Pack', 'Supplier Item #', ''), 0)).toBeNull()
    expect(suggestItemNameColumn([], 0)).toBeNull()
  })
})

describe('the item name among carried columns', () => {
  it('is the first carried column when it is there', () => {
    expect(itemNameIndex([ITEM_NAME_COLUMN, 'Case Pack'])).toBe(0)
    expect(itemNameIndex(['Case Pack', ITEM_NAME_COLUMN])).toBe(-1)
    expect(itemNameOf([ITEM_NAME_COLUMN, 'Case Pack'], ['Milk 1 l', '6'])).toBe('Milk 1 l')
    expect(itemNameOf(['Case Pack'], ['6'])).toBe('')
    expect(itemNameOf([ITEM_NAME_COLUMN], undefined)).toBe('')
  })

  it("says a file's own column headed Item name is the file's", () => {
    expect(carriedHeader(' item NAME ')).toBe('item NAME (file)')
    expect(carriedHeader('Case Pack')).toBe('Case Pack')
  })
})
