import type { ItemType } from '../../shared/domain/item-type'
import type { SearchExchange } from './search-exchange'
import type { SearchAnswers, SearchQuestion } from './search-reply'

/**
 * What main asks of the search thread: `read` a reply main's own fetch received (Electron's
 * `net.fetch` runs only on main), or `send` searches from the thread (Node's fetch, which nothing
 * ties to main), or `cancel` searches sent so.
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
      /** Templates this thread has not heard yet, before the searches that use them. */
      templates: TemplateNote[]
      /** Every search main sent in one run of its code (the scheduler's pump). */
      searches: SearchNote[]
      remember: string[]
    }
  | { kind: 'cancel'; ids: number[] }

/** A search template, built and checked on main (the address on the bound inventory origin, the token in its header). */
export interface TemplateNote {
  id: number
  url: string
  headers: Record<string, string>
}

/** One search: its template's id, and what is its own. */
export interface SearchNote {
  id: number
  template: number
  storeNbr: number
  itemType: ItemType
  /** The values as one text (`PackedValues`), cut by `lengths`. */
  values: string
  lengths: readonly number[]
  timeoutMs: number
}

/**
 * The templates a thread keeps, the latest told: main counts the same ones as told and tells one
 * again once it has dropped out (a token lasts 15 minutes, so a few cover every lookup running).
 */
export const TEMPLATES_KEPT = 8

/** How a search that got no answer failed, as `errorChain` lists it: main says why in a sentence. */
export interface FetchFailureReport {
  name: string
  chain: string[]
  /** The search's own time ran out on the thread. */
  timedOut: boolean
}

export type SearchThreadMessage =
  | { id: number; ok: true; answers: SearchAnswers }
  | { id: number; ok: true; exchange: SearchExchange }
  | { id: number; ok: false; unreadable: boolean; message: string }
  | { id: number; ok: false; fetchFailed: FetchFailureReport }

/**
 * How long after main and the search thread last exchanged a message the thread holds a search's
 * answer for others under way before it posts them together: main is woken at most about once per
 * this while answers come fast. Answers of a large Demo lookup came every few milliseconds, and
 * each freed one place on main and sent one search back: a message each way per two searches,
 * each a wake-up of main's loop. An answer that comes later than this after the last exchange is
 * not held, so a real inventory host's answers (round trips of hundreds of milliseconds, at most 16
 * searches under way) are held little or not at all; one that is held adds at most this to its
 * search's measured latency, within the rate controller's slack for jitter
 * (`LATENCY_RISE_SLACK_MS`). The searches still under way keep the server busy
 * meanwhile (the thread holds no answer while none is under way). Holding no more answers than
 * searches under way cut fewer messages and was no faster.
 */
export const REPLY_GATHER_MS = 30

/**
 * How long an answer ready at `now` is held (`REPLY_GATHER_MS`): until `gatherMs` after the last
 * exchange with main, or not at all (0) once that has passed. Times are the thread's `performance.now()`.
 */
export function answerHoldMs(lastContact: number, now: number, gatherMs: number): number {
  return Math.max(0, lastContact + gatherMs - now)
}

/** What the search thread is started with. */
export interface SearchThreadData {
  /** `REPLY_GATHER_MS`, or a test's own. */
  gatherMs: number
}

/** The answers the thread posts together (`REPLY_GATHER_MS`), as one message. */
export type SearchThreadReplies = SearchThreadMessage[]

/**
 * The templates held, on both sides alike: each message's templates are heard before its searches,
 * and only after them is what is held trimmed to the `TEMPLATES_KEPT` latest. Both sides hear the
 * same templates in the same order, so main knows without asking which ones the thread still holds.
 */
export function hearTemplate<T>(held: Map<number, T>, id: number, template: T): void {
  held.delete(id)
  held.set(id, template)
}

export function trimTemplates(held: Map<number, unknown>): void {
  for (const oldest of held.keys()) {
    if (held.size <= TEMPLATES_KEPT) return
    held.delete(oldest)
  }
}
