import type { DatabaseSync } from 'node:sqlite'
import { ITEM_NAME_COLUMN } from '../../shared/items/item-name-column'

/**
 * A lookup's item names by line, read as SQLite's first cell of each stored row of carried cells:
 * a wide file's other cells are never parsed, and a lookup without names reads nothing.
 */
export function createItemNameReads(db: DatabaseSync) {
  const firstColumn = db.prepare("SELECT json_extract(carried_columns, '$[0]') AS first FROM lookups WHERE id = ?")
  const names = db.prepare(
    "SELECT line, json_extract(carried, '$[0]') AS name FROM lookup_lines WHERE lookup_id = ? AND carried IS NOT NULL AND json_valid(carried)"
  )
  return {
    itemNames(id: number): Map<number, string> {
      const byLine = new Map<number, string>()
      const head = firstColumn.get(id) as { first: unknown } | undefined
      if (head?.first !== ITEM_NAME_COLUMN) return byLine
      for (const row of names.iterate(id) as Iterable<{ line: number; name: unknown }>) {
        if (typeof row.name === 'string' && row.name !== '') byLine.set(row.line, row.name)
      }
      return byLine
    }
  }
}
