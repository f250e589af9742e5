import type { Transferable, Worker } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'

/**
 * A thread that stopped while work was under way (a crash, a bug, memory running out, or ended
 * from outside). Its message says so in a sentence, in the user's words, with what became of the
 * work; `name` is the thread as people would call it.
 */
export class ThreadStoppedError extends AppError {
  readonly threadName: string
  /** What the thread failed with, when it said (an uncaught error); never shown, only logged. */
  readonly threadError: unknown

  constructor(threadName: string, message: string, threadError: unknown = null) {
    super('internal', message)
    this.name = 'ThreadStoppedError'
    this.threadName = threadName
    this.threadError = threadError
  }
}

/** Whether `error` says a thread stopped under the work (rather than the work itself failing). */
export function isThreadStopped(error: unknown): error is ThreadStoppedError {
  return error instanceof ThreadStoppedError
}

/** A request waiting for the thread's answer: the thread's end rejects it. */
export interface ThreadWaiter {
  reject(error: Error): void
}

/**
 * Starts in a row that end before the thread answers anything. Shared by the threads of one kind
 * (each Demo API thread is a new supervisor of one budget), so a thread that dies as it starts is
 * not started again and again.
 */
export interface RestartBudget {
  /** Throws the sentence once the thread has died at start `max` times in a row. */
  beforeStart(name: string): void
  /** The thread answered something: it starts fine. */
  alive(): void
  /** A thread that had answered nothing ended. */
  diedAtStart(): void
}

/** Threads that end before answering anything are started again at most this many times in a row. */
export const MAX_STARTS_WITHOUT_ANSWER = 3

export function createRestartBudget(max = MAX_STARTS_WITHOUT_ANSWER): RestartBudget {
  let deaths = 0
  return {
    beforeStart(name) {
      if (deaths >= max) {
        throw new AppError(
          'internal',
          `${name} stopped ${deaths} times as it started, so the app does not start it again; restart the app, and if it happens again, send the log from Settings, Support.`
        )
      }
    },
    alive() {
      deaths = 0
    },
    diedAtStart() {
      deaths += 1
    }
  }
}

export interface SupervisedThreadOptions {
  /** The thread as people would call it, to begin a sentence: "The History writer". */
  name: string
  /** What became of the work under way, after "stopped unexpectedly; ": "the task was stopped; try again." */
  consequence: string
  start(): Worker
  /** Each message from the running thread. */
  receive(message: unknown): void
  log: Logger
  budget?: RestartBudget
  /** Hears every unexpected end of the thread, as `onStopped` listeners do (the window is told). */
  onStopped?: ((error: ThreadStoppedError) => void) | undefined
  /** The error for work under way when the thread ran out of its memory, instead of the general sentence. */
  outOfMemory?: () => Error
}

export interface SupervisedThread<W extends ThreadWaiter> {
  /** Starts the thread now if none runs, so that the first request does not wait for its start. */
  warm(): void
  /** Posts a request on the running thread (started now if none runs); `waiter` waits until `take(id)`. */
  post(message: (id: number) => unknown, waiter: W, transfer?: Transferable[]): void
  /**
   * Posts one message that carries several requests (the thread started now if none runs): one
   * waiter each, in order, with ids that follow one another from the one `message` is given; each
   * waits until `take(id)`.
   */
  postEach(message: (firstId: number) => unknown, waiters: readonly W[], transfer?: Transferable[]): void
  /** Posts a message that waits for no answer (a cancel) to the running thread; with none running, there is nothing to tell. */
  notify(message: unknown): void
  /** The waiter of request `id`, no longer waiting; undefined when it was answered or failed already. */
  take(id: number): W | undefined
  peek(id: number): W | undefined
  readonly waiting: number
  /** Whether a thread is running now (none before the first request, nor after an end until the next). */
  readonly running: boolean
  /** Hears every unexpected end of the thread (with work under way or not), with its sentence. */
  onStopped(listener: (error: ThreadStoppedError) => void): () => void
  /** Ends the running thread on purpose: what still waits is rejected with `reason`. */
  terminate(reason: Error): Promise<void>
}

/**
 * One thread, supervised: started on first use and again for the next request after it ends;
 * while it has nothing to do it does not keep the process alive. When it ends unexpectedly, every
 * request waiting for it fails with one sentence saying so, the listeners hear it, and the log
 * keeps the cause. Every thread client of main (the files worker, History's writer and reader, the
 * Demo API) is one of these, so a thread's death means the same everywhere.
 */
export function superviseThread<W extends ThreadWaiter>(options: SupervisedThreadOptions): SupervisedThread<W> {
  const budget = options.budget ?? createRestartBudget()
  const waiting = new Map<number, W>()
  const listeners = new Set<(error: ThreadStoppedError) => void>(options.onStopped === undefined ? [] : [options.onStopped])
  let thread: Worker | null = null
  let nextId = 1

  function start(): Worker {
    budget.beforeStart(options.name)
    const started = options.start()
    let answered = false
    let cause: unknown = null
    started.on('message', (message: unknown) => {
      if (!answered) budget.alive()
      answered = true
      options.receive(message)
    })
    started.on('error', (error) => {
      cause = error
    })
    started.on('exit', (code) => {
      if (thread !== started) return
      thread = null
      if (!answered) budget.diedAtStart()
      stopped(cause, code)
    })
    started.unref()
    return started
  }

  function stopped(cause: unknown, code: number): void {
    const outOfMemory = (cause as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
    options.log.error(`${options.name} stopped unexpectedly`, { code, waiting: waiting.size, ...(cause === null ? {} : { error: cause }) })
    const error = new ThreadStoppedError(
      options.name,
      `${options.name} stopped unexpectedly; ${options.consequence} The details were written to the log.`,
      cause
    )
    const failure = outOfMemory && options.outOfMemory !== undefined ? options.outOfMemory() : error
    const failed = [...waiting.values()]
    waiting.clear()
    for (const waiter of failed) waiter.reject(failure)
    for (const listener of listeners) {
      try {
        listener(error)
      } catch (listenerError) {
        options.log.error('a listener of a stopped thread failed', { error: listenerError })
      }
    }
  }

  function postEach(message: (firstId: number) => unknown, waiters: readonly W[], transfer?: Transferable[]): void {
    thread ??= start()
    // The thread keeps the process alive while anything waits for it: held from the first waiter to the last `take`.
    if (waiting.size === 0 && waiters.length > 0) thread.ref()
    const firstId = nextId
    for (const waiter of waiters) waiting.set(nextId++, waiter)
    thread.postMessage(message(firstId), transfer ?? [])
  }

  return {
    warm() {
      thread ??= start()
    },
    post(message, waiter, transfer) {
      postEach(message, [waiter], transfer)
    },
    postEach,
    notify(message) {
      thread?.postMessage(message)
    },
    take(id) {
      const waiter = waiting.get(id)
      waiting.delete(id)
      if (waiting.size === 0) thread?.unref()
      return waiter
    },
    peek: (id) => waiting.get(id),
    get waiting() {
      return waiting.size
    },
    get running() {
      return thread !== null
    },
    onStopped(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async terminate(reason) {
      const running = thread
      thread = null
      const stopping = [...waiting.values()]
      waiting.clear()
      for (const waiter of stopping) waiter.reject(reason)
      if (running !== null) await running.terminate()
    }
  }
}
