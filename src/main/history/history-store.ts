import { statSync, writeFileSync } from 'node:fs'
import { PRIVATE_FILE_MODE } from '../files/private-files'
import type { Logger } from '../logging/logger'
import type { ItemType } from '../../shared/domain/item-type'
import type { HistoryListQuery, StoredDraft, StoredLookup } from './history-types'
import type { CatalogueEntry } from './item-catalogue'
import { createHistoryOperations, type HistoryOperations } from './history-operations'
import { claimOwner, type LookupOwner } from './lookup-owner'
import type { LookupOrigin, StoredInput } from './lookup-origins'
import { DAMAGED_MARKER_SUFFIX, openHistoryDatabase } from './open-history-database'

/**
 * History's short reads, on main's own connection: a lookup, a page of the list, the previous
 * lookup, the draft, the file's size. Long reads go through `HistoryReader`, every write through
 * `HistoryWriter`, both on threads of their own in the app.
 */
export interface HistoryStore {
  /** The database file; null when the history lives in memory. */
  readonly path: string | null
  /** A sentence for the user when the history on disk could not be used as it was (or failed its check since). */
  readonly warning: string | null
  /** Who writes this history's running lookups: History's thread writes as this store. */
  readonly owner: LookupOwner
  /** Main's connection, for the writer and reader of a history in memory, which no thread can open. */
  operations(): HistoryOperations
  /** The file, when it was too large to check as it was opened: check it on a worker thread and `reportCheck`. */
  uncheckedPath(): string | null
  /** What the worker's check found: a damaged file is moved aside at the next start, and the warning says so now. */
  reportCheck(problems: readonly string[]): void
  lookup(id: number): StoredLookup | null
  list(query?: HistoryListQuery): StoredLookup[]
  /** The latest earlier lookup of the same environment, stores and item type: what "Compare with previous" compares with. */
  previous(id: number): StoredLookup | null
  /** The names the item catalogue knows for these values (a list's validation shows them): at most a few statements' worth. */
  catalogueNames(itemType: ItemType, values: readonly string[]): Map<string, CatalogueEntry>
  /** The bytes the history takes on disk (database and its write-ahead log). */
  sizeBytes(): number
  loadDraft(): StoredDraft | null
  /** Where the lookup came from; null for one typed or imported afresh. */
  origin(id: number): LookupOrigin | null
  /** The lookup's input lines with their carried cells, in line order: what Run again and Edit take. */
  inputs(id: number): StoredInput[]
  /** The watchlist's latest finished run: the one its next run follows. */
  latestFinishedRun(watchlistId: string): number | null
  /** The watchlist's latest `limit` ended runs (those with a summary), newest first. */
  watchlistRuns(watchlistId: string, limit: number): number[]
  close(): void
}

/**
 * Every lookup, kept in one SQLite file in the app's data folder (`dir`; null keeps no file,
 * for `--no-save`). The file is opened on first use, so a process that stops before it needs the
 * history (a settings file it cannot use) leaves the folder as it was. Opening it marks lookups
 * that a crashed process left "running" as interrupted.
 */
export function createHistoryStore({
  dir,
  log,
  now,
  checkOnOpenMaxBytes,
  summariseRuns = true
}: {
  dir: string | null
  log: Logger
  now: () => number
  checkOnOpenMaxBytes?: number
  /**
   * False keeps no summary of a finished run (what History's list and Trends read once its answers
   * are gone, made by reading every answer again): for `--no-save`, whose History ends with the
   * process before anything reads one (1,000,000 answers read once more before the first row is written).
   */
  summariseRuns?: boolean
}): HistoryStore {
  let parts: ReturnType<typeof openParts> | null = null
  let closed = false
  let damagedSinceOpen: string | null = null

  function openParts() {
    const opened = openHistoryDatabase({ dir, log, now, ...(checkOnOpenMaxBytes === undefined ? {} : { checkOnOpenMaxBytes }) })
    const { db } = opened
    const owner = claimOwner()
    const operations = createHistoryOperations(db, owner, { onFile: opened.path !== null, summariseRuns })
    const { writes, reads } = operations
    const abandoned = writes.markAbandoned(now())
    if (abandoned > 0) log.info('lookups left running by a process that is gone are now interrupted', { lookups: abandoned })
    return {
      opened,
      db,
      owner,
      operations,
      reads,
      writes,
      loadDraft: db.prepare('SELECT saved_at, draft FROM drafts WHERE id = 1')
    }
  }

  function open(): ReturnType<typeof openParts> {
    if (closed) throw new Error('the history was used after it was closed')
    parts ??= openParts()
    return parts
  }

  return {
    get path() {
      return open().opened.path
    },
    get warning() {
      return open().opened.warning ?? damagedSinceOpen
    },

    uncheckedPath() {
      const { opened } = open()
      return opened.checked ? null : opened.path
    },

    reportCheck(problems) {
      const path = open().opened.path
      if (problems.length === 0 || path === null) return
      log.error('the history database failed its integrity check', { problems })
      try {
        writeFileSync(path + DAMAGED_MARKER_SUFFIX, `${problems.join('\n')}\n`, { mode: PRIVATE_FILE_MODE })
        damagedSinceOpen =
          'Your lookup history failed its integrity check: export what you need from it now. When the app starts next, the file is kept aside and a new History started.'
      } catch (error) {
        log.error('the damaged history could not be marked', { error })
        damagedSinceOpen =
          'Your lookup history failed its integrity check: export what you need from it now, then close the app and move history.sqlite out of its data folder.'
      }
    },
    get owner() {
      const { host, pid, token } = open().owner
      return { host, pid, token }
    },
    operations: () => open().operations,

    lookup: (id) => open().reads.lookup(id),
    origin: (id) => open().operations.origins.origin(id),
    inputs: (id) => {
      const { reads, origins } = open().operations
      return origins.inputs(id, reads.lookup(id)?.carriedColumns.length ?? 0)
    },
    latestFinishedRun: (watchlistId) => open().operations.origins.latestFinishedRun(watchlistId),
    watchlistRuns: (watchlistId, limit) => open().operations.origins.summarisedRuns(watchlistId, limit),

    list: (query) => open().reads.list(query),
    previous: (id) => open().reads.previous(id),
    catalogueNames: (itemType, values) => open().operations.catalogue.namesOf(itemType, values),

    sizeBytes() {
      const { db, opened } = open()
      if (opened.path === null) {
        const pages = db.prepare('PRAGMA page_count').get() as { page_count: number }
        const size = db.prepare('PRAGMA page_size').get() as { page_size: number }
        return pages.page_count * size.page_size
      }
      return [opened.path, `${opened.path}-wal`].reduce((total, file) => total + fileSize(file), 0)
    },

    loadDraft() {
      const row = open().loadDraft.get() as { saved_at: number; draft: string } | undefined
      if (row === undefined) return null
      try {
        return { savedAt: row.saved_at, draft: JSON.parse(row.draft) as unknown }
      } catch {
        return null
      }
    },

    close() {
      closed = true
      if (parts === null) return
      parts.owner.release()
      if (parts.db.isOpen) parts.db.close()
      parts = null
    }
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}
