import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { createRestartBudget, isThreadStopped, type ThreadStoppedError } from '../workers/supervised-thread'
import { startDemoApiThread, type DemoApiThread, type DemoApiThreadOptions } from './demo-api-thread'
import type { DemoDay } from './demo-date'
import type { EarlyDemoApi } from './early-demo-api'

export interface LazyDemoApiOptions extends Omit<DemoApiThreadOptions, 'day' | 'log' | 'budget' | 'onStopped'> {
  /** The Demo's day now: a date fixed at start, or today's from the clock. */
  day(): DemoDay
  /** Hears a running Demo API's thread stop unexpectedly: its URL is gone, and the sentence says so. */
  onGone?: (url: string, error: ThreadStoppedError) => void
  /** A Demo API already started (the headless command's, for `--env demo`): the first use takes it over instead of starting one. */
  early?: EarlyDemoApi
}

export interface LazyDemoApi {
  /** The running Demo API, started now if it is not yet. */
  get(): Promise<DemoApiThread>
  /**
   * The running Demo API, answering with the stock of the day a lookup (or resume) starts on, so
   * one left open past midnight answers with the new day's stock.
   */
  forLookup(): Promise<DemoApiThread>
  /** Stops it if it was started. */
  close(): Promise<void>
}

/**
 * The Demo API, started on first use, so the app pays nothing for it when Demo is not in use, and
 * on a thread of its own, so a large Demo lookup does not spend main's time on the server's side.
 * A start that fails is tried again on the next use; a thread that stops is replaced by a new one
 * (at a new URL) on the next use, and `onGone` hears the URL that went with it.
 */
export function lazyDemoApi({ day, onGone, early, ...options }: LazyDemoApiOptions, log: Logger): LazyDemoApi {
  let demo: Promise<DemoApiThread> | null = null
  const budget = createRestartBudget()
  function get(): Promise<DemoApiThread> {
    if (demo !== null) return demo
    const onStopped = (error: ThreadStoppedError) => {
      if (demo === starting) demo = null
      void starting.then(
        (api) => onGone?.(api.url, error),
        () => undefined
      )
    }
    const thread = early?.adopt({ log, onStopped }) ?? startDemoApiThread({ ...options, day: day(), log, budget, onStopped })
    const starting: Promise<DemoApiThread> = thread.catch((error: unknown) => {
      if (demo === starting) demo = null
      log.error('the Demo API could not start', { error })
      // The restart budget's sentence says what to do; anything else is a start that failed.
      throw error instanceof AppError && !isThreadStopped(error)
        ? error
        : new AppError('internal', 'The built-in Demo API could not start. Restart the app and try again.')
    })
    demo = starting
    return starting
  }
  return {
    get,
    async forLookup() {
      const api = await get()
      await api.setDay(day())
      return api
    },
    async close() {
      const running = demo
      demo = null
      if (running !== null) await (await running.catch(() => null))?.close()
    }
  }
}
