import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { countThread } from './thread-census'
import { resolveThreadEntry } from './thread-entry'
import { THREAD_YOUNG_GENERATION_MB } from './thread-limits'

export interface CountedWorkerOptions {
  /** The thread's name in the census (what a benchmark prints beside its heap). */
  name: string
  /** The `import.meta.url` of the thread's client, whose folder holds the thread's TypeScript source. */
  beside: string
  /** The thread's TypeScript source, a file in that folder: run when the app is not built. */
  source: string
  /** The script electron-vite bundles for the thread, given by the built app. */
  built: string | undefined
  workerData?: unknown
  /** A cap on the thread's old generation, for a thread that holds whole files. */
  maxOldGenerationSizeMb?: number
}

/**
 * Starts one of the app's threads the way every supervised thread starts: its script found (built or
 * source), its young generation kept small, and counted in the census until it exits.
 */
export function startCountedWorker(options: CountedWorkerOptions): Worker {
  const { entry, execArgv } = resolveThreadEntry(join(dirname(fileURLToPath(options.beside)), options.source), options.built)
  const thread = new Worker(entry, {
    ...(execArgv === undefined ? {} : { execArgv }),
    ...(options.workerData === undefined ? {} : { workerData: options.workerData }),
    resourceLimits: {
      maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
      ...(options.maxOldGenerationSizeMb === undefined ? {} : { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb })
    }
  })
  countThread(options.name, thread)
  return thread
}
