import type { LineResult } from '../../shared/domain/line-result'
import type { CurrentAfter, CurrentLine } from './history-types'
import type { LookupReads } from './lookup-reads'

/**
 * The long reads of the history, a page at a time: the result log the window reads and the
 * current results an export reads. In the app they run on a thread of their own (its own
 * connection, which WAL lets read beside History's writes), so reading and unpacking 200,000
 * answers costs main only the pages as they arrive, not the SQLite reads and the unpacking.
 */
export interface HistoryPages {
  /** The result log from `from`, at most `limit` entries; `next` is where the following page starts. */
  log(id: number, from: number, limit: number): Promise<{ entries: LineResult[]; next: number }>
  /** Current results store by store in the lookup's order, lines in input order, after `after`, at most `limit`. */
  current(id: number, after: CurrentAfter, limit: number, options: { carried?: boolean }): Promise<CurrentLine[]>
  close(): Promise<void>
}

/** Current results read per `current` call: what main takes in at once as they arrive. */
export const CURRENT_PAGE_LINES = 1_000

/** The pages of a history read on main's own connection: a history kept in memory, which no other thread can open. */
export function createInThreadPages(reads: Pick<LookupReads, 'log' | 'current'>): HistoryPages {
  async function run<T>(read: () => T): Promise<T> {
    // A turn of the event loop per page, as the thread's answer would take.
    await new Promise<void>((resolve) => setImmediate(resolve))
    return read()
  }
  return {
    log: (id, from, limit) => run(() => reads.log(id, from, limit)),
    current: (id, after, limit, options) => run(() => reads.current(id, after, limit, options)),
    close: () => Promise.resolve()
  }
}

/** Every line's current result, read a page at a time. */
export async function currentInPages(pages: HistoryPages, id: number, options: { carried?: boolean } = {}): Promise<CurrentLine[]> {
  const all: CurrentLine[] = []
  for (;;) {
    const last = all.at(-1)
    const page = await pages.current(
      id,
      last === undefined ? null : { storeNbr: last.storeNbr, line: last.result.line },
      CURRENT_PAGE_LINES,
      options
    )
    for (const line of page) all.push(line)
    if (page.length < CURRENT_PAGE_LINES) return all
  }
}
