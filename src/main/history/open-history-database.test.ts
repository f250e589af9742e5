import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { createHistoryStore } from './history-store'
import { migrate, MIGRATIONS, SCHEMA_VERSION, schemaVersion } from './history-schema'
import { HISTORY_FILE_NAME, openHistoryDatabase } from './open-history-database'
import { NO_FIGURES, sampleItem, sampleLines, sampleLookup, valueFor } from './test-support/sample-lookups'

let dir: string
const NOW = Date.UTC(2025, 5, 1, 9, 30)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-open-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const path = () => join(dir, HISTORY_FILE_NAME)
const open = () => openHistoryDatabase({ dir, log: createMemoryLogger(), now: () => NOW })

function schemaOf(db: DatabaseSync): unknown[] {
  return db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all()
}

/**
 * A lookup as each earlier schema version stored it, written with that version's SQL. A new
 * migration adds the seed for the version it leaves behind, so every upgrade path stays tested.
 */
const SEEDS: readonly ((db: DatabaseSync) => void)[] = [
  () => undefined,
]

describe('history schema migrations', () => {
  it('has a seed for every earlier version', () => {
    expect(SEEDS).toHaveLength(SCHEMA_VERSION)
    expect(MIGRATIONS).toHaveLength(SCHEMA_VERSION)
  })

  it.each(Array.from({ length: SCHEMA_VERSION }, (_, version) => version))('upgrades a database from version %i, keeping its lookups', (version) => {
    const old = new DatabaseSync(path())
    old.exec('PRAGMA auto_vacuum = INCREMENTAL')
    migrate(old, version)
    expect(schemaVersion(old)).toBe(version)
    SEEDS[version]?.(old)
    const seeded = old.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'lookups'").get() as { n: number }
    const oldLookups = seeded.n === 0 ? 0 : (old.prepare('SELECT count(*) AS n FROM lookups').get() as { n: number }).n
    old.close()

    const upgraded = open()
    expect(upgraded.warning).toBeNull()
    expect(schemaVersion(upgraded.db)).toBe(SCHEMA_VERSION)
    const fresh = new DatabaseSync(':memory:')
    migrate(fresh)
    expect(schemaOf(upgraded.db)).toEqual(schemaOf(fresh))
    expect((upgraded.db.prepare('SELECT count(*) AS n FROM lookups').get() as { n: number }).n).toBe(oldLookups)
    upgraded.db.close()
    fresh.close()

    // And the upgraded file works as a history.
    const history = createHistoryStore({ dir, log: createMemoryLogger(), now: () => NOW })
    const { id } = history.createLookup(sampleLookup(sampleLines(2)))
    history.appendResults(id, [{ storeNbr: 1234, line: 1, status: 'found', item: sampleItem(valueFor(1), 3) }], NO_FIGURES)
    expect(history.log(id, 0, 10).entries).toHaveLength(1)
    history.close()
  })

  it('opens a database another process already migrated without running a step twice', () => {
    open().db.close()
    const again = open()
    expect(again.warning).toBeNull()
    expect(schemaVersion(again.db)).toBe(SCHEMA_VERSION)
    again.db.close()
  })
})

describe('opening the history database', () => {
  it('uses WAL, a busy timeout and incremental vacuum', () => {
    const { db, warning } = open()
    expect(warning).toBeNull()
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
    expect(db.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: 15_000 })
    expect(db.prepare('PRAGMA auto_vacuum').get()).toEqual({ auto_vacuum: 2 })
    db.close()
  })

  it('moves a file that is not a database aside, keeps it, and starts a new history', () => {
    writeFileSync(path(), 'these are not the bytes of a SQLite database, just some text that happens to be long enough. '.repeat(50))
    const before = readFileSync(path())
    const { db, warning } = open()
    expect(warning).toBe('Your lookup history could not be read, so a new one was started; the old file was kept as history-unreadable-2025-06-01T09-30-00-000Z.sqlite.')
    expect(readFileSync(join(dir, 'history-unreadable-2025-06-01T09-30-00-000Z.sqlite'))).toEqual(before)
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
    db.close()
  })

  it('moves a database that fails its integrity check aside', () => {
    const history = createHistoryStore({ dir, log: createMemoryLogger(), now: () => NOW })
    const { id } = history.createLookup(sampleLookup(sampleLines(5_000)))
    history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
    history.close()
    const checkpoint = new DatabaseSync(path())
    checkpoint.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    checkpoint.close()
    // Scribble over the middle of one b-tree page of the lines, as a failing disk would.
    const pageSize = 4096
    const fd = openSync(path(), 'r+')
    writeSync(fd, Buffer.alloc(600, 0x5a), 0, 600, Math.floor(statSync(path()).size / pageSize / 2) * pageSize + 1200)
    closeSync(fd)

    const { db, warning } = open()
    expect(warning).toMatch(/could not be read, so a new one was started; the old file was kept as history-unreadable-/)
    expect((db.prepare('SELECT count(*) AS n FROM lookups').get() as { n: number }).n).toBe(0)
    expect(readdirSync(dir).filter((name) => name.startsWith('history-unreadable-'))).toHaveLength(1)
    db.close()
  })

  it('moves a database written by a newer version of the app aside instead of changing it', () => {
    const newer = new DatabaseSync(path())
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`)
    newer.close()
    const { db, warning } = open()
    expect(warning).toMatch(/^Your lookup history was written by a newer version of the app, so a new one was started; the old file was kept as history-unreadable-/)
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
    db.close()
  })

  it('keeps the history in memory, and says so, when the folder cannot be made', () => {
    const notAFolder = join(dir, 'a-file')
    writeFileSync(notAFolder, '')
    const { db, path: location, warning } = openHistoryDatabase({ dir: join(notAFolder, 'data'), log: createMemoryLogger(), now: () => NOW })
    expect(location).toBeNull()
    expect(warning).toMatch(/could not be opened, so lookups are kept only until the app closes/)
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
    db.close()
  })
})
