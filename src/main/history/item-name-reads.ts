import type { DatabaseSync } from 'node:sqlite'
import { ITEM_NAME_COLUMN } from '../../shared/items/item-name-column'
import { createCarriedSliceReads, firstCellOf } from './carried-slices'

/**
 * A lookup's item names by line, the first cell of each stored row of carried cells: from its
 * slices, a row's text up to its first separator; from a lookup stored before slices, SQLite's
 * first element of each JSON list. A wide file's other cells are never split, and a lookup
 * without names reads nothing.
 */
export function createItemNameReads(db: DatabaseSync) {
  const firstColumn = db.prepare("SELECT json_extract(carried_columns, '$[0]') AS first FROM lookups WHERE id = ?")
  const names = db.prepare(
    "SELECT line, json_extract(carried, '$[0]') AS name FROM lookup_lines WHERE lookup_id = ? AND carried IS NOT NULL AND json_valid(carried)"
  )
  const slices = createCarriedSliceReads(db)
  return {
    itemNames(id: number): Map<number, string> {
      const byLine = new Map<number, string>()
      const head = firstColumn.get(id) as { first: unknown } | undefined
      if (head?.first !== ITEM_NAME_COLUMN) return byLine
      for (const row of names.iterate(id) as Iterable<{ line: number; name: unknown }>) {
        if (typeof row.name === 'string' && row.name !== '') byLine.set(row.line, row.name)
      }
      for (const { line, text } of slices.rows(id)) {
        const name = firstCellOf(text)
        if (name !== '') byLine.set(line, name)
      }
      return byLine
    }
  }
}
