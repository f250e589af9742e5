import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { resolveThreadEntry } from '../workers/thread-entry'
import { countThread } from '../workers/thread-census'
import { THREAD_YOUNG_GENERATION_MB } from '../workers/thread-limits'
import type { HistoryReader } from './history-reader'
import { packNewLookup, unpackClaimed, unpackCreated, type PackedClaimedRun, type PackedCreatedLookup } from './history-thread-codec'
import type {
  HistoryReadOp,
  HistoryThreadAsk,
  HistoryThreadData,
  HistoryThreadReply,
  HistoryThreadRequest,
  HistoryWriteOp
} from './history-thread-protocol'
import type { HistoryWriter } from './history-writer'
import type { LookupOwner } from './lookup-owner'

export interface HistoryThreadOptions {
  /** The history file, opened, checked and migrated by main's store. */
  path: string
  /** Main's store's owner: lookups this thread writes are that store's. */
  owner: LookupOwner
  /** Main's clock, sent with each write. */
  now: () => number
  log: Logger
  /** The bundled thread script (Electron's build); elsewhere the TypeScript source runs through tsx. */
  entry?: string
}

interface Waiting {
  resolve(value: unknown): void
  reject(error: Error): void
}

interface ThreadChannel {
  post(request: HistoryThreadAsk): Promise<unknown>
  /** Lets what was asked so far finish, then stops the thread. */
  close(): Promise<void>
  readonly closed: boolean
}

/**
 * A History thread in `role`. The thread starts on the first message and again after it stops
 * unexpectedly (the messages it had not answered fail; SQLite keeps no write half done). While it
 * has nothing to do, it does not keep the process alive.
 */
function openThreadChannel(options: HistoryThreadOptions, role: HistoryThreadData['role']): ThreadChannel {
  let thread: Worker | null = null
  let nextId = 1
  const waiting = new Map<number, Waiting>()
  let closed: Promise<void> | null = null

  function start(): Worker {
    const { entry, execArgv } = resolveThreadEntry(join(dirname(fileURLToPath(import.meta.url)), 'history-thread-main.ts'), options.entry)
    const started = new Worker(entry, {
      ...(execArgv === undefined ? {} : { execArgv }),
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
      workerData: {
        path: options.path,
        owner: { host: options.owner.host, pid: options.owner.pid, token: options.owner.token },
        role
      } satisfies HistoryThreadData
    })
    countThread(`History ${role}`, started)
    started.on('message', (reply: HistoryThreadReply) => receive(reply))
    started.on('error', (error) => {
      options.log.error(`History's ${role} thread failed`, { error })
      stopped(started)
    })
    started.on('exit', (code) => {
      if (waiting.size > 0) options.log.warn(`History's ${role} thread stopped with work under way`, { code })
      stopped(started)
    })
    started.unref()
    return started
  }

  function stopped(which: Worker): void {
    if (thread !== which) return
    thread = null
    for (const { reject } of waiting.values()) reject(new Error("History's thread stopped before it answered"))
    waiting.clear()
  }

  function receive(reply: HistoryThreadReply): void {
    const request = waiting.get(reply.id)
    if (request === undefined) return
    waiting.delete(reply.id)
    if (waiting.size === 0) thread?.unref()
    if (reply.ok) {
      request.resolve(reply.value)
      return
    }
    const { appError, message, name } = reply.error
    const error =
      appError === undefined ? Object.assign(new Error(message), { name }) : new AppError(appError.code, appError.message, appError.status)
    request.reject(error)
  }

  function post(request: HistoryThreadAsk): Promise<unknown> {
    thread ??= start()
    const id = nextId++
    const target = thread
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      target.ref()
      target.postMessage({ ...request, id } satisfies HistoryThreadRequest)
    })
  }

  return {
    post,
    get closed() {
      return closed !== null
    },
    close() {
      closed ??= (async () => {
        const running = thread
        if (running === null) return
        // After every message already sent: the thread answers in order.
        await post({ op: 'close' }).catch(() => undefined)
        thread = null
        await running.terminate()
      })()
      return closed
    }
  }
}

/** The history's writer on a thread of its own. */
export function startHistoryThread(options: HistoryThreadOptions): HistoryWriter {
  const channel = openThreadChannel(options, 'writes')

  /** The last argument of every write is its time: now, unless the caller says when it happened. */
  function callAt<T>(op: HistoryWriteOp, at: number, ...args: unknown[]): Promise<T> {
    if (channel.closed) return Promise.reject(new Error('History was used after it was closed'))
    return channel.post({ op, args: [...args, at] }) as Promise<T>
  }

  function call<T>(op: HistoryWriteOp, ...args: unknown[]): Promise<T> {
    return callAt(op, options.now(), ...args)
  }

  return {
    createLookup: (request) => call<PackedCreatedLookup>('createLookup', packNewLookup(request)).then(unpackCreated),
    appendResults: (id, rows, figures) => call('appendResults', id, rows, figures),
    finishRun: (id, state, figures, endedAt) => callAt('finishRun', endedAt, id, state, figures),
    claimRun: (id, statuses) => call<PackedClaimedRun | null>('claimRun', id, statuses).then(unpackClaimed),
    heartbeat: (id) => call('heartbeat', id),
    deleteLookup: (id) => call('deleteLookup', id),
    purgeStartedBefore: (cutoff) => call('purgeStartedBefore', cutoff),
    removeAnswersBefore: (cutoff) => call('removeAnswersBefore', cutoff),
    saveDraft: (draft) => call('saveDraft', draft),
    setOrigin: (id, origin) => call('setOrigin', id, origin),
    close: () => channel.close()
  }
}

/** The history's long reads on a thread of their own, beside the writer's. */
export function startHistoryReaderThread(options: Omit<HistoryThreadOptions, 'now'>): HistoryReader {
  const channel = openThreadChannel({ ...options, now: Date.now }, 'reads')

  function call<T>(op: HistoryReadOp, ...args: unknown[]): Promise<T> {
    if (channel.closed) return Promise.reject(new Error('History was read after it was closed'))
    return channel.post({ op, args }) as Promise<T>
  }

  return {
    log: (id, from, limit) => call('log', id, from, limit),
    current: (id, after, limit, options) => call('current', id, after, limit, options),
    stockInputs: (id) => call('stockInputs', id),
    sinceLastRun: (thenId, nowId, level) => call('sinceLastRun', thenId, nowId, level),
    carriedCells: (id, lines) => call('carriedCells', id, lines),
    itemNames: (id) => call('itemNames', id),
    trends: (ids) => call('trends', ids),
    close: () => channel.close()
  }
}
