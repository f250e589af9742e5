import { packInputColumn } from '../../shared/input-column'
import type { ImportService } from '../files/import/import-service'
import type { HistoryReader } from '../history/history-reader'
import type { HistoryStore } from '../history/history-store'
import type { LookupService } from '../jobs/lookup-service'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import { createWatchlistService, type WatchlistService } from './watchlist-service'
import { createWatchlistStore, type WatchlistStore } from './watchlist-store'

/** The app's watchlists over its services: what the composition root wires, in one call. */
export function createAppWatchlists(parts: {
  dir: string
  now: () => number
  log: Logger
  settings: SettingsStore
  history: HistoryStore
  reader: Pick<HistoryReader, 'sinceLastRun' | 'inputs' | 'inputLines'>
  lookups: Pick<LookupService, 'start'>
  imports: Pick<ImportService, 'carried'>
  /** A watchlist was added, edited or deleted (the schedules follow). */
  changed(): void
  /** A finished run's figures were left on its watchlist. */
  recorded(): void
}): WatchlistService {
  const { settings, history, lookups, imports, log } = parts
  return createWatchlistService({
    store: reportingChanges(createWatchlistStore({ dir: parts.dir, now: parts.now, log }), parts.changed),
    now: parts.now,
    groups: () => settings.current().settings.storeGroups,
    history,
    reader: parts.reader,
    lowStockLevel: () => settings.current().settings.lowStockLevel,
    start: ({ carried, lines, ...request }) =>
      lookups.start({ ...request, lines: packInputColumn(lines), ...(carried === null ? {} : { carried }) }),
    carriedOf: (source, lines) => imports.carried(source, lines),
    log,
    recorded: () => parts.recorded()
  })
}

function reportingChanges(store: WatchlistStore, changed: () => void): WatchlistStore {
  const after = async <T>(done: Promise<T>): Promise<T> => {
    const value = await done
    changed()
    return value
  }
  return {
    ...store,
    create: (definition) => after(store.create(definition)),
    update: (id, definition) => after(store.update(id, definition)),
    remove: (id) => after(store.remove(id))
  }
}
