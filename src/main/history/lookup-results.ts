import type { LineResult } from '../../shared/domain/line-result'
import type { EncodedResultPage } from '../../shared/domain/result-page'
import { currentPages, type HistoryReader } from './history-reader'
import type { HistoryStore } from './history-store'
import type { StoredLookup } from './history-types'
import { lookupGone, requireLookupId } from './lookup-id'

/**
 * A lookup's results as History keeps them, whether it is running or not: the pages of its result
 * log the window reads, and every line's latest result the headless command writes. The long reads go to
 * History's reader (off main's thread in the app); only the lookup itself is a short read on main.
 */
export interface LookupResults {
  /** The lookup's append-only log from `from`, at most `limit` entries; a later entry for a store and line supersedes an earlier one. */
  page(jobId: string, from: number, limit?: number): Promise<{ entries: LineResult[]; next: number }>
  /**
   * The same page as the window reads it: encoded on History's reader thread, its text checked
   * there against `redact` (everything main's redactor knows), and handed on by main undecoded,
   * unwalked and uncopied. History's rows should hold no secret or token (a reply's items are
   * redacted where the reply is read, a failure's sentence where the batch fails), but a row stored
   * before that, or a value typed as the secret, is caught by the check.
   */
  encodedPage(jobId: string, from: number, limit: number, redact: readonly string[]): Promise<EncodedResultPage>
  /**
   * The latest state of every line in every store, store by store in the lookup's order and lines in
   * input order, a page at a time as they are read, so no more than a page is held at once.
   * `carried: false` leaves out the imported file's cells.
   */
  pages(jobId: string, options?: { carried?: boolean }): AsyncIterable<LineResult[]>
}

export function createLookupResults({ history, reader }: { history: Pick<HistoryStore, 'lookup'>; reader: HistoryReader }): LookupResults {
  function stored(jobId: string): StoredLookup {
    const lookup = history.lookup(requireLookupId(jobId))
    if (lookup === null) throw lookupGone()
    return lookup
  }

  return {
    async page(jobId, from, limit = Number.MAX_SAFE_INTEGER) {
      const page = await reader.log(requireLookupId(jobId), from, limit)
      // Only a page with nothing in it may be of a lookup that is not there: the window asks for a page at every progress.
      if (page.entries.length === 0) stored(jobId)
      return page
    },

    async encodedPage(jobId, from, limit, redact) {
      const page = await reader.encodedLog(requireLookupId(jobId), from, limit, redact)
      if (page.count === 0) stored(jobId)
      return page
    },

    async *pages(jobId, options = {}) {
      const lookup = stored(jobId)
      for await (const page of currentPages(reader, lookup.id, { carried: options.carried !== false })) {
        yield page.map(({ result }) => result)
      }
    }
  }
}
