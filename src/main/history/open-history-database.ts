import { existsSync, renameSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { keepPrivateSync, makePrivateDirSync, makePrivateFileSync } from '../files/private-files'
import type { Logger } from '../logging/logger'
import { migrate, SCHEMA_VERSION, schemaVersion } from './history-schema'
import { quickCheck } from './integrity-check'

export const HISTORY_FILE_NAME = 'history.sqlite'

/** How long a statement waits for another process's write (the app and a headless run share the file). */
export const BUSY_TIMEOUT_MS = 15_000

/**
 * Pages the write-ahead log may hold before a commit copies them into the file (SQLite's default is
 * 1,000): a 200,000-line lookup commits 2,000 batches, and checkpointing every 4 MB took about a
 * third of the time spent storing answers. 10,000 pages keep the log under 40 MB.
 */
export const WAL_CHECKPOINT_PAGES = 10_000

/** What every connection to the history file runs first: the same durability and checkpoint cadence on each. */
function tuneConnection(db: DatabaseSync): void {
  // With WAL, NORMAL keeps the file consistent through a crash or power loss; the last commits may be lost, never half of one.
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`)
}

/**
 * A file up to this size is checked as it is opened (about a second on a busy machine); a larger
 * one (1.8 GB takes 12 s) is checked on a worker thread while the app runs (`checkHistoryFile`).
 */
export const CHECK_ON_OPEN_MAX_BYTES = 256 * 1024 * 1024

/** Left beside the file by a check that failed while the app ran: the next start moves the file aside. */
export const DAMAGED_MARKER_SUFFIX = '.damaged'

export interface OpenedHistoryDatabase {
  db: DatabaseSync
  /** The file, or null when the history lives in memory (`--no-save`, or the file could not be used). */
  path: string | null
  /** A sentence for the user when the file on disk could not be used as it was; null when all is well. */
  warning: string | null
  /** False when the file was too large to check as it was opened: check it with `checkHistoryFile`. */
  checked: boolean
}

type Unusable = { kind: 'damaged' | 'newer'; detail: string }

/**
 * Opens (or creates) `<dir>/history.sqlite`: WAL so a reader never waits for the writer, a busy
 * timeout so two processes take turns, a quick integrity check, then the schema migrations. A file
 * that is not a database, fails the check or was written by a newer version is moved aside (kept,
 * never deleted) and a new one started. When no file can be used at all (a read-only folder, a full
 * disk, a lock held too long), the history lives in memory for this session, and the warning says so.
 * `dir` null asks for the in-memory history outright.
 */
export function openHistoryDatabase({
  dir,
  log,
  now,
  checkOnOpenMaxBytes = CHECK_ON_OPEN_MAX_BYTES
}: {
  dir: string | null
  log: Logger
  now: () => number
  checkOnOpenMaxBytes?: number
}): OpenedHistoryDatabase {
  if (dir === null) return { db: openAt(NO_FILE, true), path: null, warning: null, checked: true }
  const path = join(dir, HISTORY_FILE_NAME)
  try {
    makePrivateDirSync(dir)
    if (existsSync(path + DAMAGED_MARKER_SUFFIX)) throw new FailedCheckError('a check while the app ran found it damaged')
    const checked = fileSize(path) <= checkOnOpenMaxBytes
    return { db: openAt(path, checked), path, warning: null, checked }
  } catch (error) {
    const unusable = classify(error)
    if (unusable === null) return inMemoryInstead(error, log)
    log.warn('the history database cannot be used; moving it aside', { detail: unusable.detail })
    let keptAs: string
    try {
      keptAs = moveAside(path, now())
    } catch (moveError) {
      return inMemoryInstead(moveError, log)
    }
    try {
      const db = openAt(path, true)
      const reason = unusable.kind === 'newer' ? 'was written by a newer version of the app' : 'could not be read'
      return {
        db,
        path,
        warning: `Your lookup history ${reason}, so a new one was started; the old file was kept as ${keptAs}.`,
        checked: true
      }
    } catch (retryError) {
      return inMemoryInstead(retryError, log)
    }
  }
}

/**
 * Another connection to a history file that `openHistoryDatabase` has opened, checked and migrated
 * in this process (History's thread writes through one): WAL is already the file's mode.
 */
export function openHistoryConnection(path: string): DatabaseSync {
  const db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS })
  tuneConnection(db)
  return db
}

/**
 * Where a history that keeps no file lives (`--no-save`, or a file that could not be used): SQLite's
 * private temporary database, named by the empty string, which only this connection sees. It keeps
 * a small cache in memory and the rest in a temporary file that SQLite removes as it closes (on
 * POSIX it has no name from the moment it is opened). `:memory:` held every page in memory instead:
 * 160 MB for the million results of a large `--no-save` lookup.
 */
const NO_FILE = ''

class NewerSchemaError extends Error {}
class FailedCheckError extends Error {}

function openAt(location: string, check: boolean): DatabaseSync {
  const onFile = location !== NO_FILE
  if (onFile) {
    // SQLite creates the log and shared-memory files with the database's mode; older versions left all three readable by others.
    makePrivateFileSync(location)
    for (const suffix of ['-wal', '-shm']) keepPrivateSync(location + suffix)
  }
  const db = new DatabaseSync(location, { timeout: BUSY_TIMEOUT_MS })
  try {
    const fresh = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n === 0
    // Only a database without tables can change this; it lets deleted lookups give their space back.
    if (fresh) db.exec('PRAGMA auto_vacuum = INCREMENTAL')
    if (onFile) {
      const mode = (db.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string }).journal_mode
      if (mode !== 'wal') throw new Error(`the journal mode stayed ${mode}`)
    }
    tuneConnection(db)
    const problems = check ? quickCheck(db) : []
    if (problems.length > 0) throw new FailedCheckError(problems.join('; '))
    const version = schemaVersion(db)
    if (version > SCHEMA_VERSION) throw new NewerSchemaError(`schema version ${version}, this app knows up to ${SCHEMA_VERSION}`)
    migrate(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** SQLite's primary result codes that mean the file itself is bad (not busy, not a permission). */
const SQLITE_CORRUPT = 11
const SQLITE_NOTADB = 26

function classify(error: unknown): Unusable | null {
  if (error instanceof NewerSchemaError) return { kind: 'newer', detail: error.message }
  if (error instanceof FailedCheckError) return { kind: 'damaged', detail: error.message }
  const code = error instanceof Error && 'errcode' in error && typeof error.errcode === 'number' ? error.errcode & 0xff : null
  if (code === SQLITE_CORRUPT || code === SQLITE_NOTADB)
    return { kind: 'damaged', detail: error instanceof Error ? error.message : String(error) }
  return null
}

/** Renames the file and its WAL companions together: the WAL holds committed lookups too. */
function moveAside(path: string, at: number): string {
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-')
  const target = join(path, '..', `history-unreadable-${stamp}.sqlite`)
  for (const suffix of ['-wal', '-shm', DAMAGED_MARKER_SUFFIX]) {
    if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix)
  }
  if (existsSync(path)) renameSync(path, target)
  return basename(target)
}

function inMemoryInstead(error: unknown, log: Logger): OpenedHistoryDatabase {
  log.error('the history database could not be opened; keeping history in memory for this session', { error })
  return {
    db: openAt(NO_FILE, true),
    path: null,
    checked: true,
    warning:
      'Your lookup history could not be opened, so lookups are kept only until the app closes. Check that the app may write to its data folder and that the disk is not full, then restart the app.'
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}
