import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { InvokeInput } from '../../../shared/contract'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { callInventory } from '../api/inventory-call'
import { storeJobProgress, useJobProgress } from '../api/job-progress'
import { storeRetryStart } from '../results/use-job-results'

type Action = 'start' | 'cancel' | 'retry'

/** The current lookup: starts it, cancels it, retries its failures; progress arrives as events. */
export function useLookupJob() {
  const queryClient = useQueryClient()
  const [jobId, setJobId] = useState<string | null>(null)
  const [busy, setBusy] = useState<Action | null>(null)
  const [error, setError] = useState<unknown>(null)
  const progress = useJobProgress(jobId)

  const run = useCallback(
    async (action: Action, call: () => Promise<JobProgress>): Promise<JobProgress | null> => {
      setBusy(action)
      setError(null)
      try {
        const next = await call()
        storeJobProgress(queryClient, next)
        return next
      } catch (caught) {
        setError(caught)
        return null
      } finally {
        setBusy(null)
      }
    },
    [queryClient]
  )

  const start = useCallback(
    async (input: InvokeInput<'startJob'>) => {
      const started = await run('start', () => callInventory(window.inventory.startJob(input)))
      if (started !== null) setJobId(started.jobId)
      return started
    },
    [run]
  )

  const cancel = useCallback(() => {
    if (jobId !== null) void run('cancel', () => callInventory(window.inventory.cancelJob({ jobId })))
  }, [jobId, run])

  const retryFailed = useCallback(() => {
    if (jobId === null) return
    void run('retry', async () => {
      const progress = await callInventory(window.inventory.retryFailed({ jobId }))
      // Before the progress is stored, so no render shows the retry's counters without it.
      storeRetryStart(queryClient, progress)
      return progress
    })
  }, [jobId, run, queryClient])

  const clearError = useCallback(() => setError(null), [])

  return { progress, busy, error, start, cancel, retryFailed, clearError }
}

export function isJobActive(progress: JobProgress | undefined): boolean {
  return progress !== undefined && (progress.state === 'running' || progress.state === 'throttled')
}
