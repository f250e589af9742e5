import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { AppError } from '../../shared/domain/app-error'
import type { AnswerRow, LineCounts, LookupState, NewLookup, RunFigures } from './history-types'
import { createCarriedSliceWrites, type CarriedRow, type EncodedSlice } from './carried-slices'
import { packItems, type EncodedItem } from './item-batch'
import { lookupGone } from './lookup-id'
import { isOwnerGone, type LookupOwner } from './lookup-owner'

export const RUNNING_ELSEWHERE_MESSAGE = 'This lookup is running in another window or headless run; wait for it to finish, then try again.'

const INSERT_RESULT = 'INSERT INTO results (lookup_id, seq, store_nbr, line, status, batch_id, item_index, error, locations)'
const RESULT_WIDTH = 9
const RESULT_VALUES = `(${Array.from({ length: RESULT_WIDTH }, () => '?').join(', ')})`
/**
 * Results written by one statement: a batch of answers (100 values) is one call into SQLite
 * instead of one per row, which took a third of the time spent storing them.
 */
const RESULTS_PER_INSERT = 100

interface OwnerRow {
  state: LookupState
  owner_host: string | null
  owner_pid: number | null
  owner_token: string | null
  heartbeat_at: number | null
}

/**
 * Everything that writes the history. Each call is one short transaction, begun IMMEDIATE so that
 * when the app and a headless run write at once, one waits for the other's lock (the busy timeout)
 * instead of failing halfway. A run writes only lookups this store owns.
 */
