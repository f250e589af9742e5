import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import { encodeResultPage } from '../../shared/domain/result-page'
import type { ExportViewSpec } from '../../shared/export/export-spec'
import type { FinalLineStatus } from '../../shared/domain/line-result'
import { answerRowsOf } from './answer-batch'
import type { AnswerGroup, RunFigures } from './history-types'
import { createHistoryOperations } from './history-operations'
import {
  packClaimed,
  unpackCarriedPart,
  unpackNewLookup,
  type PackedCarriedPart,
  type PackedNewLookupRequest
} from './history-thread-codec'
import {
  transferablesOf,
  type HistoryReadOp,
  type HistoryThreadData,
  type HistoryThreadReply,
  type HistoryThreadRequest
} from './history-thread-protocol'
import { compareLookups } from './compare-reads'
import { packComparedRows } from './compare-rows-codec'
import { sendExport } from './export-reads'
import { createLookupReads } from './lookup-reads'
import { createPageRedaction } from './page-redaction'
import { createSummaryReads } from './run-summaries'
import { adoptOwner } from './lookup-owner'
import { openHistoryConnection } from './open-history-database'

/**
 * History's thread, in one of two roles. `writes`: every write to the history file, one message at
 * a time in the order main sent them, each one transaction on this thread's own connection (waiting
 * for another process's lock happens here too). `reads`: the long reads (pages of the result log,
 * slices of current results and carried cells, comparisons), on a connection of its own that WAL lets read beside the writes.
 * Main keeps its connection for the short reads.
 */
const port = parentPort
if (port === null) throw new Error('history-thread-main runs only as a worker thread')

const { path, owner, role } = workerData as HistoryThreadData
const db = openHistoryConnection(path)
if (role === 'reads') db.exec('PRAGMA query_only = ON')
const release = role === 'writes' ? adoptOwner(owner) : () => undefined
const operations: Record<string, unknown> =
  role === 'writes'
    ? (() => {
        const writes = createHistoryOperations(db, owner, { onFile: true })
        // The writes whose messages carry a line per input line are packed for the way across.
        return {
          ...writes,
          createLookup: (request: PackedNewLookupRequest, now: number) => writes.createLookup(unpackNewLookup(request), now),
          stageCarried: (key: string, part: PackedCarriedPart) => writes.stageCarried(key, unpackCarriedPart(part)),
          claimRun: (id: number, statuses: readonly FinalLineStatus[], now: number) => packClaimed(writes.claimRun(id, statuses, now)),
          appendResults: (id: number, answers: AnswerGroup, figures: RunFigures, now: number) =>
            writes.appendResults(id, answerRowsOf(answers), figures, now)
        }
      })()
    : (() => {
        const reads = createLookupReads(db)
        const redacted = createPageRedaction()
        return {
          log: reads.log,
          encodedLog: (id: number, from: number, limit: number, redact: readonly string[]) =>
            redacted(encodeResultPage(reads.log(id, from, limit)), redact),
          current: reads.current,
          comparison: (thenId: number, nowId: number, level: number) => packComparedRows(compareLookups(reads, thenId, nowId, level)),
          sinceLastRun: reads.sinceLastRun,
          exportSheets: (id: number, spec: ExportViewSpec, sheets: MessagePort) => sendExport(reads, id, spec, sheets),
          inputs: reads.inputs,
          inputLines: reads.inputLines,
          trends: createSummaryReads(db).trends
        } satisfies Record<HistoryReadOp, unknown>
      })()

function reply(message: HistoryThreadReply): void {
  port?.postMessage(message, message.ok ? transferablesOf(message.value) : [])
}

function failure(id: number, error: unknown): HistoryThreadReply {
  return {
    id,
    ok: false,
    error: {
      ...(error instanceof AppError ? { appError: error.toShape() } : {}),
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : String(error)
    }
  }
}

port.on('message', (request: HistoryThreadRequest) => {
  try {
    if (request.op === 'close') {
      release()
      if (db.isOpen) db.close()
      reply({ id: request.id, ok: true, value: null })
      return
    }
    const operation = operations[request.op]
    if (typeof operation !== 'function') throw new Error(`History's ${role} thread has no ${request.op}`)
    const value: unknown = (operation as (...args: unknown[]) => unknown)(...request.args)
    // A read that takes turns (an export, sent a slice at a time) answers when it ends; the others meanwhile.
    if (value instanceof Promise) {
      value.then(
        (settled: unknown) => reply({ id: request.id, ok: true, value: settled ?? null }),
        (error: unknown) => reply(failure(request.id, error))
      )
      return
    }
    reply({ id: request.id, ok: true, value: value ?? null })
  } catch (error) {
    reply(failure(request.id, error))
  }
})
