import type { Logger } from '../logging/logger'
import type { ThreadStoppedError } from '../workers/supervised-thread'
import type { HistoryStore } from './history-store'
import { startHistoryThread } from './history-thread'
import { createInThreadWriter, type HistoryWriter } from './history-writer'

/**
 * The writer of `history`, chosen on the first write (the file is opened on first use, and a
 * process that never writes leaves the folder as it was): History's own thread for a file, main's
 * connection for a history in memory, which no other thread can open.
 */
export function openHistoryWriter(
  history: HistoryStore,
  options: { now: () => number; log: Logger; entry?: string | undefined; onStopped?: ((error: ThreadStoppedError) => void) | undefined }
): HistoryWriter {
  let writer: HistoryWriter | null = null
  function current(): HistoryWriter {
    if (writer === null) {
      const { path } = history
      writer =
        path === null
          ? createInThreadWriter(history.operations(), options.now)
          : startHistoryThread({
              path,
              owner: history.owner,
              now: options.now,
              log: options.log,
              ...(options.entry === undefined ? {} : { entry: options.entry }),
              onStopped: options.onStopped
            })
    }
    return writer
  }
  return {
    createLookup: (request) => current().createLookup(request),
    stageCarried: (key, part) => current().stageCarried(key, part),
    dropCarried: (key) => current().dropCarried(key),
    appendResults: (id, batches, figures) => current().appendResults(id, batches, figures),
    finishRun: (id, state, figures, endedAt) => current().finishRun(id, state, figures, endedAt),
    claimRun: (id, statuses) => current().claimRun(id, statuses),
    heartbeat: (id) => current().heartbeat(id),
    deleteLookup: (id) => current().deleteLookup(id),
    purgeStartedBefore: (cutoff) => current().purgeStartedBefore(cutoff),
    removeAnswersBefore: (cutoff) => current().removeAnswersBefore(cutoff),
    saveDraft: (draft) => current().saveDraft(draft),
    close: () => writer?.close() ?? Promise.resolve()
  }
}
