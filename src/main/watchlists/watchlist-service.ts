import { writeFile } from 'node:fs/promises'
import type { InputLine, ImportSource } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { JobProgress } from '../../shared/domain/job-progress'
import type { StoreGroup } from '../../shared/settings'
import type { SinceLastRun } from '../../shared/watchlists/since-last-run'
import {
  MAX_WATCHLIST_NAME_CHARS,
  watchlistDefinitionSchema,
  type WatchlistDefinition,
  type WatchlistItem,
  type WatchlistStores,
  type WatchlistSummary
} from '../../shared/watchlists/watchlist'
import { readWatchlistFile, watchlistFileText } from '../../shared/watchlists/watchlist-file'
import { PRIVATE_FILE_MODE } from '../files/private-files'
import { CARRIED_LINES_PER_ASK } from '../files/import/import-service'
import { inputLinesOf, inputSlices, type HistoryReader } from '../history/history-reader'
import type { HistoryStore } from '../history/history-store'
import type { StoredLookup } from '../history/history-types'
import { lookupGone, lookupIdOf } from '../history/lookup-id'
import type { LookupOrigin } from '../history/lookup-origins'
import type { TargetOverrides } from '../credentials/target-resolver'
import type { CarriedInput, CarriedRows } from '../jobs/job-types'
import type { Logger } from '../logging/logger'
import type { Schedule } from '../../shared/schedules/schedule'
import type { ScheduledRunReason } from '../../shared/schedules/scheduled-run'
import { freeName, itemsFromInputs, itemsFromLines, keepCells, linesOf, linesOfLookup, storesNow, summaryOf } from './watchlist-items'
import { createWatchlistRuns, type WatchlistRun } from './watchlist-runs'
import type { WatchlistStore } from './watchlist-store'

export interface WatchlistServiceDeps {
  store: WatchlistStore
  groups(): readonly StoreGroup[]
  history: Pick<HistoryStore, 'lookup' | 'origin' | 'inputs' | 'latestFinishedRun'>
  /** Each lookup's stock, as Compare reads it, and a lookup's list a slice at a time: off main's thread in the app. */
  reader: Pick<HistoryReader, 'sinceLastRun' | 'inputs' | 'inputLines'>
  lowStockLevel(): number
  /** Starts a lookup with the columns it carries and where it came from, through the lookup service as the window's Run does. */
  start(params: {
    environment: EnvironmentId
    stores: number[]
    itemType: ItemType
    lines: InputLine[]
    carried: CarriedInput | null
    origin: LookupOrigin
    /** The headless command's client ID, secret or hosts instead of the saved ones. */
    overrides?: TargetOverrides
  }): Promise<JobProgress>
  /** An imported file's other columns for these of its rows (kept by the import's worker), at most `CARRIED_LINES_PER_ASK` at once. */
  carriedOf(source: ImportSource, lines: readonly number[]): Promise<CarriedRows>
  log: Pick<Logger, 'warn' | 'error'>
  now(): number
  /** A finished run's figures are now on its watchlist: the Watchlists screen, which showed the run's end a moment before, asks again. */
  recorded?: ((watchlistId: string) => void) | undefined
}

/** What the form saves: its list (and the file it came from, if any), stores and choices. */
export interface FormWatchlist {
  id?: string | undefined
  name: string
  environment: EnvironmentId
  itemType: ItemType
  stores: WatchlistStores
  lowStockLevel: number
  lines: InputLine[]
  source?: ImportSource | undefined
}

/** A lookup's list, stores and choices, as Edit puts them in the form. */
export interface LookupList {
  environment: EnvironmentId
  itemType: ItemType
  stores: number[]
  lines: InputLine[]
  carriedColumns: string[]
}

/**
 * Watchlists: kept, listed, run, and what each run found since the one it follows. Runs are
 * ordinary lookups in History, told apart by their origin.
 */
