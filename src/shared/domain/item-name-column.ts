/**
 * Which of an imported file's columns names the item, by its header: the first found of these,
 * compared without case, spaces or punctuation ("Item Name", "item_name" and "ITEM-NAME" alike).
 * Earlier entries win when a file has several (a file with both "Item name" and "Description").
 */
const ITEM_NAME_HEADERS = [
  'itemname',
  'itemdescription',
  'productname',
  'productdescription',
  'description',
  'name',
  'product',
  'itemdesc',
  'desc'
] as const

function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** The position of the column that names the item among `columns`, or null when none does. */
export function itemNameColumn(columns: readonly string[]): number | null {
  const keys = columns.map(headerKey)
  for (const wanted of ITEM_NAME_HEADERS) {
    const index = keys.indexOf(wanted)
    if (index !== -1) return index
  }
  return null
}
