import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { createWorkerClient } from '../workers/worker-client'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import { checkHistoryFile } from './integrity-check'
import { packItems, encodeItem } from './item-batch'
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
function seedVersion1(db: DatabaseSync): void {
  db.exec(`
      INSERT INTO lookups (id, environment, auth_url, base_url, client_id, item_type, source, carried_columns, line_count, started_at,
        finished_at, state, next_seq, requests, batches_done, batches_total)
      VALUES (1, 'demo', 'http://127.0.0.1:1', 'http://127.0.0.1:1', 'demo-client', 'gtin', 'cli', '["Description"]', 2, 1000, 2000,
        'finished', 2, 1, 1, 1);
      INSERT INTO lookup_stores (lookup_id, store_nbr, position, found, not_found) VALUES (1, 1234, 0, 1, 1);
      INSERT INTO lookup_lines (lookup_id, line, input, value, carried) VALUES (1, 1, '${valueFor(1)}', '${valueFor(1)}', '["Oat milk"]');
      INSERT INTO lookup_lines (lookup_id, line, input, value, carried) VALUES (1, 2, '${valueFor(2)}', '${valueFor(2)}', NULL);
    `)
  db.prepare('INSERT INTO item_batches (id, lookup_id, items) VALUES (1, 1, ?)').run(packItems([encodeItem(sampleItem(valueFor(1), 6))]))
  db.exec(`
      INSERT INTO results (lookup_id, seq, store_nbr, line, status, batch_id, item_index) VALUES (1, 0, 1234, 1, 'found', 1, 0);
      INSERT INTO results (lookup_id, seq, store_nbr, line, status) VALUES (1, 1, 1234, 2, 'not_found');
    `)
}

const SEEDS: readonly ((db: DatabaseSync) => void)[] = [
  () => undefined,
  seedVersion1,
  // Version 2 added results.locations, which a row stored before leaves NULL, as version 1's seed does.
  seedVersion1,
  // Version 3 added the item catalogue, which a lookup stored before does not need.
  seedVersion1,
  // Version 4 added where a lookup came from, and version 5's run summaries leave a lookup stored before without one.
  seedVersion1,
  // Version 5 added why a watchlist's run started by itself; a lookup stored before was started by a person.
  seedVersion1,
  // Version 6 keeps carried cells in compressed slices; a lookup stored before keeps a JSON list per line, read as before.
  seedVersion1,
  // Version 7 added the runs' trend digests; a summary stored before has none and is read from its store rows.
  seedVersion1,
  // Version 8 added On hand to the summaries; a run summarised before is compared from its raw answers.
  seedVersion1
]

/** What each seed stored, as the store reads it back after the upgrade. */
function expectSeedKept(version: number, history: DirectHistory): void {
  if (version < 1) return
  expect(history.lookup(1)).toMatchObject({
    state: 'finished',
    source: 'cli',
    lines: 2,
    counts: { found: 1, not_found: 1 },
    carriedColumns: ['Description']
  })
  expect(history.current(1).map(({ result }) => result)).toEqual([
    {
      storeNbr: 1234,
      line: 1,
      input: valueFor(1),
      value: valueFor(1),
      status: 'found',
      item: sampleItem(valueFor(1), 6),
      carried: ['Oat milk']
    },
    { storeNbr: 1234, line: 2, input: valueFor(2), value: valueFor(2), status: 'not_found', carried: [''] }
  ])
  expect(history.stockInputs(1).map((input) => input.locations)).toEqual([sampleItem(valueFor(1), 6).inventory_locations, []])
}

describe('history schema migrations', () => {
  it('has a seed for every earlier version', () => {
    expect(SEEDS).toHaveLength(SCHEMA_VERSION)
    expect(MIGRATIONS).toHaveLength(SCHEMA_VERSION)
  })

  it.each(Array.from({ length: SCHEMA_VERSION }, (_, version) => version))(
    'upgrades a database from version %i, keeping its lookups',
    (version) => {
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

      // And the upgraded file works as a history, with what it held.
      const history = createDirectHistory({ dir, log: createMemoryLogger(), now: () => NOW })
      expectSeedKept(version, history)
      const { id } = history.createLookup(sampleLookup(sampleLines(2)))
      history.appendResults(id, [{ storeNbr: 1234, line: 1, status: 'found', item: encodeItem(sampleItem(valueFor(1), 3)) }], NO_FIGURES)
      expect(history.log(id, 0, 10).entries).toHaveLength(1)
      history.close()
    }
  )

  it('opens a database another process already migrated without running a step twice', () => {
    open().db.close()
    const again = open()
    expect(again.warning).toBeNull()
    expect(schemaVersion(again.db)).toBe(SCHEMA_VERSION)
    again.db.close()
  })
})

