import { DatabaseSync } from 'node:sqlite'

/**
 * SQLite's quick check: every page and record well formed (the indexes' agreement with their tables
 * is left to the slower integrity_check). Returns the problems found; an empty list means sound.
 */
export function quickCheck(db: DatabaseSync): string[] {
  const rows = (db.prepare('PRAGMA quick_check').all() as { quick_check: string }[]).map((row) => row.quick_check)
  return rows.length === 1 && rows[0] === 'ok' ? [] : rows.slice(0, 5)
}

/**
 * The check of a History file too large to check while the app starts, run on a worker thread with
 * a read-only connection of its own: the app's writes go on meanwhile (WAL lets a reader and a
 * writer work at once). A file that cannot be read at all is a problem too.
 */
export function checkHistoryFile(path: string): { problems: string[] } {
  let db: DatabaseSync | null = null
  try {
    db = new DatabaseSync(path, { readOnly: true, timeout: 15_000 })
    return { problems: quickCheck(db) }
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] }
  } finally {
    db?.close()
  }
}
