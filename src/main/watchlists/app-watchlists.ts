import type { ImportService } from '../files/import/import-service'
import type { HistoryReader } from '../history/history-reader'
import type { HistoryStore } from '../history/history-store'
import type { LookupService } from '../jobs/lookup-service'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import { createWatchlistService, type WatchlistService } from './watchlist-service'
import { createWatchlistStore } from './watchlist-store'

/** The app's watchlists over its services: what the composition root wires, in one call. */
export function createAppWatchlists(parts: {
  dir: string
  now: () => number
  log: Logger
  settings: SettingsStore
  history: HistoryStore
  reader: Pick<HistoryReader, 'stockInputs'>
  lookups: Pick<LookupService, 'start'>
  imports: Pick<ImportService, 'carried'>
}): WatchlistService {
  const { settings, history, lookups, imports, log } = parts
  return createWatchlistService({
    store: createWatchlistStore({ dir: parts.dir, now: parts.now, log }),
    groups: () => settings.current().settings.storeGroups,
    history,
    reader: parts.reader,
    lowStockLevel: () => settings.current().settings.lowStockLevel,
    start: ({ carried, ...request }) => lookups.start({ ...request, ...(carried === null ? {} : { carried }) }),
    carriedOf: (source, lines) => imports.carried(source, lines),
    log
  })
}
