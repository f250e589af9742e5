import type { Transferable } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { startCountedWorker } from './counted-worker'
import { superviseThread, type ThreadStoppedError } from './supervised-thread'
import type { TaskInput, TaskName, TaskResult, WorkerData, WorkerReply, WorkerRequest } from './worker-tasks'

export interface WorkerClient {
  /** `transfer`: buffers (or ports) of `input` moved to the thread rather than copied; the caller must not use them after. */
  run<K extends TaskName>(task: K, input: TaskInput<K>, transfer?: readonly Transferable[]): Promise<TaskResult<K>>
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
  /** Hears the thread stop unexpectedly, with the sentence that says so. */
  onStopped?: ((error: ThreadStoppedError) => void) | undefined
}

interface Pending {
  resolve(result: unknown): void
  reject(error: unknown): void
  parts: Map<string, unknown[][]>
}

const DEFAULT_MAX_HEAP_MB = 1024

/**
 * Main's side of the worker thread: one supervised thread, started on first use, stopped on
 * `close`, started again for the next task if it dies (the tasks under way fail with a sentence
 * saying so). While nothing is asked of it, it does not keep the process alive.
 */
export function createWorkerClient(options: WorkerClientOptions): WorkerClient {
  const thread = superviseThread<Pending>({
    name: 'The background worker for files',
    consequence: 'the task it was doing was stopped; try it again.',
    log: options.log,
    onStopped: options.onStopped,
    start() {
      return startCountedWorker({
        name: 'Files and checks',
        beside: import.meta.url,
        source: 'worker-main.ts',
        built: options.entry,
        workerData: { importsDir: options.importsDir ?? null } satisfies WorkerData,
        maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB
      })
    },
    receive: (reply) => receive(reply as WorkerReply),
    outOfMemory: () =>
      new AppError(
        'file_unreadable',
        'That needed more memory than the app gives one file or list; split it into smaller parts and try again.'
      )
  })

  function receive(reply: WorkerReply): void {
    if (reply.kind === 'part') {
      const task = thread.peek(reply.id)
      if (task === undefined) return
      const parts = task.parts.get(reply.field) ?? []
      parts.push(reply.items)
      task.parts.set(reply.field, parts)
      return
    }
    const task = thread.take(reply.id)
    if (task === undefined) return
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
    run(task, input, transfer) {
      return new Promise((resolve, reject) => {
        thread.post(
          (id) => ({ id, task, input }) as WorkerRequest,
          {
            resolve: resolve as (result: unknown) => void,
            reject,
            parts: new Map()
          },
          transfer === undefined ? undefined : [...transfer]
        )
      })
    },
    close: () => thread.terminate(new AppError('cancelled', 'The app is closing; the task was stopped.'))
  }
}
