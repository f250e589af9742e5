import type { ReactNode } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { progressFromResults } from '../results/job-counts'
import { ResultsView } from '../results/results-view'
import { useJobResults } from '../results/use-job-results'
import { JobProgressView } from '../run/job-progress-view'
import type { JobAction } from '../run/use-lookup-job'

interface JobWorkspaceProps {
  progress: JobProgress
  busy: JobAction | null
  onCancel: () => void
  onRetryFailed: () => void
  onResume: () => void
  onOpenSettings: () => void
  /** Buttons beside the results' heading that act on the whole lookup (Run again, Save as watchlist). */
  actions?: ReactNode
}

/** A lookup's progress card and its results, counted from one result set so their numbers always agree. */
export function JobWorkspace({ progress, busy, onCancel, onRetryFailed, onResume, onOpenSettings, actions }: JobWorkspaceProps) {
  const { set, query } = useJobResults(progress)
  const shown = progressFromResults(progress, set)
  return (
    <>
      <JobProgressView
        progress={shown.progress}
        caughtUp={shown.caughtUp}
        busy={busy}
        onCancel={onCancel}
        onRetryFailed={onRetryFailed}
        onResume={onResume}
        onOpenSettings={onOpenSettings}
      />
      <ResultsView
        progress={progress}
        set={set}
        loading={query.isPending}
        readError={query.isError ? { error: query.error, retry: () => void query.refetch() } : null}
        actions={actions}
      />
    </>
  )
}
