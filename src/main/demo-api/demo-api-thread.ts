import { createLogger, type Logger } from '../logging/logger'
import { startCountedWorker } from '../workers/counted-worker'
import { isThreadStopped, superviseThread, type RestartBudget, type ThreadStoppedError } from '../workers/supervised-thread'
import { DEMO_CREDENTIALS } from './demo-api'
import type { DemoDay } from './demo-date'
import type { DemoThreadAsk, DemoThreadData, DemoThreadMessage, DemoThreadRequest, ThreadError } from './demo-api-thread-protocol'
import type { DemoFaults } from './demo-faults'
import type { DemoApiStats } from './demo-stats'

/** The Demo API as the app uses it: served from a thread of its own, so main's event loop pays nothing for the simulated server. */
export interface DemoApiThread {
  /** `http://127.0.0.1:<port>`, serving both the identity and the inventory paths. */
  url: string
  credentials: typeof DEMO_CREDENTIALS
  stats(): Promise<DemoApiStats>
  resetStats(): Promise<void>
  /** Changes faults from the next request on; rejects with a RangeError for values out of range. */
  setFaults(faults: Partial<DemoFaults>): Promise<void>
  /** Searches answer with the stock of `day` from the next one on. */
  setDay(day: DemoDay): Promise<void>
  /** Every token issued so far is expired from now on. */
  expireAllTokens(): Promise<void>
  close(): Promise<void>
}

export interface DemoApiThreadOptions {
  faults?: Partial<DemoFaults>
  /** The day whose stock searches answer with until `setDay` moves it. */
  day: DemoDay
  /** The bundled thread script (Electron's build); elsewhere the TypeScript source runs through tsx. */
  entry?: string
  /** Where the log says why the thread stopped; absent, nowhere. */
  log?: Logger
  /** Hears the thread stop unexpectedly (its server, and the URL with it, are gone), with the sentence saying so. */
  onStopped?: ((error: ThreadStoppedError) => void) | undefined
  /** Shared by the Demo's successive threads, so one that dies as it starts is not started again and again. */
  budget?: RestartBudget
}

interface Waiting {
  resolve(value: unknown): void
  reject(error: Error): void
}

/**
 * Starts the Demo API on its own supervised thread. The thread keeps its own wall clock (a clock
 * passed to the app's services cannot cross threads), which only dates the simulated items and
 * tokens; the day whose stock it answers with is main's to set, from main's clock or a day fixed
 * at start. A thread that stops takes its server with it: this object then answers nothing (each
 * call rejects with the sentence), and the next Demo API is a new one, at a new URL.
 */
export async function startDemoApiThread(options: DemoApiThreadOptions): Promise<DemoApiThread> {
  let stopped: Error | null = null
  const thread = superviseThread<Waiting>({
    name: 'The Demo API',
    consequence: 'a Demo lookup under way was paused with every answer kept, and can be resumed from History.',
    log: options.log ?? createLogger(() => undefined),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
    onStopped(error) {
      stopped = error
      options.onStopped?.(error)
    },
    start() {
      return startCountedWorker({
        name: 'Demo API',
        beside: import.meta.url,
        source: 'demo-api-thread-main.ts',
        built: options.entry,
        workerData: { faults: options.faults ?? {}, day: options.day } satisfies DemoThreadData
      })
    },
    receive(message) {
      const reply = message as DemoThreadMessage
      const request = thread.take(reply.id)
      if (request === undefined) return
      if (reply.ok) request.resolve(reply.value)
      else request.reject(toError(reply.error))
    }
  })

  function ask(request: DemoThreadAsk): Promise<unknown> {
    // A Demo API whose thread stopped is gone with its URL: asking it again must not start another.
    if (stopped !== null) return Promise.reject(stopped)
    return new Promise((resolve, reject) => {
      thread.post((id) => ({ ...request, id }) satisfies DemoThreadRequest, { resolve, reject })
    })
  }

  // The simulated server never keeps the process alive: the supervised thread is held only while a question waits.
  const url = (await ask({ op: 'url' }).catch((error: unknown) => {
    // A thread that could not start its server (faults out of range, no port) says why.
    throw isThreadStopped(error) && error.threadError instanceof Error ? error.threadError : error
  })) as string
  let closed: Promise<void> | null = null
  return {
    url,
    credentials: DEMO_CREDENTIALS,
    stats: () => ask({ op: 'stats' }) as Promise<DemoApiStats>,
    resetStats: async () => {
      await ask({ op: 'resetStats' })
    },
    setFaults: async (faults) => {
      await ask({ op: 'setFaults', faults })
    },
    setDay: async (day) => {
      await ask({ op: 'setDay', day })
    },
    expireAllTokens: async () => {
      await ask({ op: 'expireAllTokens' })
    },
    close() {
      closed ??= (async () => {
        // Closed inside first, so answers under way are cut as a closing server cuts them; then the thread ends.
        await ask({ op: 'close' }).catch(() => undefined)
        stopped ??= new Error('The Demo API has stopped.')
        await thread.terminate(stopped)
      })()
      return closed
    }
  }
}

function toError(error: ThreadError): Error {
  return error.name === 'RangeError' ? new RangeError(error.message) : new Error(error.message)
}