/** A History of 5,000 lines with the middle of one b-tree page scribbled over, as a failing disk would. */
function damagedDatabase(): void {
  const history = createDirectHistory({ dir, log: createMemoryLogger(), now: () => NOW })
  const { id } = history.createLookup(sampleLookup(sampleLines(5_000)))
  history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
  history.close()
  const checkpoint = new DatabaseSync(path())
  checkpoint.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  checkpoint.close()
  const pageSize = 4096
  const fd = openSync(path(), 'r+')
  writeSync(fd, Buffer.alloc(600, 0x5a), 0, 600, Math.floor(statSync(path()).size / pageSize / 2) * pageSize + 1200)
  closeSync(fd)
}

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
    expect(warning).toBe(
      'Your lookup history could not be read, so a new one was started; the old file was kept as history-unreadable-2025-06-01T09-30-00-000Z.sqlite.'
    )
    expect(readFileSync(join(dir, 'history-unreadable-2025-06-01T09-30-00-000Z.sqlite'))).toEqual(before)
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
    db.close()
  })

  it('moves a database that fails its integrity check aside', () => {
    damagedDatabase()
    const { db, warning } = open()
    expect(warning).toMatch(/could not be read, so a new one was started; the old file was kept as history-unreadable-/)
    expect((db.prepare('SELECT count(*) AS n FROM lookups').get() as { n: number }).n).toBe(0)
    expect(readdirSync(dir).filter((name) => name.startsWith('history-unreadable-'))).toHaveLength(1)
    db.close()
  })

  it('checks a file too large to check as it opens on a worker thread; a failed check says so at once and the next start moves it aside', async () => {
    damagedDatabase()
    const history = createDirectHistory({ dir, log: createMemoryLogger(), now: () => NOW, checkOnOpenMaxBytes: 0 })
    expect(history.warning).toBeNull()
    const unchecked = history.uncheckedPath()
    expect(unchecked).toBe(path())
    const worker = createWorkerClient({ log: createMemoryLogger() })
    const { problems } = await worker.run('checkHistory', { path: unchecked ?? '' })
    await worker.close()
    expect(problems.length).toBeGreaterThan(0)
    history.reportCheck(problems)
    expect(history.warning).toBe(
      'Your lookup history failed its integrity check: export what you need from it now. When the app starts next, the file is kept aside and a new History started.'
    )
    history.close()

    const next = open()
    expect(next.warning).toMatch(/could not be read, so a new one was started; the old file was kept as history-unreadable-/)
    expect(readdirSync(dir).sort()).toEqual([
      'history-unreadable-2025-06-01T09-30-00-000Z.sqlite',
      'history-unreadable-2025-06-01T09-30-00-000Z.sqlite.damaged',
      'history.sqlite',
      'history.sqlite-shm',
      'history.sqlite-wal'
    ])
    next.db.close()
    expect(checkHistoryFile(path()).problems).toEqual([])
  })

  it('moves a database written by a newer version of the app aside instead of changing it', () => {
    const newer = new DatabaseSync(path())
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`)
    newer.close()
    const { db, warning } = open()
    expect(warning).toMatch(
      /^Your lookup history was written by a newer version of the app, so a new one was started; the old file was kept as history-unreadable-/
    )
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
    db.close()
  })

  it('keeps the history in memory, and says so, when the folder cannot be made', () => {
    const notAFolder = join(dir, 'a-file')
    writeFileSync(notAFolder, '')
    const {
      db,
      path: location,
      warning
    } = openHistoryDatabase({ dir: join(notAFolder, 'data'), log: createMemoryLogger(), now: () => NOW })
    expect(location).toBeNull()
    expect(warning).toMatch(/could not be opened, so lookups are kept only until the app closes/)
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
    db.close()
  })
})
