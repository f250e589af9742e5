/**
 * Which column of an imported file names the items, and how the app shows it: as "Item name",
 * the first of the columns carried with each line. Pure; main's import, the headless command and
 * the window's column choice all use it.
 */

/** The label the item's name is shown, stored and exported under, whatever the file called it. */
export const ITEM_NAME_COLUMN = 'Item name'

/** At most this many characters of a name are kept in the catalogue (a cell holds at most 1,000). */
export const MAX_ITEM_NAME_CHARS = 300

/** Header names, normalised by `headerKey`, in order of preference for the item's name. */
const NAME_HEADERS = [
  'item name',
  'item description',
  'description',
  'product name',
  'product description',
  'product',
  'item desc',
  'desc',
  'name',
  'article name',
  'article description',
  'article',
  'title'
]
const NAME_RANK = new Map(NAME_HEADERS.map((name, rank) => [name, rank]))
const NAME_WORDS = new Set(['name', 'description', 'desc', 'descr', 'product', 'title'])
/** Words that say a column holds something other than the item's own name: a store, a supplier, a code. */
const OTHER_WORDS = new Set([
  'number',
  'nbr',
  'no',
  'num',
  'nr',
  'id',
  'code',
  'gtin',
  'upc',
  'ean',
  'barcode',
  'store',
  'supplier',
  'vendor',
  'brand',
  'department',
  'dept',
  'category',
  'size',
  'pack',
  'qty',
  'quantity',
  'price',
  'cost',
  'date'
])

function headerKey(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s_\-#.:/()]+/g, ' ')
    .trim()
}

/** How well a header names the item's name: lower is better; undefined when it does not. */
function nameRank(header: string): number | undefined {
  const key = headerKey(header)
  if (key === '') return undefined
  const exact = NAME_RANK.get(key)
  if (exact !== undefined) return exact
  const words = key.split(' ')
  if (words.some((word) => OTHER_WORDS.has(word))) return undefined
  return words.some((word) => NAME_WORDS.has(word)) ? NAME_HEADERS.length : undefined
}

/**
 * The column most likely to name the items (Description, Item description, Item name, Product...),
 * never the column looked up; null when no header says so. Ties go to the leftmost column.
 */
export function suggestItemNameColumn(columns: readonly { index: number; name: string }[], lookupColumn: number): number | null {
  let best: number | null = null
  let bestRank = Number.POSITIVE_INFINITY
  for (const column of columns) {
    if (column.index === lookupColumn) continue
    const rank = nameRank(column.name)
    if (rank !== undefined && rank < bestRank) {
      best = column.index
      bestRank = rank
    }
  }
  return best
}

/** Where the item's name is among a lookup's carried columns: first when there is one, else -1. */
export function itemNameIndex(carriedColumns: readonly string[]): number {
  return carriedColumns[0] === ITEM_NAME_COLUMN ? 0 : -1
}

/** A line's item name, or '' when it has none. */
export function itemNameOf(carriedColumns: readonly string[], carried: readonly string[] | undefined): string {
  return itemNameIndex(carriedColumns) === 0 ? (carried?.[0] ?? '') : ''
}

/**
 * A file column's header as carried beside the item's name: a column the person did not choose
 * that happens to be headed "Item name" is said to be the file's, so the label means one thing.
 */
export function carriedHeader(name: string): string {
  return name.trim().toLowerCase() === ITEM_NAME_COLUMN.toLowerCase() ? `${name.trim()} (file)` : name
}
