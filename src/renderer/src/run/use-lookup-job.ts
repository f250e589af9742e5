import { useCallback, useState } from 'react'
import type { InvokeInput } from '../../../shared/contract'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { callInventory } from '../api/inventory-call'
import { useJobProgress, useProgressStore } from '../api/progress-store'

export type JobAction = 'start' | 'cancel' | 'retry' | 'resume'

/**
 * The lookup on the lookup screen: one this window runs (started, resumed) or one opened from
 * History as it is stored. Starts, cancels, retries and resumes it; progress arrives as events.
 */
export function useLookupJob() {
  const store = useProgressStore()
  const [jobId, setJobId] = useState<string | null>(null)
  /** How the lookup on screen got there: run from this screen, or opened from History. */
  const [origin, setOrigin] = useState<'run' | 'history'>('run')
  /** Whether the lookup on screen is the form's own list run (not a watchlist's run, a Run again or one from History). */
  const [fromForm, setFromForm] = useState(false)
  /** The lookup this window last started or resumed: while it runs, no other is started from here. */
  const [ownJobId, setOwnJobId] = useState<string | null>(null)
  const [busy, setBusy] = useState<JobAction | null>(null)
  const [error, setError] = useState<unknown>(null)
  const progress = useJobProgress(jobId)
  const own = useJobProgress(ownJobId)

  const run = useCallback(
    async (action: JobAction, call: () => Promise<JobProgress>): Promise<JobProgress | null> => {
      setBusy(action)
      setError(null)
      try {
        const next = await call()
        store.putProgress(next)
        return next
      } catch (caught) {
        setError(caught)
        return null
      } finally {
        setBusy(null)
      }
    },
    [store]
  )

  const start = useCallback(
    async (input: InvokeInput<'startJob'>) => {
      const started = await run('start', () => callInventory(window.inventory.startJob(input)))
      if (started !== null) {
        setJobId(started.jobId)
        setOwnJobId(started.jobId)
        setOrigin('run')
        setFromForm(true)
      }
      return started
    },
    [run]
  )

  /** Starts a lookup main builds (a watchlist's run, a Run again) and shows it. Throws when it cannot start. */
  const launch = useCallback(
    async (call: () => Promise<JobProgress>) => {
      setBusy('start')
      try {
        const started = await call()
        store.putProgress(started)
        setError(null)
        setJobId(started.jobId)
        setOwnJobId(started.jobId)
        setOrigin('run')
        setFromForm(false)
      } finally {
        setBusy(null)
      }
    },
    [store]
  )

  /** Shows a lookup read from History; nothing is asked of the API. Throws when it cannot be read. */
  const open = useCallback(
    async (id: string) => {
      const stored = await callInventory(window.inventory.openLookup({ jobId: id }))
      store.putProgress(stored)
      setError(null)
      setJobId(stored.jobId)
      setOrigin('history')
      setFromForm(false)
    },
    [store]
  )

  /** Looks up the lines a stopped lookup never answered, under the same lookup, and shows it. Throws when it cannot. */
  const resume = useCallback(
    async (id: string) => {
      setBusy('resume')
      try {
        const resumed = await callInventory(window.inventory.resumeLookup({ jobId: id }))
        store.putProgress(resumed)
        setError(null)
        setJobId(resumed.jobId)
        setOwnJobId(resumed.jobId)
        setOrigin('run')
      } finally {
        setBusy(null)
      }
    },
    [store]
  )

  const cancel = useCallback(() => {
    if (jobId !== null) void run('cancel', () => callInventory(window.inventory.cancelJob({ jobId })))
  }, [jobId, run])

  const retryFailed = useCallback(() => {
    if (jobId === null) return
    void run('retry', async () => {
      const progress = await callInventory(window.inventory.retryFailed({ jobId }))
      // Before the progress is stored, so no render shows the retry's counters without it.
      store.putRetryStart(progress)
      return progress
    })
  }, [jobId, run, store])

  /** Resume from the lookup screen: the error, if any, is shown there like a failed start. */
  const resumeShown = useCallback(() => {
    if (jobId === null) return
    resume(jobId).catch((caught: unknown) => setError(caught))
  }, [jobId, resume])

  /** Takes the lookup off the screen, e.g. when it was deleted from History. */
  const forget = useCallback(
    (id: string) => {
      if (id === jobId) setJobId(null)
      if (id === ownJobId) setOwnJobId(null)
    },
    [jobId, ownJobId]
  )

  const clearError = useCallback(() => setError(null), [])

  return {
    progress,
    origin,
    fromForm,
    /** Whether a lookup this window started is still running (the one on screen or not). */
    running: isJobActive(own),
    busy,
    error,
    start,
    launch,
    open,
    resume,
    resumeShown,
    cancel,
    retryFailed,
    forget,
    clearError
  }
}

export type LookupJob = ReturnType<typeof useLookupJob>

export function isJobActive(progress: JobProgress | undefined): boolean {
  return progress !== undefined && (progress.state === 'running' || progress.state === 'throttled')
}
