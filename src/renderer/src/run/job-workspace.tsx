import type { JobProgress } from '../../../shared/domain/job-progress'
import { progressFromResults } from '../results/job-counts'
import { ResultsView } from '../results/results-view'
import { useJobResults } from '../results/use-job-results'
import { JobProgressView } from './job-progress-view'

interface JobWorkspaceProps {
  progress: JobProgress
  busy: 'start' | 'cancel' | 'retry' | null
  onCancel: () => void
  onRetryFailed: () => void
  onOpenSettings: () => void
}

/** A lookup's progress card and its results, counted from one result set so their numbers always agree. */
export function JobWorkspace({ progress, busy, onCancel, onRetryFailed, onOpenSettings }: JobWorkspaceProps) {
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
        onOpenSettings={onOpenSettings}
      />
      <ResultsView
        progress={progress}
        set={set}
        loading={query.isPending}
        readError={query.isError ? { error: query.error, retry: () => void query.refetch() } : null}
      />
    </>
  )
}
