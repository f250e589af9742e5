import { useCallback, useMemo, useState, type ReactNode } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import { DEFAULT_SETTINGS, type SettingsPatch } from '../../../shared/settings'
import { useSettings, useUpdateSettings } from '../api/settings-queries'
import { ErrorAlert } from '../errors/error-alert'
import { formatDateTime } from '../format/format'
import { storesLabel } from '../format/lookup-labels'
import type { ResultSet } from './result-set'
import { ResultsExplorer, type ResultsPreferences } from './results-explorer'
import { SinceLastRunRegion, useSinceLastRun } from './since-last-run-region'
import type { SinceLastRunKind } from '../../../shared/watchlists/since-last-run'

interface ResultsViewProps {
  progress: JobProgress
  set: ResultSet
  /** Reading the results failed: what went wrong, and how to try again. */
  readError: { error: unknown; retry: () => void } | null
  loading: boolean
  /** Buttons beside the heading that act on the whole lookup, given by the screen (Run again, Save as watchlist). */
  actions?: ReactNode
}

/** The results of the current lookup, with the preferences (low-stock level, export format, panel width) kept in settings. */
export function ResultsView({ progress, set, readError, loading, actions }: ResultsViewProps) {
  const settings = useSettings().data?.settings ?? DEFAULT_SETTINGS
  const update = useUpdateSettings()
  const { mutate } = update
  const preferences: ResultsPreferences = {
    lowStockLevel: settings.lowStockLevel,
    exportFormat: settings.exportFormat,
    detailPanelWidth: settings.detailPanelWidth
  }
  const savePreferences = useCallback((patch: SettingsPatch) => mutate(patch), [mutate])
  const when = progress.finishedAt ?? progress.startedAt
  const since = useSinceLastRun(progress).data ?? null
  const [sinceKind, setSinceKind] = useState<SinceLastRunKind | null>(null)
  const onlyPairs = useMemo(() => (since === null || sinceKind === null ? null : new Set(since.pairs[sinceKind])), [since, sinceKind])

  return (
    <ResultsExplorer
      set={set}
      carriedColumns={progress.carriedColumns}
      inputLines={progress.lines}
      jobId={progress.jobId}
      heading={
        <>
          Results
          <span className="visually-hidden">
            {' '}
            · {ENVIRONMENT_LABELS[progress.environment]} · {storesLabel(progress.stores)} ·{' '}
            <time dateTime={when}>{formatDateTime(when)}</time>
          </span>
        </>
      }
      actions={actions}
      onlyPairs={onlyPairs}
      onClearOnly={() => setSinceKind(null)}
      preferences={preferences}
      onPreferencesChange={savePreferences}
      emptyText={loading ? 'Loading results…' : 'No results yet: they appear here as the lookup answers.'}
      notice={
        <>
          {since === null ? null : <SinceLastRunRegion since={since} chosen={sinceKind} onChoose={setSinceKind} />}
          {readError === null ? null : (
            <div className="results-error">
              <ErrorAlert error={readError.error} />
              <button type="button" onClick={readError.retry}>
                Try again
              </button>
            </div>
          )}
        </>
      }
    />
  )
}
