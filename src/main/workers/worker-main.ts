import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../../shared/domain/app-error'
import { createImportStore } from '../files/import/import-store'
import { createKeptImports } from '../files/import/kept-imports'
import { checkHistoryFile } from '../history/integrity-check'
import { readImport } from '../files/import/read-import'
import { createExportSessions, ExportWriteError } from './export-sessions'
import {
  ALONGSIDE,
  PART_ITEMS,
  STREAMED_FIELDS,
  type TaskInput,
  type TaskName,
  type TaskResult,
  type WorkerData,
  type WorkerReply,
  type WorkerRequest
} from './worker-tasks'

/**
 * The worker thread's side: reads imports and keeps their tables, writes exports. Everything here
 * would otherwise hold main's event loop for seconds. (Long lists are validated where History
 * stores them, on History's thread.)
 */
const port = parentPort
if (port === null) throw new Error('worker-main runs only as a worker thread')

const { importsDir } = (workerData ?? {}) as WorkerData
const imports = createImportStore({ now: Date.now, kept: importsDir == null ? null : createKeptImports(importsDir) })
const exports = createExportSessions()

const tasks: { [K in TaskName]: (input: TaskInput<K>) => Promise<TaskResult<K>> | TaskResult<K> } = {
  import: async ({ fileName, bytes, keep }) => imports.add(await readImport(fileName, bytes), keep === true ? bytes : undefined),
  column: (source) => imports.column(source),
  carried: ({ source, lines }) => imports.carried(source, lines),
  carriedPacked: ({ source, lines }) => imports.carriedPacked(source, lines),
  exportOpen: (input) => exports.open(input),
  exportRows: (input) => exports.rows(input),
  exportFrom: (input) => exports.stream(input),
  exportFinish: (input) => exports.finish(input),
  exportAbort: (input) => exports.abort(input),
  checkHistory: ({ path }) => checkHistoryFile(path)
}

function reply(message: WorkerReply): void {
  port?.postMessage(message)
}

async function run(request: WorkerRequest): Promise<void> {
  try {
    const handler = tasks[request.task] as (input: unknown) => Promise<Record<string, unknown>> | Record<string, unknown>
    const result = { ...(await handler(request.input)) }
    for (const field of STREAMED_FIELDS[request.task] as readonly string[]) {
      const items = result[field]
      if (!Array.isArray(items)) continue
      for (let start = 0; start < items.length; start += PART_ITEMS) {
        reply({ id: request.id, kind: 'part', field, items: items.slice(start, start + PART_ITEMS) })
      }
      result[field] = []
    }
    reply({ id: request.id, kind: 'done', result })
  } catch (error) {
    reply({
      id: request.id,
      kind: 'failed',
      error:
        error instanceof ExportWriteError
          ? { appError: error.appError.toShape(), cause: error.causeText }
          : error instanceof AppError
            ? { appError: error.toShape() }
            : { message: error instanceof Error ? error.message : String(error) }
    })
  }
}

// One task at a time, in order: a second import waits for the first instead of doubling the memory.
let queue = Promise.resolve()
port.on('message', (request: WorkerRequest) => {
  if (ALONGSIDE.has(request.task)) void run(request)
  else queue = queue.then(() => run(request))
})
