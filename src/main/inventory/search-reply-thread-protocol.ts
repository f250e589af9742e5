import type { SearchExchange } from './search-exchange'
import type { SearchAnswers, SearchQuestion } from './search-reply'
import type { SearchRequest } from './search-request'

/**
 * What main asks of the search thread: `read` a reply main's own fetch received (Electron's
 * `net.fetch` runs only on main), or `send` the whole search from the thread (Node's fetch, which
 * nothing ties to main), or `cancel` a search sent so.
 */
export type SearchThreadRequest =
  | {
      kind: 'read'
      id: number
      /** Moved to the thread, not copied. */
      body: Uint8Array
      question: SearchQuestion
      /** Secrets and tokens main has learned since it last told this thread: removed from every item read after. */
      remember: string[]
    }
  | {
      kind: 'send'
      id: number
      /** Built and checked on main (the address on the bound inventory origin, the token in its header). */
      request: { url: string; init: Omit<SearchRequest['init'], 'signal'> }
      question: SearchQuestion
      remember: string[]
    }
  | { kind: 'cancel'; id: number }

/** How a search that got no answer failed, as `errorChain` lists it: main says why in a sentence. */
export interface FetchFailureReport {
  name: string
  chain: string[]
}

export type SearchThreadMessage =
  | { id: number; ok: true; answers: SearchAnswers }
  | { id: number; ok: true; exchange: SearchExchange }
  | { id: number; ok: false; unreadable: boolean; message: string }
  | { id: number; ok: false; fetchFailed: FetchFailureReport }
