import type { DatabaseSync } from 'node:sqlite'
import { AppError } from '../../shared/domain/app-error'
import type { FinalLineStatus } from '../../shared/domain/line-result'
import type { AnswerRow, RunFigures, StoppedState } from './history-types'
import { createItemCatalogue, nameFromCatalogue, namesOfLookup } from './item-catalogue'
import type { LookupOwner } from './lookup-owner'
import { lookupGone } from './lookup-id'
import { createLookupReads } from './lookup-reads'
import { prepareLookup, type ClaimedRun, type CreatedLookup, type NewLookupRequest } from './lookup-request'
import { createLookupWrites } from './lookup-writes'
import { createOriginReads, createOriginWrites } from './lookup-origins'
import { createSummaryReads, createSummaryWrites } from './run-summaries'
import { createAnswerLocations } from './answer-locations'
import { createCarriedStaging, namesOfStaged, nameStagedFromCatalogue, type CarriedPart } from './staged-carried'

export const ANSWERS_REMOVED_MESSAGE =
  "This lookup's full answers were removed by History's retention; only its summary is kept. Run it again for a fresh answer."

/**
 * Every change to the history, each one transaction, as History's thread runs them (or main, for a
 * history kept in memory). `now` comes with each call: the caller's clock, which tests may fake.
 * `summariseRuns: false` keeps no run summaries (see `createHistoryStore`).
 */
export function createHistoryOperations(db: DatabaseSync, owner: LookupOwner, options: { onFile: boolean; summariseRuns?: boolean }) {
  const writes = createLookupWrites(db, owner)
  const reads = createLookupReads(db)
  const catalogue = createItemCatalogue(db)
  const origins = createOriginReads(db)
  const originWrites = createOriginWrites(db)
  const summaries = createSummaryWrites(db)
  const saveDraft = db.prepare('INSERT OR REPLACE INTO drafts (id, saved_at, draft) VALUES (1, ?, ?)')
  const staging = createCarriedStaging()
  const olderThan = db.prepare("SELECT id FROM lookups WHERE started_at < ? AND state <> 'running' ORDER BY id")

  function reclaimSpace(): void {
    // Freed pages go back to the file system, and the log of the change is folded in, so the size History shows goes down.
    db.exec('PRAGMA incremental_vacuum')
    if (options.onFile) db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  }

  return {
    writes,
    reads,
    catalogue,
    origins,
    /** The summaries' reads, for the reader of a history in memory (a file's reader thread has its own). */
    summaryReads: createSummaryReads(db),

    /**
     * Validates the lines, stores the lookup with them and its origin, and gives the values to look up. A list
     * named by its file teaches the catalogue those names; a list without names gets the ones the
     * catalogue knows.
     */
    createLookup(request: NewLookupRequest, now: number): CreatedLookup {
      const staged = request.carriedStaged === undefined ? undefined : staging.take(request.carriedStaged)
      const prepared = prepareLookup(request)
      const from = request.itemNamesFrom
      // Cells staged beforehand are named a slice at a time, never opened all at once.
      const { lookup, slices } =
        staged === undefined
          ? { lookup: from === undefined ? nameFromCatalogue(prepared.lookup, catalogue) : prepared.lookup, slices: undefined }
          : from === undefined
            ? nameStagedFromCatalogue(prepared.lookup, staged, catalogue)
            : { lookup: prepared.lookup, slices: staged }
      const { origin } = request
      const id = writes.createLookup(
        lookup,
        now,
        slices,
        origin === undefined ? undefined : (created) => originWrites.label(created, origin)
      )
      if (from !== undefined) {
        const names = slices === undefined ? namesOfLookup(lookup) : namesOfStaged(lookup, slices)
        if (names.length > 0) writes.transaction(() => catalogue.record(lookup.itemType, names, { source: from, lookupId: id }, now))
      }
      return { id, toLookUp: prepared.toLookUp }
    },

    /** A part of the carried cells of a lookup about to be created: compressed and kept under `key` until `createLookup` takes them. */
    stageCarried: (key: string, part: CarriedPart): void => staging.add(key, part),
    /** Lets go of cells staged for a lookup that will not be created. */
    dropCarried: (key: string): void => staging.drop(key),

    appendResults: (id: number, rows: readonly AnswerRow[], figures: RunFigures, now: number): number =>
      writes.appendResults(id, rows, figures, now),

    /** Ends the run, then keeps its summary: what History's list and the trends read once its raw answers are gone. */
    finishRun(id: number, state: StoppedState, figures: RunFigures & { valuesPerSecond: number }, now: number): void {
      writes.finishRun(id, state, figures, now)
      if (options.summariseRuns === false) return
      writes.transaction(() => summaries.record(id, now, createAnswerLocations(db)))
    },

    /**
     * Takes a stopped lookup over to look up again its lines whose current result has one of
     * `statuses`; null, leaving it as it was, when it has none.
     */
    claimRun(id: number, statuses: readonly FinalLineStatus[], now: number): ClaimedRun | null {
      const lookup = reads.lookup(id)
      if (lookup === null) throw lookupGone()
      if (summaries.answersRemovedAt(id) !== null) throw new AppError('invalid_input', ANSWERS_REMOVED_MESSAGE)
      // A lookup left running by a process that is gone gets its unanswered lines cancelled by the claim.
      if (lookup.state !== 'running' && statuses.every((status) => lookup.counts[status] === 0)) return null
      const prior = writes.claimRun(id, now)
      const lines = reads.linesWith(id, statuses)
      if (lines.length === 0) {
        writes.finishRun(id, prior, lookup, now)
        return null
      }
      return { prior, lines }
    },

    heartbeat: (id: number, now: number): void => writes.heartbeat(id, now),

    deleteLookup(id: number, now: number): boolean {
      const deleted = writes.deleteLookup(id, now)
      if (deleted) reclaimSpace()
      return deleted
    },

    /** Deletes stopped lookups started before `cutoff`; returns how many. */
    purgeStartedBefore(cutoff: number, now: number): number {
      let deleted = 0
      for (const { id } of olderThan.all(cutoff) as { id: number }[]) {
        if (writes.deleteLookup(id, now)) deleted += 1
      }
      if (deleted > 0) reclaimSpace()
      return deleted
    },

    /** Drops the raw answers of runs that ended before `cutoff`, keeping their summaries; returns how many. */
    removeAnswersBefore(cutoff: number, now: number): number {
      const ids = summaries.withAnswersBefore(cutoff)
      for (const id of ids) writes.transaction(() => summaries.removeAnswers(id, now, createAnswerLocations(db)))
      if (ids.length > 0) reclaimSpace()
      return ids.length
    },

    saveDraft(draft: unknown, now: number): void {
      writes.transaction(() => saveDraft.run(now, JSON.stringify(draft)))
    }
  }
}

export type HistoryOperations = ReturnType<typeof createHistoryOperations>
