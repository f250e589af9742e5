import type { AppEffects } from '../app-effects'
import type { AppServices } from '../app-services'
import { toLookupSummary } from '../history/to-lookup-summary'
import type { ChannelImplementations } from './handler-table'

type WatchlistChannelName =
  | 'listWatchlists'
  | 'getWatchlist'
  | 'saveWatchlist'
  | 'saveLookupAsWatchlist'
  | 'duplicateWatchlist'
  | 'deleteWatchlist'
  | 'exportWatchlist'
  | 'importWatchlist'
  | 'setWatchlistSchedule'
  | 'schedulesOverview'
  | 'runWatchlist'
  | 'runAgain'
  | 'lookupList'
  | 'sinceLastRun'

/** The watchlist channels in terms of the watchlist service; kept thin, as every channel is. */
export function createWatchlistChannels(
  { watchlists, history, lookups, schedules }: Pick<AppServices, 'watchlists' | 'history' | 'lookups' | 'schedules'>,
  effects: Pick<AppEffects, 'chooseExportPath'>
): Pick<ChannelImplementations, WatchlistChannelName> {
  return {
    listWatchlists: async () => ({ watchlists: await watchlists.list() }),
    getWatchlist: ({ id }) => watchlists.get(id),
    saveWatchlist: (form) => watchlists.saveForm(form),
    saveLookupAsWatchlist: (request) => watchlists.saveLookup(request),
    duplicateWatchlist: ({ id }) => watchlists.duplicate(id),
    deleteWatchlist: async ({ id }) => ({ deleted: await watchlists.remove(id) }),
    exportWatchlist: ({ id }) => watchlists.exportFile(id, (suggestedName) => effects.chooseExportPath(suggestedName, 'json')),
    importWatchlist: ({ bytes }) => watchlists.importFile(bytes),
    setWatchlistSchedule: ({ id, schedule }) => watchlists.setSchedule(id, schedule),
    schedulesOverview: async () => schedules.overview(),
    runWatchlist: ({ id }) => watchlists.run(id),
    runAgain: ({ jobId }) => watchlists.runAgain(jobId),
    lookupList: async ({ jobId }) => watchlists.lookupList(jobId),
    sinceLastRun: async ({ jobId }) => {
      const since = await watchlists.sinceLastRun(jobId)
      if (since === null) return { since: null }
      const { follows, counts, pairs, changed } = since
      return {
        since: {
          follows: toLookupSummary(follows, lookups.isRunning(String(follows.id)), history.origin(follows.id)),
          counts,
          pairs,
          changed
        }
      }
    }
  }
}
