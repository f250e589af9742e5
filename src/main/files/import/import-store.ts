import { randomUUID } from 'node:crypto'
import type { ImportColumn, ImportSource, ImportSummary } from '../../../shared/contract'
import { itemNameIndex } from '../../../shared/items/item-name-column'
import { AppError } from '../../../shared/domain/app-error'
import { packCells } from '../../workers/packed-cells'
import type { CarriedCells, PackedCarriedCells } from './imported-table'
import type { KeptImports } from './kept-imports'
import { readImport, type ImportedFile } from './read-import'

export interface ImportStoreOptions {
  now: () => number
  /** Imports kept at once; the least recently used goes first. */
  maxImports?: number
  /** An import not used for this long is let go. */
  idleMs?: number
  /** Where imported files are kept across restarts; none: only in memory (tests, a read-only data folder). */
  kept?: KeptImports | null
}

export interface ImportStore {
  /** `bytes`: the file as read, kept (when the store keeps files) so a restart does not lose it. */
  add(file: ImportedFile, bytes?: Uint8Array): Promise<ImportSummary>
  column(source: ImportSource): Promise<ImportColumn>
  carried(source: ImportSource, lines: readonly number[]): Promise<CarriedCells>
  /** The same cells packed, for main to pass on to History's writer without a string per row. */
  carriedPacked(source: ImportSource, lines: Float64Array): Promise<PackedCarriedCells>
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

  /** The held table, or the kept file read again (after a restart, or once it was let go); its id stays the same. */
  async function heldOrKept(importId: string): Promise<{ file: ImportedFile; usedAt: number } | undefined> {
    const entry = held.get(importId)
    if (entry !== undefined || options.kept == null) return entry
    const kept = await options.kept.load(importId)
    if (kept === null) return undefined
    const again = { file: await readImport(kept.fileName, kept.bytes), usedAt: options.now() }
    hold(importId, again)
    return again
  }

  function hold(importId: string, entry: { file: ImportedFile; usedAt: number }): void {
    held.set(importId, entry)
    for (const id of held.keys()) {
      if (held.size <= maxImports) break
      held.delete(id)
    }
  }

  async function use(source: ImportSource): Promise<ImportedFile> {
    sweep()
    const entry = await heldOrKept(source.importId)
    if (entry === undefined) {
      throw new AppError('not_found', 'The imported file is no longer kept (the app keeps the last few); import it again.')
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

  async function carried(source: ImportSource, lines: ArrayLike<number>): Promise<CarriedCells> {
    const { table, fileName } = await use(source)
    const cells = table.carried(source.column, lines, source.nameColumn ?? null)
    return itemNameIndex(cells.columns) === 0 ? { ...cells, itemNamesFrom: fileName } : cells
  }

  return {
    async add(file, bytes) {
      sweep()
      const importId = randomUUID()
      hold(importId, { file, usedAt: options.now() })
      // A file that cannot be kept still works until the app quits; after that, Run asks for it again.
      if (bytes !== undefined) await options.kept?.keep(importId, { fileName: file.fileName, bytes }).catch(() => undefined)
      return { importId, fileName: file.fileName, format: file.format, encoding: file.encoding, ...file.table.shape }
    },
    column: async (source) => (await use(source)).table.column(source.column),
    carried,
    async carriedPacked(source, lines) {
      const { rows, ...cells } = await carried(source, lines)
      return { ...cells, rows: packCells(rows) }
    }
  }
}
