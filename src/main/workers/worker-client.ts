import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { countThread } from './thread-census'
import { resolveThreadEntry } from './thread-entry'
import { THREAD_YOUNG_GENERATION_MB } from './thread-limits'
import type { TaskInput, TaskName, TaskResult, WorkerData, WorkerReply, WorkerRequest } from './worker-tasks'

export interface WorkerClient {
  run<K extends TaskName>(task: K, input: TaskInput<K>): Promise<TaskResult<K>>
  /** Stops the thread; tasks still running fail. */
  close(): Promise<void>
}

export interface WorkerClientOptions {
  /**
   * The built worker script. The Electron build passes the file electron-vite bundles for it; the
   * harness, the headless command, benchmarks and tests run the TypeScript source through tsx.
   */
  entry?: string
  log: Logger
  /** Heap the thread may use before it is stopped; a runaway import then fails alone, not the app. */
  maxHeapMb?: number
  /** Where the thread keeps imported files across restarts (see `KeptImports`). */
  importsDir?: string
}

interface Pending {
  resolve(result: unknown): void
  reject(error: unknown): void
  parts: Map<string, unknown[][]>
}

const DEFAULT_MAX_HEAP_MB = 1024

/**
 * Main's side of the worker thread: one thread, started on first use, stopped on `close`, started
 * again if it dies. While nothing is asked of it, it does not keep the process alive.
 */
export function createWorkerClient(options: WorkerClientOptions): WorkerClient {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, Pending>()

  function start(): Worker {
    const { entry, execArgv } = resolveThreadEntry(join(dirname(fileURLToPath(import.meta.url)), 'worker-main.ts'), options.entry)
    const thread = new Worker(entry, {
      ...(execArgv === undefined ? {} : { execArgv }),
      workerData: { importsDir: options.importsDir ?? null } satisfies WorkerData,
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB,
        maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB
      }
    })
    countThread('Files and checks', thread)
    thread.on('message', (reply: WorkerReply) => receive(reply))
    thread.on('error', (error) => {
      options.log.error('the worker thread failed', { error })
      failAll(thread, error)
    })
    thread.on('exit', (code) => {
      if (pending.size > 0) options.log.warn('the worker thread stopped with tasks under way', { code })
      failAll(thread, new Error(`the worker thread stopped (exit code ${code})`))
    })
    thread.unref()
    return thread
  }

  function failAll(thread: Worker, cause: unknown): void {
    if (worker !== thread) return
    worker = null
    const outOfMemory = (cause as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
    const error = outOfMemory
      ? new AppError(
          'file_unreadable',
          'That needed more memory than the app gives one file or list; split it into smaller parts and try again.'
        )
      : new AppError('internal', 'A background task stopped unexpectedly. The details were written to the log; please try again.')
    for (const task of pending.values()) task.reject(error)
    pending.clear()
  }

  function receive(reply: WorkerReply): void {
    const task = pending.get(reply.id)
    if (task === undefined) return
    if (reply.kind === 'part') {
      const parts = task.parts.get(reply.field) ?? []
      parts.push(reply.items)
      task.parts.set(reply.field, parts)
      return
    }
    pending.delete(reply.id)
    if (pending.size === 0) worker?.unref()
    if (reply.kind === 'failed') {
      const { error } = reply
      if ('cause' in error && error.cause !== undefined) options.log.warn('a file could not be written', { cause: error.cause })
      task.reject(
        'appError' in error ? new AppError(error.appError.code, error.appError.message, error.appError.status) : new Error(error.message)
      )
      return
    }
    const result = reply.result as Record<string, unknown>
    for (const [field, parts] of task.parts) result[field] = parts.flat()
    task.resolve(result)
  }

  return {
    run(task, input) {
      worker ??= start()
      const id = nextId++
      const thread = worker
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (result: unknown) => void, reject, parts: new Map() })
        thread.ref()
        thread.postMessage({ id, task, input } as WorkerRequest)
      })
    },
    async close() {
      const thread = worker
      worker = null
      if (thread !== null) {
        for (const task of pending.values()) task.reject(new AppError('cancelled', 'The app is closing; the task was stopped.'))
        pending.clear()
        await thread.terminate()
      }
    }
  }
}
