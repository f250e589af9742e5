import type { SupervisedThread } from '../workers/supervised-thread'
import { SearchFetchError, type SearchExchange, type SearchLimits, type SearchToSend } from './search-exchange'
import { UnreadableReplyError } from './search-reply'
import { packValues, type SearchTemplate } from './search-request'
import {
  hearTemplate,
  trimTemplates,
  type FetchFailureReport,
  type SearchNote,
  type SearchThreadMessage,
  type SearchThreadRequest,
  type TemplateNote
} from './search-reply-thread-protocol'

/** A request to the search thread waiting for its answer. */
export interface SearchWaiter {
  answer(reply: SearchThreadMessage): void
  reject(error: Error): void
}

/**
 * A search on its way: queued on main until the run of code that asked for it ends, then sent
 * (`id` is the thread's from then on). A class, so that a search makes one object rather than a closure per way it can end.
 */
class Sending implements SearchWaiter {
  /** 0 until it is posted. */
  id = 0
  cancelled = false
  /** The searches under way of this one's signal, which it leaves when it ends. */
  under: Set<Sending> | null = null

  constructor(
    readonly search: SearchToSend,
    readonly timeoutMs: number,
    private readonly resolve: (exchange: SearchExchange) => void,
    private readonly fail: (error: Error) => void
  ) {}

  answer(reply: SearchThreadMessage): void {
    this.under?.delete(this)
    if (reply.ok && 'exchange' in reply) this.resolve(reply.exchange)
    else this.fail(failureOf(reply))
  }

  reject(error: Error): void {
    this.under?.delete(this)
    this.fail(error)
  }
}

export interface SearchSends {
  exchange(search: SearchToSend, limits: SearchLimits): Promise<SearchExchange>
  /** Fails every search not yet posted (the thread is closing; those posted fail with the thread). */
  close(error: Error): void
}

/**
 * Searches sent from the search thread, at the cost of a few small messages: the searches asked
 * for in one run of main's code (the request scheduler's pump sends all it may in one) go as one
 * message at its end, each as its template's id, its store and its values joined in one text; a
 * template (the checked address, the headers with the token) is told to the thread once, and again after a new
 * token or a new thread. A lookup's signal is listened to once, however many of its searches are
 * under way, and the 30-second timeout runs on the thread, where the request is.
 */
export function createSearchSends(deps: {
  thread: SupervisedThread<SearchWaiter>
  /** The redactor's values the running thread has not been told (all of them for a thread about to start). */
  unheard(): string[]
}): SearchSends {
  const { thread } = deps
  const templateIds = new WeakMap<SearchTemplate, number>()
  let nextTemplateId = 1
  /** The templates the running thread holds, as it keeps them. */
  const told = new Map<number, true>()
  let queued: Sending[] = []
  /** Each signal's searches under way: one listener per signal, not one per search. */
  const watched = new WeakMap<AbortSignal, Set<Sending>>()

  thread.onStopped(() => told.clear())

  function templateId(template: SearchTemplate): number {
    let id = templateIds.get(template)
    if (id === undefined) {
      id = nextTemplateId++
      templateIds.set(template, id)
    }
    return id
  }

  function flush(): void {
    const waiting = queued
    queued = []
    if (!thread.running) told.clear()
    const group: Sending[] = []
    const templates: TemplateNote[] = []
    const searches: SearchNote[] = []
    for (const sending of waiting) {
      if (sending.cancelled) continue
      const { template, storeNbr, itemType, values } = sending.search
      const id = templateId(template)
      // Heard when told, as the thread hears it: both sides keep the same templates in the same order.
      if (!told.has(id)) {
        templates.push({ id, url: template.url, headers: { ...template.headers } })
        hearTemplate(told, id, true)
      }
      const { text, lengths } = packValues(values)
      group.push(sending)
      searches.push({ id: 0, template: id, storeNbr, itemType, values: text, lengths, timeoutMs: sending.timeoutMs })
    }
    if (group.length === 0) return
    trimTemplates(told)
    const remember = deps.unheard()
    thread.postEach((firstId): SearchThreadRequest => {
      for (let index = 0; index < group.length; index++) {
        const sending = group[index]
        const search = searches[index]
        if (sending !== undefined) sending.id = firstId + index
        if (search !== undefined) search.id = firstId + index
      }
      return { kind: 'send', templates, searches, remember }
    }, group)
  }

  function watch(signal: AbortSignal, sending: Sending): void {
    let under = watched.get(signal)
    if (under === undefined) {
      const searches = new Set<Sending>()
      under = searches
      watched.set(signal, searches)
      signal.addEventListener('abort', () => cancel(searches, signal.reason), { once: true })
    }
    under.add(sending)
    sending.under = under
  }

  /** Every search of a cancelled signal fails at once on main, as a fetch on main would; the thread drops those it had. */
  function cancel(searches: Set<Sending>, reason: unknown): void {
    const ids: number[] = []
    for (const sending of [...searches]) {
      if (sending.id === 0) sending.cancelled = true
      else if (thread.take(sending.id) === undefined) continue
      else ids.push(sending.id)
      sending.reject(new SearchFetchError(reason))
    }
    if (ids.length > 0) thread.notify({ kind: 'cancel', ids } satisfies SearchThreadRequest)
  }

  return {
    exchange(search, { timeoutMs, signal }) {
      if (signal?.aborted === true) return Promise.reject(new SearchFetchError(signal.reason))
      return new Promise<SearchExchange>((resolve, reject) => {
        const sending = new Sending(search, timeoutMs, resolve, reject)
        queued.push(sending)
        // At the end of the run that asked (the scheduler's pump sends all it may in one), not at the
        // loop's next turn: the searches leave a turn sooner, and main's loop turns once less per exchange.
        if (queued.length === 1) queueMicrotask(flush)
        if (signal !== undefined) watch(signal, sending)
      })
    },
    close(error) {
      for (const sending of queued.splice(0)) sending.reject(error)
    }
  }
}

/** What a reply that is not an answer means on main: the error the caller classifies. */
export function failureOf(reply: SearchThreadMessage): Error {
  if (reply.ok) return new Error('The search thread answered a search with the wrong kind of answer')
  if ('fetchFailed' in reply) return new SearchFetchError(fetchFailure(reply.fetchFailed), reply.fetchFailed.timedOut)
  return reply.unreadable ? new UnreadableReplyError() : new Error(reply.message)
}

/** The thread's fetch failure as an error main can classify and log: its name, and every code and message along its causes. */
function fetchFailure(report: FetchFailureReport): Error {
  const error = new Error(report.chain.join(' <- '))
  error.name = report.name
  return error
}
