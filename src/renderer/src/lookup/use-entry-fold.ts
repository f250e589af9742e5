import { useCallback, useState } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { jobLabel } from '../format/lookup-labels'
import type { LookupJob } from '../run/use-lookup-job'

/**
 * Whether the form is folded into its one-line summary so the results get the window: after a run,
 * and whenever another lookup comes on screen (run here, opened or resumed from History); "Edit"
 * opens it again. With it, the note said once a new run replaces another lookup on screen.
 */
export function useEntryFold(job: Pick<LookupJob, 'progress' | 'origin'>) {
  const [open, setOpen] = useState(true)
  /** Said once a new lookup replaces another on screen: the earlier one is not lost. */
  const [previousNote, setPreviousNote] = useState<string | null>(null)
  const shownJobId = job.progress?.jobId ?? null
  const [foldedFor, setFoldedFor] = useState<string | null>(shownJobId)
  if (shownJobId !== foldedFor) {
    setFoldedFor(shownJobId)
    if (shownJobId !== null) setOpen(false)
    if (job.origin === 'history') setPreviousNote(null)
  }

  /** A run started: the form folds, and the lookup the run replaced on screen is said to be in History. */
  const foldAfterRun = useCallback((replaced: JobProgress | undefined) => {
    setPreviousNote(replaced === undefined ? null : `The previous lookup (${jobLabel(replaced)}) is in History.`)
    setOpen(false)
  }, [])
  const unfold = useCallback(() => setOpen(true), [])

  return {
    /** Whether the form is open (it may be, with no lookup on screen to fold it for). */
    open,
    /** Whether the form shows only its summary: a lookup is on screen and the form is folded. */
    folded: job.progress !== undefined && !open,
    previousNote,
    foldAfterRun,
    unfold
  }
}
