import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { countThread } from '../workers/thread-census'
import { resolveThreadEntry } from '../workers/thread-entry'
import { THREAD_YOUNG_GENERATION_MB } from '../workers/thread-limits'
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
}

/**
 * Starts the Demo API on its own thread. The thread keeps its own wall clock (a clock passed to
 * the app's services cannot cross threads), which only dates the simulated items and tokens; the
 * day whose stock it answers with is main's to set, from main's clock or a day fixed at start.
 */
export function startDemoApiThread(options: DemoApiThreadOptions): Promise<DemoApiThread> {
  const { entry, execArgv } = resolveThreadEntry(join(dirname(fileURLToPath(import.meta.url)), 'demo-api-thread-main.ts'), options.entry)
  const thread = new Worker(entry, {
    ...(execArgv === undefined ? {} : { execArgv }),
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
    workerData: { faults: options.faults ?? {}, day: options.day } satisfies DemoThreadData
  })
  countThread('Demo API', thread)
  // The simulated server never keeps the process alive: a headless run ends when its lookup does.
  thread.unref()
  let nextId = 1
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let stopped: Error | null = null

  function ask(request: DemoThreadAsk): Promise<unknown> {
    if (stopped !== null) return Promise.reject(stopped)
    const id = nextId++
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      thread.postMessage({ ...request, id } satisfies DemoThreadRequest)
    })
  }

  function stop(error: Error): void {
    stopped ??= error
    for (const { reject } of waiting.values()) reject(stopped)
    waiting.clear()
  }

  return new Promise((resolve, reject) => {
    thread.on('message', (message: DemoThreadMessage) => {
      if (message.kind === 'ready') {
        resolve(api(message.url))
        return
      }
      const request = waiting.get(message.id)
      if (request === undefined) return
      waiting.delete(message.id)
      if (message.ok) request.resolve(message.value)
      else request.reject(toError(message.error))
    })
    thread.on('error', (error) => {
      reject(error)
      stop(error)
    })
    thread.on('exit', (code) => {
      const error = new Error(`the Demo API's thread stopped (exit code ${code})`)
      reject(error)
      stop(error)
    })
  })

  function api(url: string): DemoApiThread {
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
          await thread.terminate()
        })()
        return closed
      }
    }
  }
}

function toError(error: ThreadError): Error {
  return error.name === 'RangeError' ? new RangeError(error.message) : new Error(error.message)
}
