import type { Logger } from '../logging/logger'
import { createInThreadPages, type HistoryPages } from './history-pages'
import type { HistoryStore } from './history-store'
import { startHistoryPagesThread } from './history-thread'

/**
 * The long reads of `history`, chosen on first use (the file is opened on first use): a thread of
 * their own for a file, main's connection for a history in memory, which no other thread can open.
 */
export function openHistoryPages(history: HistoryStore, options: { log: Logger; entry?: string | undefined }): HistoryPages {
  let pages: HistoryPages | null = null
  function current(): HistoryPages {
    if (pages === null) {
      const { path } = history
      pages =
        path === null
          ? createInThreadPages(history.operations().reads)
          : startHistoryPagesThread({
              path,
              owner: history.owner,
              log: options.log,
              ...(options.entry === undefined ? {} : { entry: options.entry })
            })
    }
    return pages
  }
  return {
    log: (id, from, limit) => current().log(id, from, limit),
    current: (id, after, limit, readOptions) => current().current(id, after, limit, readOptions),
    close: () => pages?.close() ?? Promise.resolve()
  }
}
