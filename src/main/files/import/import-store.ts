import { randomUUID } from 'node:crypto'
import type { ImportColumn, ImportSource, ImportSummary } from '../../../shared/contract'
import { itemNameIndex } from '../../../shared/items/item-name-column'
import { AppError } from '../../../shared/domain/app-error'
import type { CarriedCells } from './imported-table'
import type { ImportedFile } from './read-import'

export interface ImportStoreOptions {
  now: () => number
  /** Imports kept at once; the least recently used goes first. */
  maxImports?: number
  /** An import not used for this long is let go. */
  idleMs?: number
}

export interface ImportStore {
  add(file: ImportedFile): ImportSummary
  column(source: ImportSource): ImportColumn
  carried(source: ImportSource, lines: readonly number[]): CarriedCells
}

const DEFAULT_MAX_IMPORTS = 3
const DEFAULT_IDLE_MS = 4 * 60 * 60 * 1000

/**
 * Imported tables, kept in main by id so the renderer never holds more than one column of them:
 * the last few, for a few hours after their last use (long enough to pick a column, edit the list
 * and run it; short enough that forgotten files do not pile up in memory).
 */
export function createImportStore(options: ImportStoreOptions): ImportStore {
  const maxImports = options.maxImports ?? DEFAULT_MAX_IMPORTS
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS
  const held = new Map<string, { file: ImportedFile; usedAt: number }>()

  function sweep(): void {
    const now = options.now()
    for (const [id, entry] of held) if (now - entry.usedAt > idleMs) held.delete(id)
  }

  function use(source: ImportSource): ImportedFile {
    sweep()
    const entry = held.get(source.importId)
    if (entry === undefined) {
      throw new AppError('not_found', 'The imported file is no longer held (the app keeps the last few for a few hours); import it again.')
    }
    // Map order is use order: the least recently used is first, and goes first.
    held.delete(source.importId)
    entry.usedAt = options.now()
    held.set(source.importId, entry)
    const width = entry.file.table.shape.columns.length
    for (const column of [source.column, source.nameColumn ?? 0]) {
      if (column >= width)
        throw new AppError('invalid_input', `${entry.file.fileName} has no column ${column + 1}; choose one of its columns.`)
    }
    return entry.file
  }

  return {
    add(file) {
      sweep()
      const importId = randomUUID()
      held.set(importId, { file, usedAt: options.now() })
      for (const id of held.keys()) {
        if (held.size <= maxImports) break
        held.delete(id)
      }
      return { importId, fileName: file.fileName, format: file.format, encoding: file.encoding, ...file.table.shape }
    },
    column: (source) => use(source).table.column(source.column),
    carried(source, lines) {
      const { table, fileName } = use(source)
      const cells = table.carried(source.column, lines, source.nameColumn ?? null)
      return itemNameIndex(cells.columns) === 0 ? { ...cells, itemNamesFrom: fileName } : cells
    }
  }
}
