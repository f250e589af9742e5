import type { Logger } from '../logging/logger'
import type { ThreadStoppedError } from '../workers/supervised-thread'
import { createInThreadReader, type HistoryReader } from './history-reader'
import type { HistoryStore } from './history-store'
import { startHistoryReaderThread } from './history-thread'

/**
 * The long reads of `history`, chosen on first use (the file is opened on first use): a thread of
 * their own for a file, main's connection for a history in memory, which no other thread can open.
 */
export function openHistoryReader(
  history: HistoryStore,
  options: { log: Logger; entry?: string | undefined; onStopped?: ((error: ThreadStoppedError) => void) | undefined }
): HistoryReader {
  let reader: HistoryReader | null = null
  function current(): HistoryReader {
    if (reader === null) {
      const { path } = history
      reader =
        path === null
          ? createInThreadReader(history.operations())
          : startHistoryReaderThread({
              path,
              owner: history.owner,
              log: options.log,
              ...(options.entry === undefined ? {} : { entry: options.entry }),
              onStopped: options.onStopped
            })
    }
    return reader
  }
  return {
    log: (id, from, limit) => current().log(id, from, limit),
    encodedLog: (id, from, limit, redact) => current().encodedLog(id, from, limit, redact),
    current: (id, after, limit, readOptions) => current().current(id, after, limit, readOptions),
    comparison: (thenId, nowId, level) => current().comparison(thenId, nowId, level),
    sinceLastRun: (thenId, nowId, level) => current().sinceLastRun(thenId, nowId, level),
    exportSheets: (id, spec, port) => current().exportSheets(id, spec, port),
    inputs: (id, after, limit) => current().inputs(id, after, limit),
    inputLines: (id, after, limit) => current().inputLines(id, after, limit),
    trends: (ids) => current().trends(ids),
    warm: () => current().warm(),
    close: () => reader?.close() ?? Promise.resolve()
  }
}