export function createWatchlistService(deps: WatchlistServiceDeps) {
  const { store } = deps
  /**
   * The last "Since the last run" worked out, or being worked out: a run's finish works it out for
   * its watchlist's figures, and the window asks for it at the same moment; both wait for one
   * reading of the two runs' stock instead of each reading it (100,000 pairs took twice as long).
   */
  let last: { key: string; value: Promise<Worked> } | null = null
  /** Finished runs whose figures are being left on their watchlist, by lookup: only while that is under way. */
  const summaries = new Map<string, Promise<void>>()
  const runs = createWatchlistRuns()

  function lookupOf(id: number): StoredLookup {
    const lookup = deps.history.lookup(id)
    if (lookup === null) throw lookupGone()
    return lookup
  }

  /** The file's other cells of every line the form ran, asked of the import's worker a slice at a time. */
  async function carriedInSlices(source: ImportSource, lines: readonly InputLine[]): Promise<CarriedRows> {
    const numbers = lines.map(({ line }) => line)
    const { rows: first, ...carried } = await deps.carriedOf(source, numbers.slice(0, CARRIED_LINES_PER_ASK))
    const rows = [...first]
    for (let start = CARRIED_LINES_PER_ASK; start < numbers.length; start += CARRIED_LINES_PER_ASK) {
      for (const row of (await deps.carriedOf(source, numbers.slice(start, start + CARRIED_LINES_PER_ASK))).rows) rows.push(row)
    }
    return { ...carried, rows }
  }

  async function names(exceptId?: string): Promise<string[]> {
    return (await store.list()).filter((record) => record.id !== exceptId).map((record) => record.name)
  }

  async function checkName(name: string, exceptId?: string): Promise<void> {
    if ((await names(exceptId)).some((taken) => taken.toLowerCase() === name.toLowerCase())) {
      throw new AppError('invalid_input', `A watchlist named "${name}" exists already; choose another name.`)
    }
  }

  function definitionOf(
    fields: Omit<WatchlistDefinition, 'items' | 'columns' | 'schedule'>,
    list: { columns: string[]; items: WatchlistItem[] },
    schedule: WatchlistDefinition['schedule']
  ): WatchlistDefinition {
    const parsed = watchlistDefinitionSchema.safeParse({ ...fields, ...list, schedule })
    if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'That watchlist is not valid.')
    return parsed.data
  }

  /** What the lookup found since the one it follows (null when it follows none), and its in-stock rate over what it compared. */
  async function compute(id: number, now: StoredLookup, level: number): Promise<Worked> {
    const origin = deps.history.origin(id)
    const follows = origin?.follows == null ? null : deps.history.lookup(origin.follows)
    const then = follows === null || follows.itemType !== now.itemType ? null : follows
    // Read and compared on History's reader thread: only the counts and the pairs come back.
    const { since, inStockRate } = await deps.reader.sinceLastRun(then?.id ?? null, id, level)
    return { since: since === null || then === null ? null : { ...since, followsId: then.id }, inStockRate }
  }

  /** `compute`, once per lookup as it now is (its results, the run it follows, the low-stock level). */
  function worked(id: number): Promise<Worked> {
    const now = lookupOf(id)
    const level = deps.lowStockLevel()
    const key = JSON.stringify([id, now.resultsCount, deps.history.origin(id)?.follows ?? null, level])
    if (last?.key !== key) {
      const value = compute(id, now, level)
      const entry = { key, value }
      last = entry
      // A failed reading is not kept: the next ask tries again.
      value.catch(() => {
        if (last === entry) last = null
      })
    }
    return last.value
  }

  /** Leaves a finished run's figures on its watchlist, for the Watchlists screen: its latest finished run's, not an older one finished again by a retry. */
  async function recordFinish(id: number, watchlistId: string): Promise<void> {
    if (deps.history.latestFinishedRun(watchlistId) !== id) return
    const lookup = lookupOf(id)
    const { since, inStockRate } = await worked(id)
    await store.recordRun(watchlistId, {
      jobId: String(id),
      finishedAt: new Date(lookup.finishedAt ?? lookup.startedAt).toISOString(),
      inStockRate,
      newlyOutOfStock: since === null ? null : since.counts.newly_out_of_stock
    })
    deps.recorded?.(watchlistId)
  }

  /** `scheduled` says why the scheduler started the run; null, a person did. */
  async function startRun(
    id: string,
    scheduled: ScheduledRunReason | null,
    overrides?: TargetOverrides
  ): Promise<{ progress: JobProgress; run: WatchlistRun }> {
    const startedAt = deps.now()
    const { record, definition } = await store.get(id)
    const { lines, carried } = linesOf(definition)
    const stores = storesNow(definition.stores, deps.groups()).stores
    const follows = deps.history.latestFinishedRun(id)
    const progress = await deps.start({
      environment: definition.environment,
      stores,
      itemType: definition.itemType,
      lines,
      carried,
      origin: { watchlistId: record.id, watchlistName: record.name, follows, scheduled },
      ...(overrides === undefined ? {} : { overrides })
    })
    return { progress, run: runs.add(progress, record.id, startedAt, scheduled !== null) }
  }

  return {
    async list(): Promise<WatchlistSummary[]> {
      const groups = deps.groups()
      return (await store.list()).map((record) => summaryOf(record, groups))
    },

    async get(id: string): Promise<{ summary: WatchlistSummary; definition: WatchlistDefinition }> {
      const { record, definition } = await store.get(id)
      return { summary: summaryOf(record, deps.groups()), definition }
    },

    /** Saves the form's list as a new watchlist, or over the one being edited. */
    async saveForm(form: FormWatchlist): Promise<WatchlistSummary> {
      const name = form.name.trim()
      await checkName(name, form.id)
      const previous = form.id === undefined ? null : (await store.get(form.id)).definition
      let list: { columns: string[]; items: WatchlistItem[] }
      if (form.source !== undefined) {
        list = itemsFromLines(form.lines, await carriedInSlices(form.source, form.lines))
      } else if (previous !== null) {
        list = keepCells(previous, form.lines)
      } else {
        list = itemsFromLines(form.lines, null)
      }
      const fields = {
        name,
        environment: form.environment,
        itemType: form.itemType,
        stores: form.stores,
        lowStockLevel: form.lowStockLevel
      }
      const definition = definitionOf(fields, list, previous?.schedule ?? null)
      const record = form.id === undefined ? await store.create(definition) : await store.update(form.id, definition)
      return summaryOf(record, deps.groups())
    },

    /** Saves a lookup on screen as a watchlist: its values with the columns History kept, its stores (as the group named, when it still holds them). */
    async saveLookup({
      jobId,
      name,
      group,
      lowStockLevel
    }: {
      jobId: string
      name: string
      group: string | null
      lowStockLevel: number
    }): Promise<WatchlistSummary> {
      const lookup = lookupOf(lookupIdOf(jobId))
      const trimmed = name.trim()
      await checkName(trimmed)
      const kept = group === null ? null : deps.groups().find((candidate) => candidate.name === group)
      const sameStores = kept != null && [...kept.stores].sort().join() === [...lookup.stores].sort().join()
      const stores: WatchlistStores = sameStores
        ? { kind: 'group', group: kept.name, stores: kept.stores }
        : { kind: 'list', stores: lookup.stores }
      const fields = { name: trimmed, environment: lookup.environment, itemType: lookup.itemType, stores, lowStockLevel }
      // A wide file's rows come from History's reader a slice at a time, not in one read and one message.
      const items: WatchlistItem[] = []
      for await (const slice of inputSlices(deps.reader, lookup.id)) for (const item of itemsFromInputs(slice)) items.push(item)
      const list = { columns: lookup.carriedColumns, items }
      return summaryOf(await store.create(definitionOf(fields, list, null)), deps.groups())
    },

    async duplicate(id: string): Promise<WatchlistSummary> {
      const { definition } = await store.get(id)
      const name = freeName(`${definition.name} (copy)`, await names(), MAX_WATCHLIST_NAME_CHARS)
      return summaryOf(await store.create({ ...definition, name }), deps.groups())
    },

    remove: (id: string) => store.remove(id),

    /** Sets when the watchlist runs by itself and when it notifies (null: never by itself); its list and stores stay. */
    async setSchedule(id: string, schedule: Schedule | null): Promise<WatchlistSummary> {
      const { definition } = await store.get(id)
      return summaryOf(await store.update(id, { ...definition, schedule }), deps.groups())
    },

    /** Writes the watchlist's file where `choosePath` says (asked with a name made of the watchlist's). */
    async exportFile(
      id: string,
      choosePath: (suggestedName: string) => Promise<string | null>
    ): Promise<{ saved: true; path: string; rows: number } | { saved: false }> {
      const { definition } = await store.get(id)
      const path = await choosePath(`${definition.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'watchlist'}.watchlist.json`)
      if (path === null) return { saved: false }
      await writeFile(path, watchlistFileText(definition), { mode: PRIVATE_FILE_MODE })
      return { saved: true, path, rows: definition.items.length }
    },

    async importFile(bytes: Uint8Array): Promise<WatchlistSummary> {
      const read = readWatchlistFile(bytes)
      if (!read.ok) throw new AppError('invalid_input', read.message)
      const name = freeName(read.definition.name, await names(), MAX_WATCHLIST_NAME_CHARS)
      return summaryOf(await store.create({ ...read.definition, name }), deps.groups())
    },

    /**
     * Runs the watchlist as it is now: its group's current stores, labelled with its name, following
     * its last finished run. The headless command passes its own credentials' overrides.
     */
    run: async (id: string, overrides?: TargetOverrides): Promise<JobProgress> => (await startRun(id, null, overrides)).progress,

    /** The scheduler's run of the watchlist, labelled with why it started: settles with its last progress when it ends. */
    runScheduled: async (id: string, reason: ScheduledRunReason): Promise<JobProgress> => (await startRun(id, reason)).run.ended,

    /** A person's run of the watchlist going on now, or null: a scheduled run waits for it or skips. */
    personRun: (id: string) => runs.personRun(id),

    /** The lookup again: its lines with their columns, stores, environment and item type; a watchlist's run stays one. */
    async runAgain(jobId: string): Promise<JobProgress> {
      const lookup = lookupOf(lookupIdOf(jobId))
      const { lines, carried } = linesOfLookup(deps.history.inputs(lookup.id), lookup.carriedColumns)
      const origin = deps.history.origin(lookup.id)
      return deps.start({
        environment: lookup.environment,
        stores: lookup.stores,
        itemType: lookup.itemType,
        lines,
        carried,
        origin: { watchlistId: origin?.watchlistId ?? null, watchlistName: origin?.watchlistName ?? null, follows: lookup.id }
      })
    },

    /** A lookup's list and stores, for Edit: only each line and its input, read off main's thread a slice at a time (a wide file's cells stay unread). */
    async lookupList(jobId: string): Promise<LookupList> {
      const lookup = lookupOf(lookupIdOf(jobId))
      const lines = await inputLinesOf(deps.reader, lookup.id)
      return {
        environment: lookup.environment,
        itemType: lookup.itemType,
        stores: lookup.stores,
        lines,
        carriedColumns: lookup.carriedColumns
      }
    },

    /** What the lookup found since the one it follows; null when it follows none (or that one is gone). */
    async sinceLastRun(jobId: string): Promise<(SinceLastRun & { follows: StoredLookup }) | null> {
      const id = lookupIdOf(jobId)
      // Most lookups follow none: nothing to read.
      if (deps.history.origin(id)?.follows == null) return null
      const { since } = await worked(id)
      if (since === null) return null
      const { followsId, ...found } = since
      const follows = deps.history.lookup(followsId)
      return follows === null ? null : { ...found, follows }
    },

    /** Follows lookups' progress: a watchlist's run that finishes leaves its figures on the watchlist. */
    observe(progress: JobProgress): void {
      runs.observe(progress)
      // Each finish is summed up once; a later one (Retry failed on the run) sums it up again, with its new answers.
      if (progress.state !== 'finished' || summaries.has(progress.jobId)) return
      const id = lookupIdOf(progress.jobId)
      const origin = deps.history.origin(id)
      if (origin?.watchlistId == null) return
      const summing = recordFinish(id, origin.watchlistId)
        .catch((error: unknown) => deps.log.warn('a watchlist run could not be summed up', { error }))
        .finally(() => summaries.delete(progress.jobId))
      summaries.set(progress.jobId, summing)
    },

    /** Waits for the finished runs still being summed up: they read History and write the watchlists' index. */
    async close(): Promise<void> {
      await Promise.all(summaries.values())
    },

    /** How many finished runs are being summed up now: none once they are written, however many have run. */
    get summingUp(): number {
      return summaries.size
    }
  }
}

export type WatchlistService = ReturnType<typeof createWatchlistService>

interface Worked {
  since: (SinceLastRun & { followsId: number }) | null
  inStockRate: number | null
}
