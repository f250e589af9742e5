import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'

/**
 * What main pushes about lookups, kept for the window: the newest progress of each, and where a
 * "Retry failed" began in its result log. None of it is ever fetched, so it is a store of its own
 * rather than queries that must never run.
 */
export interface ProgressStore {
  /**
   * Keeps the newest progress per job. The reply to startJob/cancelJob/retryFailed can arrive after
   * events that are already newer, so an older snapshot (a shorter append-only result log) never
   * replaces a newer one; for equal logs, the later arrival wins (state changes such as throttling).
   */
  putProgress(progress: JobProgress): void
  progressOf(jobId: string): JobProgress | undefined
  /** A "Retry failed" began when the job's log was `progress.resultsCount` long (the reply to retryFailed). */
  putRetryStart(progress: JobProgress): void
  /** The log offset the latest "Retry failed" of the job began at; 0 when it had none. */
  retryFromOf(jobId: string): number
  subscribe(listener: () => void): () => void
}

export function createProgressStore(): ProgressStore {
  const progress = new Map<string, JobProgress>()
  const retryFrom = new Map<string, number>()
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  return {
    putProgress(next) {
      const current = progress.get(next.jobId)
      if (current !== undefined && next.resultsCount < current.resultsCount) return
      progress.set(next.jobId, next)
      changed()
    },
    progressOf: (jobId) => progress.get(jobId),
    putRetryStart(next) {
      const current = retryFrom.get(next.jobId) ?? 0
      if (next.resultsCount <= current) return
      retryFrom.set(next.jobId, next.resultsCount)
      changed()
    },
    retryFromOf: (jobId) => retryFrom.get(jobId) ?? 0,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}

/** The window's one store, given by main.tsx beside the query client. */
export const ProgressStoreContext = createContext<ProgressStore | null>(null)

export function useProgressStore(): ProgressStore {
  const store = useContext(ProgressStoreContext)
  if (store === null) throw new Error('The progress store is missing: render inside <ProgressStoreContext value={...}>.')
  return store
}

/** Subscribes once for the whole app; every progress event lands in the store. */
export function useJobProgressSubscription(): void {
  const store = useProgressStore()
  useEffect(() => window.inventory.onJobProgress((progress) => store.putProgress(progress)), [store])
}

/** The latest progress of one job, as events arrive. */
export function useJobProgress(jobId: string | null): JobProgress | undefined {
  const store = useProgressStore()
  return useSyncExternalStore(store.subscribe, () => (jobId === null ? undefined : store.progressOf(jobId)))
}

/** Where the job's latest "Retry failed" began in its log (0 without one): failures logged before it are being looked up again. */
export function useRetryFrom(jobId: string): number {
  const store = useProgressStore()
  return useSyncExternalStore(store.subscribe, () => store.retryFromOf(jobId))
}
