import type { After } from './answer-groups'

/**
 * Coalesces a stream of "something changed" signals into at most one emission per interval
 * (10 a second by default), so a 200,000-line job does not flood the renderer. The value is built
 * only when it is emitted, and the final state is always emitted at once.
 *
 * A change that comes once the interval has passed is emitted then, on the wake-up that brought
 * it: through a lookup the search thread's answers wake main 15-25 times a second anyway, and a
 * timer of its own per emission was another 100-200 wake-ups of main per lookup. A timer stays
 * only as a backstop, for the last change of a quiet spell: it goes out at most one interval plus
 * the backstop after the emission before it.
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
  // How long past the interval a change waits for a later one to carry it before its own timer does.
  const backstopMs = intervalMs
  let lastEmitAt = Number.NEGATIVE_INFINITY
  /** Cancels the backstop, while a change waits on it. */
  let backstop: (() => void) | null = null
  let done = false

  function emitNow(): void {
    backstop?.()
    backstop = null
    lastEmitAt = options.now()
    options.emit(options.snapshot())
  }

  function emitBackstop(): void {
    backstop = null
    if (!done) emitNow()
  }

  return {
    changed() {
      if (done) return
      const wait = lastEmitAt + intervalMs - options.now()
      if (wait <= 0) emitNow()
      else backstop ??= options.after(wait + backstopMs, emitBackstop)
    },

    final() {
      if (done) return
      done = true
      emitNow()
    }
  }
}
