import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import { createHistoryOperations } from './history-operations'
import { transferablesOf, type HistoryThreadData, type HistoryThreadReply, type HistoryThreadRequest } from './history-thread-protocol'
import { adoptOwner } from './lookup-owner'
import { openHistoryConnection } from './open-history-database'

/**
 * History's thread: every write to the history file, one message at a time in the order main sent
 * them, each one transaction on this thread's own connection. Main keeps its connection for reads,
 * which WAL lets run beside these writes; waiting for another process's lock happens here too.
 */
const port = parentPort
if (port === null) throw new Error('history-thread-main runs only as a worker thread')

const { path, owner } = workerData as HistoryThreadData
const db = openHistoryConnection(path)
const release = adoptOwner(owner)
const operations = createHistoryOperations(db, owner, { onFile: true })

function reply(message: HistoryThreadReply): void {
  port?.postMessage(message, message.ok ? transferablesOf(message.value) : [])
}

port.on('message', (request: HistoryThreadRequest) => {
  try {
    if (request.op === 'close') {
      release()
      if (db.isOpen) db.close()
      reply({ id: request.id, ok: true, value: null })
      return
    }
    const operation = operations[request.op] as (...args: unknown[]) => unknown
    reply({ id: request.id, ok: true, value: operation(...request.args) ?? null })
  } catch (error) {
    reply({
      id: request.id,
      ok: false,
      error: {
        ...(error instanceof AppError ? { appError: error.toShape() } : {}),
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error)
      }
    })
  }
})