export function createLookupWrites(db: DatabaseSync, owner: LookupOwner) {
  const insertLookup = db.prepare(
    `INSERT INTO lookups (environment, auth_url, base_url, client_id, item_type, source, carried_columns, line_count, started_at,
       state, owner_host, owner_pid, owner_token, heartbeat_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?)`
  )
  const insertStore = db.prepare('INSERT INTO lookup_stores (lookup_id, store_nbr, position, invalid, duplicate) VALUES (?, ?, ?, ?, ?)')
  const insertLine = db.prepare(
    'INSERT INTO lookup_lines (lookup_id, line, input, value, note, invalid_reason, duplicate_of, carried) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
  )
  const insertResult = db.prepare(`${INSERT_RESULT} VALUES ${RESULT_VALUES}`)
  const insertResults = db.prepare(`${INSERT_RESULT} VALUES ${Array.from({ length: RESULTS_PER_INSERT }, () => RESULT_VALUES).join(', ')}`)
  const carriedSlices = createCarriedSliceWrites(db)
  const insertBatch = db.prepare('INSERT INTO item_batches (lookup_id, items) VALUES (?, ?)')
  const supersede = db.prepare('UPDATE results SET superseded = 1 WHERE lookup_id = ? AND seq = ? AND superseded = 0 AND status = ?')
  const addCounts = db.prepare(
    `UPDATE lookup_stores SET found = found + ?, not_found = not_found + ?, invalid = invalid + ?, duplicate = duplicate + ?,
       failed = failed + ?, cancelled = cancelled + ? WHERE lookup_id = ? AND store_nbr = ?`
  )
  const nextSeqOf = db.prepare('SELECT next_seq FROM lookups WHERE id = ?')
  const setNextSeq = db.prepare('UPDATE lookups SET next_seq = ? WHERE id = ?')
  const advance = db.prepare(
    `UPDATE lookups SET next_seq = ?, requests = ?, retries = ?, throttled_ms = ?, batches_done = ?, batches_total = ?, heartbeat_at = ?
     WHERE id = ? AND state = 'running' AND owner_token = ?`
  )
  const finish = db.prepare(
    `UPDATE lookups SET state = ?, finished_at = ?, requests = ?, retries = ?, throttled_ms = ?, batches_done = ?, batches_total = ?,
       values_per_second = ?, owner_host = NULL, owner_pid = NULL, owner_token = NULL, heartbeat_at = ?
     WHERE id = ? AND state = 'running' AND owner_token = ?`
  )
  const ownerOf = db.prepare('SELECT state, owner_host, owner_pid, owner_token, heartbeat_at FROM lookups WHERE id = ?')
  const claim = db.prepare(
    `UPDATE lookups SET state = 'running', finished_at = NULL, owner_host = ?, owner_pid = ?, owner_token = ?, heartbeat_at = ? WHERE id = ?`
  )
  const interrupt = db.prepare(
    `UPDATE lookups SET state = 'interrupted', finished_at = coalesce(heartbeat_at, started_at), owner_host = NULL, owner_pid = NULL,
       owner_token = NULL WHERE id = ?`
  )
  const heartbeat = db.prepare('UPDATE lookups SET heartbeat_at = ? WHERE id = ? AND owner_token = ?')
  const storesOf = db.prepare('SELECT store_nbr, position FROM lookup_stores WHERE lookup_id = ? ORDER BY position')
  const fillMissing = db.prepare(
    `INSERT INTO results (lookup_id, seq, store_nbr, line, status)
     SELECT :id, :base + row_number() OVER (ORDER BY l.line) - 1, :store, l.line, 'cancelled'
     FROM lookup_lines l
     WHERE l.lookup_id = :id
       AND NOT EXISTS (SELECT 1 FROM results r WHERE r.lookup_id = :id AND r.store_nbr = :store AND r.line = l.line AND r.superseded = 0)`
  )
  const runningLookups = db.prepare("SELECT id FROM lookups WHERE state = 'running'")
  const deletions = [
    'DELETE FROM results WHERE lookup_id = ?',
    'DELETE FROM item_batches WHERE lookup_id = ?',
    'DELETE FROM lookup_lines WHERE lookup_id = ?',
    'DELETE FROM carried_slices WHERE lookup_id = ?',
    'DELETE FROM lookup_stores WHERE lookup_id = ?',
    'DELETE FROM run_store_summaries WHERE lookup_id = ?',
    'DELETE FROM run_summaries WHERE lookup_id = ?',
    'DELETE FROM lookups WHERE id = ?'
  ].map((sql) => db.prepare(sql))

  function transaction<T>(work: () => T): T {
    db.exec('BEGIN IMMEDIATE')
    try {
      const result = work()
      db.exec('COMMIT')
      return result
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
  }

  /** `values`: the results' columns one row after another, written a full statement of rows at a time, then one by one. */
  function insertInChunks(values: readonly SQLInputValue[]): void {
    const chunk = RESULTS_PER_INSERT * RESULT_WIDTH
    let start = 0
    for (; start + chunk <= values.length; start += chunk) insertResults.run(...values.slice(start, start + chunk))
    for (; start < values.length; start += RESULT_WIDTH) insertResult.run(...values.slice(start, start + RESULT_WIDTH))
  }

  function nextSeq(id: number): number {
    const row = nextSeqOf.get(id) as { next_seq: number } | undefined
    if (row === undefined) throw lookupGone()
    return row.next_seq
  }

  /** Gives every (store, line) without a current result a `cancelled` one: nothing was answered for it. */
  function fillMissingAsCancelled(id: number): number {
    let filled = 0
    for (const { store_nbr: store } of storesOf.all(id) as { store_nbr: number }[]) {
      const base = nextSeq(id)
      const { changes } = fillMissing.run({ id, base, store })
      if (changes === 0) continue
      const added = Number(changes)
      setNextSeq.run(base + added, id)
      addCounts.run(0, 0, 0, 0, 0, added, id, store)
      filled += added
    }
    return filled
  }

  function isHeldElsewhere(row: OwnerRow, now: number): boolean {
    if (row.state !== 'running') return false
    const gone = isOwnerGone(
      {
        ...(row.owner_host === null ? {} : { host: row.owner_host }),
        ...(row.owner_pid === null ? {} : { pid: row.owner_pid }),
        ...(row.owner_token === null ? {} : { token: row.owner_token })
      },
      row.heartbeat_at,
      now
    )
    return !gone
  }

  function markInterrupted(id: number): void {
    fillMissingAsCancelled(id)
    interrupt.run(id)
  }

  return {
    transaction,

    /**
     * Stores the lookup, its stores and lines, and the results known before any search (invalid
     * lines, duplicates); its carried cells from its lines, or `staged` when they came already sliced.
     * `alongside` writes what else belongs to the new lookup (its origin) in the same transaction.
     */
    createLookup(lookup: NewLookup, now: number, staged?: readonly EncodedSlice[], alongside?: (id: number) => void): number {
      return transaction(() => {
        const { lastInsertRowid } = insertLookup.run(
          lookup.environment,
          lookup.authUrl,
          lookup.baseUrl,
          lookup.clientId,
          lookup.itemType,
          lookup.source,
          JSON.stringify(lookup.carriedColumns),
          lookup.lines.length,
          lookup.startedAt,
          owner.host,
          owner.pid,
          owner.token,
          now
        )
        const id = Number(lastInsertRowid)
        let invalid = 0
        let duplicate = 0
        for (const line of lookup.lines) {
          insertLine.run(
            id,
            line.line,
            line.input,
            line.value,
            line.note ?? null,
            line.invalidReason ?? null,
            line.duplicateOf ?? null,
            null
          )
          if (line.invalidReason !== undefined) invalid += 1
          else if (line.duplicateOf !== undefined) duplicate += 1
        }
        if (staged !== undefined) carriedSlices.insertEncoded(id, staged)
        else {
          const rows: CarriedRow[] = []
          for (const line of lookup.lines) if (line.carried !== undefined) rows.push({ line: line.line, text: line.carried })
          carriedSlices.write(
            id,
            rows.sort((a, b) => a.line - b.line)
          )
        }
        let seq = 0
        lookup.stores.forEach((store, position) => {
          insertStore.run(id, store, position, invalid, duplicate)
          for (const line of lookup.lines) {
            const status = line.invalidReason !== undefined ? 'invalid' : line.duplicateOf !== undefined ? 'duplicate' : null
            if (status !== null) insertResult.run(id, seq++, store, line.line, status, null, null, null, null)
          }
        })
        setNextSeq.run(seq, id)
        alongside?.(id)
        return id
      })
    },

    /** One batch's answers in one transaction; returns the new length of the result log. */
    appendResults(id: number, rows: readonly AnswerRow[], figures: RunFigures, now: number): number {
      return transaction(() => {
        const first = nextSeq(id)
        const items: EncodedItem[] = []
        for (const row of rows) if (row.item !== undefined) items.push(row.item)
        const batchId = items.length === 0 ? null : Number(insertBatch.run(id, packItems(items)).lastInsertRowid)
        const deltas = new Map<number, LineCounts>()
        const delta = (store: number): LineCounts => {
          let counts = deltas.get(store)
          if (counts === undefined) {
            counts = { found: 0, not_found: 0, invalid: 0, duplicate: 0, failed: 0, cancelled: 0 }
            deltas.set(store, counts)
          }
          return counts
        }
        // The results replaced go first: a replaced result is always one of an earlier batch, and the
        // database keeps one current result per line, so the new ones can only be written after.
        for (const row of rows) {
          if (row.replaces === undefined) continue
          if (supersede.run(id, row.replaces.seq, row.replaces.status).changes !== 1) {
            throw new Error(`line ${row.line} has no current ${row.replaces.status} result at ${row.replaces.seq} to replace`)
          }
          delta(row.storeNbr)[row.replaces.status] -= 1
        }
        const values: SQLInputValue[] = []
        let itemIndex = 0
        rows.forEach((row, index) => {
          const found = row.item !== undefined
          values.push(
            id,
            first + index,
            row.storeNbr,
            row.line,
            row.status,
            found ? batchId : null,
            found ? itemIndex++ : null,
            row.error === undefined ? null : JSON.stringify(row.error),
            row.item === undefined ? null : row.item.locations
          )
          delta(row.storeNbr)[row.status] += 1
        })
        insertInChunks(values)
        const seq = first + rows.length
        for (const [store, counts] of deltas) {
          addCounts.run(counts.found, counts.not_found, counts.invalid, counts.duplicate, counts.failed, counts.cancelled, id, store)
        }
        const { changes } = advance.run(
          seq,
          figures.requests,
          figures.retries,
          Math.round(figures.throttledMs),
          figures.batchesDone,
          figures.batchesTotal,
          now,
          id,
          owner.token
        )
        if (changes !== 1) throw lookupGone()
        return seq
      })
    },

    finishRun(id: number, state: Exclude<LookupState, 'running'>, figures: RunFigures & { valuesPerSecond: number }, now: number): void {
      transaction(() => {
        if (state !== 'finished') fillMissingAsCancelled(id)
        finish.run(
          state,
          now,
          figures.requests,
          figures.retries,
          Math.round(figures.throttledMs),
          figures.batchesDone,
          figures.batchesTotal,
          figures.valuesPerSecond,
          now,
          id,
          owner.token
        )
      })
    },

    /** Takes a stopped lookup over for a resume or a retry; returns the state it was in. */
    claimRun(id: number, now: number): Exclude<LookupState, 'running'> {
      return transaction(() => {
        const row = ownerOf.get(id) as OwnerRow | undefined
        if (row === undefined) throw lookupGone()
        if (isHeldElsewhere(row, now)) throw new AppError('invalid_input', RUNNING_ELSEWHERE_MESSAGE)
        if (row.state === 'running') markInterrupted(id)
        fillMissingAsCancelled(id)
        claim.run(owner.host, owner.pid, owner.token, now, id)
        return row.state === 'running' ? 'interrupted' : row.state
      })
    },

    heartbeat(id: number, now: number): void {
      heartbeat.run(now, id, owner.token)
    },

    /** Lookups left "running" by a process that is gone become interrupted; returns how many. */
    markAbandoned(now: number): number {
      let marked = 0
      for (const { id } of runningLookups.all() as { id: number }[]) {
        marked += transaction(() => {
          const row = ownerOf.get(id) as OwnerRow | undefined
          if (row === undefined || row.state !== 'running' || isHeldElsewhere(row, now)) return 0
          markInterrupted(id)
          return 1
        })
      }
      return marked
    },

    /** Removes a lookup and everything stored for it; a lookup running right now is refused. */
    deleteLookup(id: number, now: number): boolean {
      return transaction(() => {
        const row = ownerOf.get(id) as OwnerRow | undefined
        if (row === undefined) return false
        if (row.state === 'running' && (row.owner_token === owner.token || isHeldElsewhere(row, now))) {
          throw new AppError('invalid_input', 'This lookup is still running; cancel it or wait for it to finish, then delete it.')
        }
        for (const statement of deletions) statement.run(id)
        return true
      })
    }
  }
}

export type LookupWrites = ReturnType<typeof createLookupWrites>
