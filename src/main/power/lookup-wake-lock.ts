import type { JobProgress } from '../../shared/domain/job-progress'
import type { Logger } from '../logging/logger'

/** Ends what `keepAwake` started. */
export type ReleaseAwake = () => void

/** Keeps the machine from sleeping until the returned function is called (Electron's powerSaveBlocker in the app). */
export type KeepAwake = () => ReleaseAwake

/**
 * Keeps the machine awake while any lookup runs: a long lookup must not stop because the computer
 * went to sleep. One hold covers every running lookup; it is taken when the first starts and
 * released when the last one finishes, is cancelled or is interrupted. Lookups are followed
 * through the progress every lookup reports, the last of which always has its final state.
 */
export interface LookupWakeLock {
  /** Every lookup's progress passes here, in the order the job runner reports it. */
  observe(progress: Pick<JobProgress, 'jobId' | 'state'>): void
  /** Whether the machine is held awake now. */
  held(): boolean
  /** Lets go whatever runs (the app is closing). */
  close(): void
}

const RUNNING: ReadonlySet<JobProgress['state']> = new Set(['running', 'throttled'])

export function createLookupWakeLock(keepAwake: KeepAwake, log: Pick<Logger, 'warn'>): LookupWakeLock {
  const running = new Set<string>()
  let release: ReleaseAwake | null = null

  function hold(): void {
    try {
      release = keepAwake()
    } catch (error) {
      // The lookup runs all the same; the next lookup to start tries again.
      log.warn('the computer could not be kept awake during a lookup', { error })
    }
  }

  function letGo(): void {
    const releasing = release
    release = null
    try {
      releasing?.()
    } catch (error) {
      log.warn('the hold that kept the computer awake could not be released', { error })
    }
  }

  return {
    observe({ jobId, state }) {
      if (RUNNING.has(state)) {
        const first = !running.has(jobId)
        running.add(jobId)
        if (first && release === null) hold()
        return
      }
      if (!running.delete(jobId)) return
      if (running.size === 0) letGo()
    },
    held: () => release !== null,
    close() {
      running.clear()
      letGo()
    }
  }
}
