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
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  intervalMs?: number
}

export function createProgressReporter<T>(options: ProgressReporterOptions<T>): ProgressReporter {
  const intervalMs = options.intervalMs ?? 100
  let lastEmitAt = Number.NEGATIVE_INFINITY
  let scheduled: AbortController | null = null
  let done = false

  function emitNow(): void {
    lastEmitAt = options.now()
    options.emit(options.snapshot())
  }

  return {
    changed() {
      if (done || scheduled !== null) return
      const wait = lastEmitAt + intervalMs - options.now()
      if (wait <= 0) {
        emitNow()
        return
      }
      const controller = new AbortController()
      scheduled = controller
      // Nothing awaits a coalesced emit: the sleep's abort is the expected way out, and emit hands a snapshot to listeners.
      void options
        .sleep(wait, controller.signal)
        .catch(() => undefined)
        .then(() => {
          if (controller.signal.aborted) return
          scheduled = null
          if (!done) emitNow()
        })
    },

    final() {
      if (done) return
      done = true
      scheduled?.abort()
      scheduled = null
      emitNow()
    }
  }
}
