import type { Transferable } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { startCountedWorker } from '../workers/counted-worker'
import { superviseThread, type ThreadStoppedError } from '../workers/supervised-thread'
import { unpackComparedRows, type PackedComparedRows } from './compare-rows-codec'
import type { HistoryReader } from './history-reader'
import { packCarriedPart, packNewLookup, unpackClaimed, type PackedClaimedRun } from './history-thread-codec'
import {
  transferablesOf,
  type HistoryReadOp,
  type HistoryThreadAsk,
  type HistoryThreadData,
  type HistoryThreadReply,
  type HistoryThreadRequest,
  type HistoryWriteOp
} from './history-thread-protocol'
import type { HistoryWriter } from './history-writer'
import { joinAnswerBatches } from './answer-batch'
import { spareTransfer } from './item-bytes'
import type { LookupOwner } from './lookup-owner'
import type { CreatedLookup } from './lookup-request'

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
  /** Hears the thread stop unexpectedly, with the sentence that says so. */
  onStopped?: ((error: ThreadStoppedError) => void) | undefined
}

interface Waiting {
  resolve(value: unknown): void
  reject(error: Error): void
}

interface ThreadChannel {
  /** `transfer`: ports (or buffers) of the request moved to the thread. */
  post(request: HistoryThreadAsk, transfer?: Transferable[]): Promise<unknown>
  warm(): void
  /** Lets what was asked so far finish, then stops the thread. */
  close(): Promise<void>
  readonly closed: boolean
}

/** Each role as people would call it, and what became of its work when it stopped. */
const ROLE_WORDS: Record<HistoryThreadData['role'], { name: string; consequence: string }> = {
  writes: {
    name: 'The History writer',
    consequence: 'a lookup it was saving was paused with every answer kept, and can be resumed from History.'
  },
  reads: { name: "History's reader", consequence: 'what it was reading was not shown; try again.' }
}

/**
 * A History thread in `role`, supervised: it starts on the first message and again after it stops
 * unexpectedly (the messages it had not answered fail with a sentence saying so; SQLite keeps no
 * write half done). While it has nothing to do, it does not keep the process alive.
 */
function openThreadChannel(options: HistoryThreadOptions, role: HistoryThreadData['role']): ThreadChannel {
  let closed: Promise<void> | null = null
  const thread = superviseThread<Waiting>({
    ...ROLE_WORDS[role],
    log: options.log,
    onStopped: options.onStopped,
    start() {
      return startCountedWorker({
        name: `History ${role}`,
        beside: import.meta.url,
        source: 'history-thread-main.ts',
        built: options.entry,
        workerData: {
          path: options.path,
          owner: { host: options.owner.host, pid: options.owner.pid, token: options.owner.token },
          role
        } satisfies HistoryThreadData
      })
    },
    receive: (reply) => receive(reply as HistoryThreadReply)
  })

  function receive(reply: HistoryThreadReply): void {
    const request = thread.take(reply.id)
    if (request === undefined) return
    if (reply.ok) {
      request.resolve(reply.value)
      return
    }
    const { appError, message, name } = reply.error
    const error =
      appError === undefined ? Object.assign(new Error(message), { name }) : new AppError(appError.code, appError.message, appError.status)
    request.reject(error)
  }

  function post(request: HistoryThreadAsk, transfer?: Transferable[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      thread.post((id) => ({ ...request, id }) satisfies HistoryThreadRequest, { resolve, reject }, transfer)
    })
  }

  return {
    post,
    warm() {
      if (closed === null) thread.warm()
    },
    get closed() {
      return closed !== null
    },
    close() {
      closed ??= (async () => {
        // After every message already sent: the thread answers in order.
        if (!thread.running) return
        await post({ op: 'close' }).catch(() => undefined)
        await thread.terminate(new Error('History was closed'))
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
    return moving(op, at, [], ...args)
  }

  /** A write whose message moves `transfer` to the thread instead of copying it. */
  function moving<T>(op: HistoryWriteOp, at: number, transfer: ArrayBuffer[], ...args: unknown[]): Promise<T> {
    if (channel.closed) return Promise.reject(new Error('History was used after it was closed'))
    return channel.post({ op, args: [...args, at] }, transfer) as Promise<T>
  }

  function call<T>(op: HistoryWriteOp, ...args: unknown[]): Promise<T> {
    return callAt(op, options.now(), ...args)
  }

  return {
    createLookup(request) {
      const packed = packNewLookup(request)
      // Its columns were packed for this message alone: they move to the thread rather than being copied.
      return moving<CreatedLookup>('createLookup', options.now(), transferablesOf(packed), packed)
    },
    stageCarried(key, part) {
      // The part was packed for this message alone (by the files worker, as a rule): it moves to the thread, and main keeps no copy of the cells.
      const packed = packCarriedPart(part)
      return moving('stageCarried', options.now(), transferablesOf(packed), key, packed)
    },
    dropCarried: (key) => call('dropCarried', key),
    appendResults(id, batches, figures) {
      // Each batch's spare moves to the thread; its own bytes stay main's, to write again if the thread stops first.
      const transfer = batches.flatMap((batch) => spareTransfer(batch.items))
      return moving('appendResults', options.now(), transfer, id, joinAnswerBatches(batches), figures)
    },
    finishRun: (id, state, figures, endedAt) => callAt('finishRun', endedAt, id, state, figures),
    claimRun: (id, statuses) => call<PackedClaimedRun | null>('claimRun', id, statuses).then(unpackClaimed),
    heartbeat: (id) => call('heartbeat', id),
    deleteLookup: (id) => call('deleteLookup', id),
    purgeStartedBefore: (cutoff) => call('purgeStartedBefore', cutoff),
    removeAnswersBefore: (cutoff) => call('removeAnswersBefore', cutoff),
    saveDraft: (draft) => call('saveDraft', draft),
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
    encodedLog: (id, from, limit, redact) => call('encodedLog', id, from, limit, redact),
    current: (id, after, limit, options) => call('current', id, after, limit, options),
    comparison: (thenId, nowId, level) => call<PackedComparedRows>('comparison', thenId, nowId, level).then(unpackComparedRows),
    sinceLastRun: (thenId, nowId, level) => call('sinceLastRun', thenId, nowId, level),
    exportSheets(id, spec, port) {
      if (channel.closed) return Promise.reject(new Error('History was read after it was closed'))
      return channel.post({ op: 'exportSheets', args: [id, spec, port] }, [port]) as Promise<{ chunks: number }>
    },
    inputs: (id, after, limit) => call('inputs', id, after, limit),
    inputLines: (id, after, limit) => call('inputLines', id, after, limit),
    trends: (ids) => call('trends', ids),
    warm: () => channel.warm(),
    close: () => channel.close()
  }
}
