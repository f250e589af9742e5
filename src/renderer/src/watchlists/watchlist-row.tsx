import type { ScheduleState } from '../../../shared/schedules/scheduled-run'
import type { WatchlistSummary } from '../../../shared/watchlists/watchlist'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import { formatCount, formatDateTime, formatRate } from '../format/format'
import { storesLabel } from '../format/lookup-labels'
import { scheduleWords } from '../../../shared/schedules/schedule-words'
import { nextRunText } from './schedule-text'

/** The ids of the tips that say what the last run's figures count (figure-descriptions.ts). */
export interface LastRunTips {
  readonly inStockRate: string
  readonly newlyOutOfStock: string
}

export interface WatchlistRowActions {
  onRun: (watchlist: WatchlistSummary) => void
  onEdit: (watchlist: WatchlistSummary) => void
  onDuplicate: (watchlist: WatchlistSummary) => void
  onExport: (watchlist: WatchlistSummary) => void
  onDelete: (watchlist: WatchlistSummary) => void
  onSchedule: (watchlist: WatchlistSummary) => void
  onTrends: (watchlist: WatchlistSummary) => void
}

/** The schedule, its next run (main's answer; absent while it is asked) and what became of its latest slot. */
function ScheduleCell({ watchlist, state }: { watchlist: WatchlistSummary; state: ScheduleState | undefined }) {
  if (watchlist.schedule === null) return <td>No schedule</td>
  return (
    <td>
      {scheduleWords(watchlist.schedule)}
      {state === undefined ? null : <span className="list-meta">{nextRunText(state)}</span>}
      {state?.note == null ? null : <span className="list-meta watchlists-note">{state.note}</span>}
    </td>
  )
}

/** "District 12 (12 stores)", or the stores themselves. */
function whereText(watchlist: WatchlistSummary): string {
  const stores = storesLabel(watchlist.storesNow)
  if (watchlist.stores.kind === 'list') return stores
  if (watchlist.groupMissing) return `${stores} (the group ${watchlist.stores.group} was deleted; its stores when saved)`
  return `${watchlist.stores.group} (${stores})`
}

/** One watchlist: what it checks, where, its last run, and what can be done with it. Buttons are named after it. */
export function WatchlistRow({
  watchlist,
  schedule,
  busy,
  tips,
  ...actions
}: WatchlistRowActions & { watchlist: WatchlistSummary; schedule: ScheduleState | undefined; busy: boolean; tips: LastRunTips }) {
  const { name, lastRun } = watchlist
  return (
    <tr>
      <th scope="row">
        {name}
        <span className="list-meta">
          {ENVIRONMENT_LABELS[watchlist.environment]} · {watchlist.itemType === 'gtin' ? 'GTINs' : 'Item numbers'}
        </span>
      </th>
      <td className="list-number">{formatCount(watchlist.items)}</td>
      <td>{whereText(watchlist)}</td>
      <td>
        {lastRun === null ? (
          'Not run yet'
        ) : (
          <>
            <time dateTime={lastRun.finishedAt}>{formatDateTime(lastRun.finishedAt)}</time>
            {/* Each figure takes focus, so the keyboard shows its tip as the pointer does. */}
            <span className="list-meta">
              <span tabIndex={0} aria-describedby={tips.inStockRate}>
                In-stock rate {lastRun.inStockRate === null ? '—' : `${formatRate(lastRun.inStockRate)} %`}
              </span>{' '}
              ·{' '}
              {lastRun.newlyOutOfStock === null ? (
                'first run'
              ) : (
                <span tabIndex={0} aria-describedby={tips.newlyOutOfStock}>
                  {formatCount(lastRun.newlyOutOfStock)} newly out of stock
                </span>
              )}
            </span>
          </>
        )}
      </td>
      <ScheduleCell watchlist={watchlist} state={schedule} />
      <td>
        <div className="list-actions">
          <button
            type="button"
            className="primary"
            aria-label={`Run now: ${name}`}
            disabled={busy}
            onClick={() => actions.onRun(watchlist)}
          >
            Run now
          </button>
          {/* A read only: open while another action is under way. */}
          <button type="button" aria-label={`Trends: ${name}`} onClick={() => actions.onTrends(watchlist)}>
            Trends
          </button>
          <button type="button" aria-label={`Edit: ${name}`} disabled={busy} onClick={() => actions.onEdit(watchlist)}>
            Edit
          </button>
          <button type="button" aria-label={`Schedule: ${name}`} disabled={busy} onClick={() => actions.onSchedule(watchlist)}>
            Schedule
          </button>
          <button type="button" aria-label={`Duplicate: ${name}`} disabled={busy} onClick={() => actions.onDuplicate(watchlist)}>
            Duplicate
          </button>
          <button type="button" aria-label={`Export: ${name}`} disabled={busy} onClick={() => actions.onExport(watchlist)}>
            Export
          </button>
          <button
            type="button"
            className="danger"
            aria-label={`Delete: ${name}`}
            disabled={busy}
            onClick={() => actions.onDelete(watchlist)}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  )
}
