import type { ImportSource, InputLine } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import { formatStoreList } from '../../shared/domain/store-list'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import { scheduleWords } from '../../shared/schedules/schedule-words'
import type { WatchlistSummary } from '../../shared/watchlists/watchlist'
import type { AppServices } from '../app-services'
import { localMinute } from './history-table'
import { textTable } from './text-table'

/** `--watchlists`: the saved watchlists as the Watchlists screen lists them, by name. */
export function watchlistsTable(list: readonly WatchlistSummary[]): string {
  const header = ['Name', 'Values', 'Stores', 'Environment', 'Schedule', 'Last run', 'In stock', 'Newly out of stock']
  const rows = [...list]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((watchlist) => {
      const stores = formatStoreList(watchlist.storesNow)
      const { lastRun } = watchlist
      return [
        watchlist.name,
        String(watchlist.items),
        watchlist.stores.kind === 'group' ? `${watchlist.stores.group}${watchlist.groupMissing ? ' (deleted)' : ''}: ${stores}` : stores,
        ENVIRONMENT_LABELS[watchlist.environment],
        watchlist.schedule === null ? 'None' : scheduleWords(watchlist.schedule),
        lastRun === null ? 'Never' : `${localMinute(Date.parse(lastRun.finishedAt))} (run ${lastRun.jobId})`,
        lastRun?.inStockRate == null ? '' : `${lastRun.inStockRate.toFixed(1)}%`,
        lastRun?.newlyOutOfStock == null ? '' : String(lastRun.newlyOutOfStock)
      ]
    })
  return textTable(header, rows, new Set([1, 6, 7]))
}

/** The watchlist of that name (names are told apart whatever their case); null, said why, when there is none. */
export async function findWatchlist(
  { watchlists }: Pick<AppServices, 'watchlists'>,
  name: string,
  say: (text: string) => void
): Promise<WatchlistSummary | null> {
  const found = (await watchlists.list()).find((watchlist) => watchlist.name.toLowerCase() === name.toLowerCase())
  if (found === undefined) say(`Error: there is no watchlist named "${name}"; list the saved ones with --watchlists.`)
  return found ?? null
}

/** `--save-watchlist`: the command's list (with its file's other columns) and stores kept as a watchlist; null, said why, when it cannot be. */
export async function saveCommandWatchlist(
  { watchlists, settings }: Pick<AppServices, 'watchlists' | 'settings'>,
  list: { name: string; environment: EnvironmentId; itemType: ItemType; stores: number[]; lines: InputLine[]; source: ImportSource },
  say: (text: string) => void
): Promise<WatchlistSummary | null> {
  try {
    const saved = await watchlists.saveForm({
      name: list.name,
      environment: list.environment,
      itemType: list.itemType,
      stores: { kind: 'list', stores: list.stores },
      lowStockLevel: settings.current().settings.lowStockLevel,
      lines: list.lines,
      source: list.source
    })
    say(`Saved the watchlist "${saved.name}" (${saved.items} values); run it again with --watchlist "${saved.name}".`)
    return saved
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    say(`Error: --save-watchlist: ${error.message}`)
    return null
  }
}
