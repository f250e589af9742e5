import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { startDemoApiThread, type DemoApiThread, type DemoApiThreadOptions } from './demo-api-thread'
import type { DemoDay } from './demo-date'

export interface LazyDemoApiOptions extends Omit<DemoApiThreadOptions, 'day'> {
  /** The Demo's day now: a date fixed at start, or today's from the clock. */
  day(): DemoDay
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
 * A start that fails is tried again on the next use.
 */
export function lazyDemoApi({ day, ...options }: LazyDemoApiOptions, log: Logger): LazyDemoApi {
  let demo: Promise<DemoApiThread> | null = null
  function get(): Promise<DemoApiThread> {
    demo ??= startDemoApiThread({ ...options, day: day() }).catch((error: unknown) => {
      demo = null
      log.error('the Demo API could not start', { error })
      throw new AppError('internal', 'The built-in Demo API could not start. Restart the app and try again.')
    })
    return demo
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
