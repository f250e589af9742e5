import type { JobProgress } from '../../../shared/domain/job-progress'
import { jobLabel } from '../format/lookup-labels'
import type { LookupJob } from '../run/use-lookup-job'

interface ShownLookupNoteProps {
  progress: JobProgress
  origin: LookupJob['origin']
  /** Said once a new run replaces another lookup on screen; null when there is nothing to say. */
  previousNote: string | null
  onOpenHistory: () => void
}

/** Above a lookup's progress: where the lookup on screen came from, when that is not the run just started. */
export function ShownLookupNote({ progress, origin, previousNote, onOpenHistory }: ShownLookupNoteProps) {
  if (origin === 'history') {
    return (
      <div className="notice notice-info opened-note">
        <p role="status">Opened from History: {openedText(progress)} Nothing was looked up again.</p>
      </div>
    )
  }
  if (previousNote === null) return null
  return (
    <div className="notice notice-info opened-note">
      <p role="status">{previousNote}</p>
      <button type="button" className="link" onClick={onOpenHistory}>
        Open History
      </button>
    </div>
  )
}

/** "the lookup of 3 Mar 2025, 14:02:11 in Demo for Store 1234, as it finished." */
function openedText(progress: JobProgress): string {
  const how =
    progress.state === 'finished'
      ? 'as it finished.'
      : progress.state === 'cancelled'
        ? 'as it was when cancelled.'
        : progress.state === 'interrupted'
          ? 'as it was when interrupted.'
          : 'still running.'
  return `lookup ${progress.jobId} (${jobLabel(progress)}), ${how}`
}
