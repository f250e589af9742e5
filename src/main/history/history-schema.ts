import type { DatabaseSync } from 'node:sqlite'

/**
 * The history database's schema as forward-only steps: `MIGRATIONS[i]` takes a database at version
 * `i` (SQLite's `user_version`) to version `i + 1`. A released step is never edited; a change is a
 * new step, and `history-schema.test.ts` migrates a database from every earlier version.
 *
 * Shape, ready for lookups over many stores: a lookup has stores; its input lines (with the
 * imported file's other cells) are stored once; results are keyed by (lookup, store, line) in an
 * append-only log numbered by `seq`, where a later result for the same line marks the earlier one
 * superseded. Found items are kept compressed, a batch of answers per row.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE lookups (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    auth_url TEXT NOT NULL,
    base_url TEXT NOT NULL,
    client_id TEXT NOT NULL,
    item_type TEXT NOT NULL,
    source TEXT NOT NULL,
    carried_columns TEXT NOT NULL,
    line_count INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    state TEXT NOT NULL CHECK (state IN ('running', 'finished', 'cancelled', 'interrupted')),
    next_seq INTEGER NOT NULL DEFAULT 0,
    requests INTEGER NOT NULL DEFAULT 0,
    retries INTEGER NOT NULL DEFAULT 0,
    throttled_ms INTEGER NOT NULL DEFAULT 0,
    batches_done INTEGER NOT NULL DEFAULT 0,
    batches_total INTEGER NOT NULL DEFAULT 0,
    values_per_second REAL NOT NULL DEFAULT 0,
    owner_host TEXT,
    owner_pid INTEGER,
    owner_token TEXT,
    heartbeat_at INTEGER
  );
  CREATE INDEX lookups_by_start ON lookups (started_at);
  CREATE INDEX lookups_running ON lookups (state) WHERE state = 'running';

  CREATE TABLE lookup_stores (
    lookup_id INTEGER NOT NULL,
    store_nbr INTEGER NOT NULL,
    position INTEGER NOT NULL,
    found INTEGER NOT NULL DEFAULT 0,
    not_found INTEGER NOT NULL DEFAULT 0,
    invalid INTEGER NOT NULL DEFAULT 0,
    duplicate INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    cancelled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (lookup_id, store_nbr)
  ) WITHOUT ROWID;

  CREATE TABLE lookup_lines (
    lookup_id INTEGER NOT NULL,
    line INTEGER NOT NULL,
    input TEXT NOT NULL,
    value TEXT,
    note TEXT,
    invalid_reason TEXT,
    duplicate_of INTEGER,
    carried TEXT,
    PRIMARY KEY (lookup_id, line)
  ) WITHOUT ROWID;
  CREATE INDEX lookup_lines_by_value ON lookup_lines (value, lookup_id) WHERE value IS NOT NULL;

  CREATE TABLE item_batches (
    id INTEGER PRIMARY KEY,
    lookup_id INTEGER NOT NULL,
    items BLOB NOT NULL
  );
  CREATE INDEX item_batches_by_lookup ON item_batches (lookup_id);

  CREATE TABLE results (
    lookup_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    store_nbr INTEGER NOT NULL,
    line INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('found', 'not_found', 'invalid', 'duplicate', 'failed', 'cancelled')),
    superseded INTEGER NOT NULL DEFAULT 0,
    batch_id INTEGER,
    item_index INTEGER,
    error TEXT,
    PRIMARY KEY (lookup_id, seq)
  ) WITHOUT ROWID;
  -- Exactly one current result per (lookup, store, line): the job's promise, kept by the database too.
  CREATE UNIQUE INDEX results_current ON results (lookup_id, store_nbr, line) WHERE superseded = 0;

  CREATE TABLE drafts (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    saved_at INTEGER NOT NULL,
    draft TEXT NOT NULL
  );
  `,
  // A found item's location rows, compact ([area, state, quantity] each), beside its compressed item:
  // comparing two lookups needs only these, not every item unpacked. Rows stored before stay NULL and
  // are read from their item.
  `
  ALTER TABLE results ADD COLUMN locations TEXT;
  `,
  // The item catalogue: the latest name an imported file gave each GTIN or item number, and where
  // it came from (the file, and the lookup it was imported for), so a pasted list shows names too.
  `
  CREATE TABLE item_catalogue (
    item_type TEXT NOT NULL,
    value TEXT NOT NULL,
    name TEXT NOT NULL,
    source TEXT NOT NULL,
    lookup_id INTEGER,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (item_type, value)
  ) WITHOUT ROWID;
  `,
  // Where a lookup came from: a watchlist's run (labelled with its name, kept as it was when the run
  // started) and the earlier lookup "Since the last run" compares it with. A table of its own, so
  // creating a lookup stays as it was; it goes with its lookup.
  `
  CREATE TABLE lookup_origins (
    lookup_id INTEGER PRIMARY KEY,
    watchlist_id TEXT,
    watchlist_name TEXT,
    follows INTEGER
  );
  CREATE INDEX lookup_origins_by_watchlist ON lookup_origins (watchlist_id, lookup_id) WHERE watchlist_id IS NOT NULL;
  CREATE TRIGGER lookup_origins_gone AFTER DELETE ON lookups BEGIN
    DELETE FROM lookup_origins WHERE lookup_id = OLD.id;
  END;
  `,
  // Run summaries (run-summaries.ts): each run's values as integer ids in one blob, and per run and
  // store its counts and a byte per value, so trends never read raw answers, which retention may drop
  // (answers_removed_at) while the summaries stay. Rowid tables: a status blob is too big a row for
  // WITHOUT ROWID.
  `
  CREATE TABLE summary_values (
    id INTEGER PRIMARY KEY,
    item_type TEXT NOT NULL,
    value TEXT NOT NULL,
    UNIQUE (item_type, value)
  );
  CREATE TABLE run_summaries (
    lookup_id INTEGER PRIMARY KEY,
    value_ids BLOB NOT NULL,
    written_at INTEGER NOT NULL
  );
  CREATE TABLE run_store_summaries (
    lookup_id INTEGER NOT NULL,
    store_nbr INTEGER NOT NULL,
    position INTEGER NOT NULL,
    in_stock INTEGER NOT NULL,
    out_of_stock INTEGER NOT NULL,
    shelf_empty INTEGER NOT NULL,
    not_found INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    cancelled INTEGER NOT NULL,
    not_asked INTEGER NOT NULL,
    statuses BLOB NOT NULL,
    PRIMARY KEY (lookup_id, store_nbr)
  );
  ALTER TABLE lookups ADD COLUMN answers_removed_at INTEGER;
  `,
  // Why a watchlist's run started by itself: 'scheduled' on time, 'missed' late for a slot that passed
  // while the app was closed or the computer slept; NULL for a run a person started (History's label).
  `
  ALTER TABLE lookup_origins ADD COLUMN scheduled TEXT;
  `,
  // An imported file's other cells as compressed slices of consecutive lines (carried-slices.ts)
  // instead of a JSON list per line: a 130,000 x 100 workbook took 616 MB that way. Lookups stored
  // before keep their lists in lookup_lines.carried, which is still read. A rowid table: a slice
  // is too big a row for WITHOUT ROWID.
  `
  CREATE TABLE carried_slices (
    lookup_id INTEGER NOT NULL,
    first_line INTEGER NOT NULL,
    last_line INTEGER NOT NULL,
    cells BLOB NOT NULL,
    PRIMARY KEY (lookup_id, first_line)
  );
  `,
  // A run's trend digest (trend-digest.ts): its stores' counts and out-of-stock bitsets in one blob,
  // so a year of trends reads a row per run instead of decoding a status blob per run and store.
  // Summaries written before stay NULL here and are read from their store rows.
  `
  ALTER TABLE run_summaries ADD COLUMN trend_digest BLOB;
  `,
  // What "Since the last run" reads instead of both runs' raw answers (summary-stock-reads.ts): each
  // store's On hand per value (on-hand-blob.ts), dropped with the raw answers, and the length of the
  // run's result log when it was summarised, so a summary older than the answers is never read.
  // Summaries written before stay NULL and their runs are compared from their raw answers.
  `
  ALTER TABLE run_summaries ADD COLUMN answers_seq INTEGER;
  ALTER TABLE run_store_summaries ADD COLUMN on_hand BLOB;
  `
]

export const SCHEMA_VERSION = MIGRATIONS.length

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined
  return row?.user_version ?? 0
}

/** Brings the database up to `target` (the latest by default), one step per transaction. */
export function migrate(db: DatabaseSync, target: number = SCHEMA_VERSION): void {
  for (let version = schemaVersion(db); version < target; version += 1) {
    const step = MIGRATIONS[version]
    if (step === undefined) throw new Error(`no migration from schema version ${version}`)
    db.exec('BEGIN IMMEDIATE')
    try {
      // Another process may have migrated while this one waited for the lock.
      if (schemaVersion(db) === version) {
        db.exec(step)
        db.exec(`PRAGMA user_version = ${version + 1}`)
      }
      db.exec('COMMIT')
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
  }
}
