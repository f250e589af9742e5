import type { After } from './answer-groups'

/**
 * Coalesces a stream of "something changed" signals into at most one emission per interval
 * (10 a second by default), so a 200,000-line job does not flood the renderer. The value is built
 * only when it is emitted, and the final state is always emitted at once.
 */
export interface ProgressReporter {
  changed(): void
  /** Emits now, cancels any pending emission, and ignores later `changed()` calls. */
  final(): void
}

export interface ProgressReporterOptions<T> {
  snapshot: () => T
  emit: (value: T) => void
  now: () => number
  /**
   * The timer of a coalesced emission: a plain one, cancelled at the end. A sleep with an abort
   * signal cost main a promise chain, an AbortController and an abort listener added and removed
   * per emission, about 10 a second through a lookup.
   */
  after: After
  intervalMs?: number
}

export function createProgressReporter<T>(options: ProgressReporterOptions<T>): ProgressReporter {
  const intervalMs = options.intervalMs ?? 100
  let lastEmitAt = Number.NEGATIVE_INFINITY
  /** Cancels the emission scheduled, while there is one. */
  let scheduled: (() => void) | null = null
  let done = false

  function emitNow(): void {
    lastEmitAt = options.now()
    options.emit(options.snapshot())
  }

  function emitScheduled(): void {
    scheduled = null
    if (!done) emitNow()
  }

  return {
    changed() {
      if (done || scheduled !== null) return
      const wait = lastEmitAt + intervalMs - options.now()
      if (wait <= 0) {
        emitNow()
        return
      }
      scheduled = options.after(wait, emitScheduled)
    },

    final() {
      if (done) return
      done = true
      scheduled?.()
      scheduled = null
      emitNow()
    }
  }
}
