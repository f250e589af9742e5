import { AppError } from '../../shared/domain/app-error'

/**
 * The longest a scheduled run refused by the cap on lookups running at once waits before trying
 * again, should no lookup's end be heard (one refused before it started, say).
 */
export const FREE_SLOT_RECHECK_MS = 60_000

export interface RunWhenFreeEffects {
  setTimer(ms: number, fire: () => void): () => void
  /** Calls `listener` whenever a lookup ends; the returned function stops it. */
  onLookupEnded(listener: () => void): () => void
  /** The run waits for a free lookup (true), or has started or given up (false): the screen says so. */
  waiting(waiting: boolean): void
}

/** A lookup refused because as many as the app runs at once are running. */
export function isBusy(error: unknown): boolean {
  return error instanceof AppError && error.code === 'busy'
}

/**
 * Starts `run`; while the app refuses it because enough lookups are running, waits for one of
 * them to end (or `FREE_SLOT_RECHECK_MS`) and tries again, so a scheduled run is late, never lost.
 * Any other failure is the run's own and is passed on.
 */
export async function runWhenFree<T>(run: () => Promise<T>, effects: RunWhenFreeEffects): Promise<T> {
  let waited = false
  try {
    for (;;) {
      try {
        return await run()
      } catch (error) {
        if (!isBusy(error)) throw error
      }
      if (!waited) effects.waiting(true)
      waited = true
      await new Promise<void>((resolve) => {
        const done = () => {
          cancelTimer()
          stopListening()
          resolve()
        }
        const cancelTimer = effects.setTimer(FREE_SLOT_RECHECK_MS, done)
        const stopListening = effects.onLookupEnded(done)
      })
    }
  } finally {
    if (waited) effects.waiting(false)
  }
}
