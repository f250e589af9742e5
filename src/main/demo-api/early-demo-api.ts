import { createLogger, type Logger } from '../logging/logger'
import type { ThreadStoppedError } from '../workers/supervised-thread'
import { startDemoApiThread, type DemoApiThread } from './demo-api-thread'
import type { DemoDay } from './demo-date'

/** What the composition root's Demo gives the Demo API it takes over: its log, and its handling of the thread stopping. */
export interface DemoAdoption {
  log: Logger
  onStopped(error: ThreadStoppedError): void
}

/**
 * A Demo API started before the app's services, by the headless command whose arguments say
 * `--env demo`: its thread starts while the command's thread loads the rest of its code, instead
 * of after. The composition root's Demo (`lazyDemoApi`) takes it over on first use; whoever started
 * it closes it once the command is done, taken over or not (closing twice is closing once).
 */
export interface EarlyDemoApi {
  /** The started Demo API, the first time it is asked for; null afterwards, when the one taking it over starts its own. */
  adopt(adoption: DemoAdoption): Promise<DemoApiThread> | null
  close(): Promise<void>
}

export interface EarlyDemoApiOptions {
  day: DemoDay
  /** The built script of the Demo API's thread, as the composition root's `demoApiEntry`. */
  entry?: string
}

export function startEarlyDemoApi({ day, entry }: EarlyDemoApiOptions): EarlyDemoApi {
  // Until it is taken over, the thread's log and stop are kept for the one that takes it: nothing is lost in between.
  let adoption: DemoAdoption | null = null
  let stoppedEarly: ThreadStoppedError | null = null
  const silent = createLogger(() => undefined)
  const log: Logger = {
    info: (message, fields) => (adoption?.log ?? silent).info(message, fields),
    warn: (message, fields) => (adoption?.log ?? silent).warn(message, fields),
    error: (message, fields) => (adoption?.log ?? silent).error(message, fields),
    redact: (secret) => (adoption?.log ?? silent).redact(secret),
    get redactor() {
      return (adoption?.log ?? silent).redactor
    }
  }
  const started = startDemoApiThread({
    day,
    log,
    ...(entry === undefined ? {} : { entry }),
    onStopped(error) {
      if (adoption === null) stoppedEarly = error
      else adoption.onStopped(error)
    }
  })
  // A start that fails is the adopter's to say; until then it is not an unhandled rejection.
  started.catch(() => undefined)
  let taken = false
  return {
    adopt(taker) {
      if (taken) return null
      taken = true
      adoption = taker
      const stopped = stoppedEarly
      // Heard after the adopter has its Demo in hand, as a stop would be.
      if (stopped !== null) queueMicrotask(() => taker.onStopped(stopped))
      return started
    },
    async close() {
      await (await started.catch(() => null))?.close()
    }
  }
}
