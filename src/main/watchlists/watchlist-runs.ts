import type { JobProgress, JobState } from '../../shared/domain/job-progress'

/** Ends remembered for runs not added yet. */
const RECENT_ENDS = 20
const ENDED: ReadonlySet<JobState> = new Set(['finished', 'cancelled', 'interrupted'])

/** A run of a watchlist going on in this app, and how it ended. */
export interface WatchlistRun {
  jobId: string
  watchlistId: string
  startedAt: number
  /** Started by the scheduler rather than a person. */
  scheduled: boolean
  /** Settles with the run's last progress when it finishes, is cancelled or is interrupted. */
  ended: Promise<JobProgress>
}

/**
 * The watchlists' runs going on now, followed through their progress: the scheduler asks whether
 * a person's run of a watchlist is going on, and waits for its own runs to end.
 */
export function createWatchlistRuns() {
  const running = new Map<string, WatchlistRun & { settle(progress: JobProgress): void }>()
  /** Progress that arrived before its run was added (a lookup can end before `start` returns). */
  const endedEarly = new Map<string, JobProgress>()

  return {
    add(progress: JobProgress, watchlistId: string, startedAt: number, scheduled: boolean): WatchlistRun {
      let settle: (progress: JobProgress) => void = () => undefined
      const ended = new Promise<JobProgress>((resolve) => {
        settle = resolve
      })
      const run = { jobId: progress.jobId, watchlistId, startedAt, scheduled, ended, settle }
      const early = endedEarly.get(progress.jobId) ?? (ENDED.has(progress.state) ? progress : undefined)
      endedEarly.delete(progress.jobId)
      if (early !== undefined) settle(early)
      else running.set(progress.jobId, run)
      return run
    },
    observe(progress: JobProgress): void {
      if (!ENDED.has(progress.state)) return
      const run = running.get(progress.jobId)
      if (run === undefined) {
        // The latest few only: a run is added as soon as its `start` returns.
        endedEarly.set(progress.jobId, progress)
        for (const jobId of endedEarly.keys()) {
          if (endedEarly.size <= RECENT_ENDS) break
          endedEarly.delete(jobId)
        }
        return
      }
      running.delete(progress.jobId)
      run.settle(progress)
    },
    /** The run of the watchlist going on now that a person started, or null. */
    personRun(watchlistId: string): WatchlistRun | null {
      for (const run of running.values()) if (run.watchlistId === watchlistId && !run.scheduled) return run
      return null
    }
  }
}

export type WatchlistRuns = ReturnType<typeof createWatchlistRuns>
