import type { DatabaseSync } from 'node:sqlite'
import type { ItemType } from '../../shared/domain/item-type'
import { ITEM_NAME_COLUMN, itemNameIndex, MAX_ITEM_NAME_CHARS } from '../../shared/items/item-name-column'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import { firstCellOf } from './carried-slices'
import type { NewLookup, NewLookupLine } from './history-types'

/** Values asked of SQLite in one statement: well under its limit of bound parameters. */
const VALUES_PER_QUERY = 500

/** A name the catalogue knows, and where it came from. */
export interface CatalogueEntry {
  name: string
  /** The imported file that gave it. */
  source: string
  /** The lookup that file was imported for, while History keeps it. */
  lookupId: number | null
  updatedAt: number
}

/**
 * The item catalogue: each GTIN or item number with the latest name an imported file gave it. It
 * is written on History's writer thread as a lookup is stored (from the lookup's own lines, never
 * all files' rows at once) and read there too, to name the items of a list that has no names.
 */
export function createItemCatalogue(db: DatabaseSync) {
  const upsert = db.prepare(
    `INSERT INTO item_catalogue (item_type, value, name, source, lookup_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (item_type, value) DO UPDATE SET name = excluded.name, source = excluded.source, lookup_id = excluded.lookup_id,
       updated_at = excluded.updated_at`
  )
  const statements = new Map<number, ReturnType<DatabaseSync['prepare']>>()
  function namesQuery(count: number) {
    let statement = statements.get(count)
    if (statement === undefined) {
      const marks = Array.from({ length: count }, () => '?').join(', ')
      statement = db.prepare(
        `SELECT value, name, source, lookup_id, updated_at FROM item_catalogue WHERE item_type = ? AND value IN (${marks})`
      )
      statements.set(count, statement)
    }
    return statement
  }

  return {
    /** The names known for these values (each value at most once asked), read a statement's worth at a time. */
    namesOf(itemType: ItemType, values: Iterable<string>): Map<string, CatalogueEntry> {
      const found = new Map<string, CatalogueEntry>()
      const distinct = [...new Set(values)]
      for (let start = 0; start < distinct.length; start += VALUES_PER_QUERY) {
        const slice = distinct.slice(start, start + VALUES_PER_QUERY)
        const rows = namesQuery(slice.length).all(itemType, ...slice) as {
          value: string
          name: string
          source: string
          lookup_id: number | null
          updated_at: number
        }[]
        for (const row of rows) {
          found.set(row.value, { name: row.name, source: row.source, lookupId: row.lookup_id, updatedAt: row.updated_at })
        }
      }
      return found
    },

    /** Keeps each value's name (the latest wins); blank names are not kept, long ones are cut. */
    record(
      itemType: ItemType,
      names: Iterable<{ value: string; name: string }>,
      from: { source: string; lookupId: number | null },
      now: number
    ): number {
      let recorded = 0
      for (const { value, name } of names) {
        const kept = name.trim().slice(0, MAX_ITEM_NAME_CHARS)
        if (kept === '') continue
        upsert.run(itemType, value, kept, from.source.slice(0, MAX_ITEM_NAME_CHARS), from.lookupId, now)
        recorded += 1
      }
      return recorded
    }
  }
}

export type ItemCatalogue = ReturnType<typeof createItemCatalogue>

/** The valid lines' values with the names their file gave them: what a lookup of a named list teaches the catalogue. */
export function namesOfLookup(lookup: Pick<NewLookup, 'carriedColumns' | 'lines'>): { value: string; name: string }[] {
  if (itemNameIndex(lookup.carriedColumns) !== 0) return []
  const names: { value: string; name: string }[] = []
  for (const line of lookup.lines) {
    const name = line.carried === undefined ? '' : firstCellOf(line.carried)
    if (line.value !== null && line.invalidReason === undefined && name.trim() !== '') names.push({ value: line.value, name })
  }
  return names
}

/**
 * The name the catalogue knows for each valid line (blank for the others), or null when the lookup
 * already has names or the catalogue knows none of its values: what naming a list without names takes.
 */
export function catalogueNames(
  lookup: Pick<NewLookup, 'carriedColumns' | 'lines' | 'itemType'>,
  catalogue: ItemCatalogue
): ((line: NewLookupLine) => string) | null {
  if (itemNameIndex(lookup.carriedColumns) === 0) return null
  const values: string[] = []
  for (const line of lookup.lines) if (line.value !== null && line.invalidReason === undefined) values.push(line.value)
  const known = catalogue.namesOf(lookup.itemType, values)
  if (known.size === 0) return null
  return (line) => (line.value === null || line.invalidReason !== undefined ? '' : (known.get(line.value)?.name ?? ''))
}

/**
 * Names a lookup's lines from the catalogue when its list brought no names (typed, pasted, scanned,
 * or a file without a name column): "Item name" becomes its first carried column, put before each
 * line's row in place; a lookup already named, or whose values
 * the catalogue does not know, is left as it is.
 */
export function nameFromCatalogue<T extends Pick<NewLookup, 'carriedColumns' | 'lines' | 'itemType'>>(
  lookup: T,
  catalogue: ItemCatalogue
): T {
  const nameOf = catalogueNames(lookup, catalogue)
  if (nameOf === null) return lookup
  for (const line of lookup.lines) {
    const name = nameOf(line)
    // A row the file lacks stays short: its other cells are read back blank.
    line.carried = line.carried === undefined ? name : `${name}${CELL_SEPARATOR}${line.carried}`
  }
  return { ...lookup, carriedColumns: [ITEM_NAME_COLUMN, ...lookup.carriedColumns] }
}
