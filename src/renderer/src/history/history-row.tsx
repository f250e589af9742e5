import type { LookupSummary } from '../../../shared/domain/lookup-summary'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import { DEFAULT_HISTORY_ANSWER_DAYS } from '../../../shared/settings'
import { SCHEDULED_RUN_LABELS } from '../../../shared/schedules/scheduled-run'
import { useJobProgress } from '../api/progress-store'
import { useSettings } from '../api/settings-queries'
import { formatCount, formatDateTime } from '../format/format'
import { answeredText, canResume, STATE_LABELS, storesLabel, valuesLabel } from '../format/lookup-labels'
import { withProgress } from './with-progress'

export interface HistoryRowActions {
  onOpen: (lookup: LookupSummary) => void
  onResume: (lookup: LookupSummary) => void
  onRunAgain: (lookup: LookupSummary) => void
  onCompareWithPrevious: (lookup: LookupSummary) => void
  onDelete: (lookup: LookupSummary) => void
  onChoose: (lookup: LookupSummary, chosen: boolean) => void
}

interface HistoryRowProps extends HistoryRowActions {
  lookup: LookupSummary
  chosen: boolean
  /** An action on some lookup is under way: the buttons wait for it. */
  busy: boolean
}

/**
 * One lookup in History: when, where, what came of its values, its state and what can be done with
 * it. A lookup running in this window follows its progress events, so it turns Cancelled or
 * Finished here as it does on the lookup screen. Repeated buttons are named after their lookup.
 */
export function HistoryRow({ lookup: listed, chosen, busy, ...actions }: HistoryRowProps) {
  const lookup = withProgress(listed, useJobProgress(listed.runningHere ? listed.jobId : null))
  const id = lookup.jobId
  const answered = answeredText(lookup)
  const running = lookup.state === 'running'
  const answerDays = useSettings().data?.settings.historyAnswerDays ?? DEFAULT_HISTORY_ANSWER_DAYS
  const trimmed = lookup.answersRemovedAt !== null
  return (
    <tr data-state={lookup.state}>
      <td className="history-choose">
        <input
          type="checkbox"
          aria-label={`Choose lookup ${id} to compare`}
          checked={chosen}
          onChange={(event) => actions.onChoose(lookup, event.target.checked)}
        />
      </td>
      <td>
        <time dateTime={lookup.startedAt}>{formatDateTime(lookup.startedAt)}</time>
        <span className="list-meta">
          Lookup {id}
          {lookup.source === 'cli' ? ' · headless' : ''}
        </span>
        {lookup.watchlistName === null ? null : <span className="list-meta">Watchlist: {lookup.watchlistName}</span>}
        {lookup.scheduled === null ? null : <span className="list-meta">{SCHEDULED_RUN_LABELS[lookup.scheduled]}</span>}
      </td>
      <td>{ENVIRONMENT_LABELS[lookup.environment]}</td>
      <td>{storesLabel(lookup.stores)}</td>
      <td>{valuesLabel(lookup)}</td>
      <td className="list-number">{formatCount(lookup.found)}</td>
      <td className="list-number">{formatCount(lookup.notFound)}</td>
      <td className="list-number">{formatCount(lookup.invalid)}</td>
      <td className="list-number">{formatCount(lookup.failed)}</td>
      <td>
        <span className="history-state" data-state={lookup.state}>
          {STATE_LABELS[lookup.state]}
        </span>
        {answered === null ? null : <span className="list-meta">{answered}</span>}
        {trimmed ? (
          <span className="list-meta">
            Summary only: full answers removed after {formatCount(answerDays)} {answerDays === 1 ? 'day' : 'days'}
          </span>
        ) : null}
      </td>
      <td>
        <div className="list-actions">
          {trimmed ? null : (
            <button type="button" aria-label={`Open lookup ${id}`} disabled={busy} onClick={() => actions.onOpen(lookup)}>
              Open
            </button>
          )}
          {canResume(lookup) && !trimmed ? (
            <button type="button" aria-label={`Resume lookup ${id}`} disabled={busy} onClick={() => actions.onResume(lookup)}>
              Resume
            </button>
          ) : null}
          <button type="button" aria-label={`Run again: lookup ${id}`} disabled={busy} onClick={() => actions.onRunAgain(lookup)}>
            Run again
          </button>
          {trimmed ? null : (
            <button
              type="button"
              aria-label={`Compare with previous: lookup ${id}`}
              disabled={busy}
              onClick={() => actions.onCompareWithPrevious(lookup)}
            >
              Compare with previous
            </button>
          )}
          <button
            type="button"
            className="danger"
            aria-label={`Delete lookup ${id}`}
            disabled={busy || running}
            title={running ? 'A running lookup cannot be deleted: cancel it or let it finish first.' : undefined}
            onClick={() => actions.onDelete(lookup)}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  )
}
