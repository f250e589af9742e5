import type { Logger } from '../logging/logger'
import type { Redactor } from '../security/redactor'
import { startCountedWorker } from '../workers/counted-worker'
import { superviseThread, type ThreadStoppedError } from '../workers/supervised-thread'
import { searchOnCallersThread, SearchFetchError, type SearchExchange, type SearchTransport } from './search-exchange'
import {
  createInThreadReplyReader,
  UnreadableReplyError,
  type SearchAnswers,
  type SearchQuestion,
  type SearchReplyReader
} from './search-reply'
import type { FetchFailureReport, SearchThreadMessage, SearchThreadRequest } from './search-reply-thread-protocol'

export interface SearchReplyThreadOptions {
  log: Logger
  /** Main's redactor: the thread is taught every secret and token it knows before reading a reply; a small one is read with it. */
  redactor: Pick<Redactor, 'known' | 'value'>
  /** The bundled thread script (Electron's build); elsewhere the TypeScript source runs through tsx. */
  entry?: string | undefined
  /** Hears the thread stop unexpectedly, with the sentence that says so: the lookups reading through it are interrupted. */
  onStopped?: ((error: ThreadStoppedError) => void) | undefined
}

/**
 * The search thread: a reader of the replies main's own fetch received, and under Node a search
 * transport of its own, sending each search from the thread with Node's fetch.
 */
export interface SearchReplyThread extends SearchReplyReader, SearchTransport {
  /** Whether the thread runs now: until a reply too large to read in place starts it, it does not. */
  readonly running: boolean
  close(): Promise<void>
}

/**
 * A reply up to this size (about 40 items; a 100-value search's reply is some 35 KB) is read where
 * it arrives while the thread is not running: that takes well under a millisecond, and starting the
 * thread to read it some 80 ms of processor time (a thread, and its bundle) and as long again
 * before the answer, most of a small lookup's time in the headless command.
 */
export const SMALL_REPLY_BYTES = 16 * 1024

/**
 * Whether a reply of `bytes` is read where it arrives rather than on the thread: only a small one,
 * and only while the thread is not running. The first larger reply starts the thread, and from
 * then on every reply is read there, so a large lookup's replies never weigh on main's thread.
 */
export function readsReplyInPlace(bytes: number, threadRunning: boolean): boolean {
  return !threadRunning && bytes <= SMALL_REPLY_BYTES
}

interface Waiting {
  answer(reply: SearchThreadMessage): void
  reject(error: Error): void
}

/**
 * The search thread, supervised like every thread of main: started on the first reply too large to
 * read in place (`readsReplyInPlace`) or the first search sent through it, and again after it stops; a search it was reading or sending when it stopped fails with the sentence, and
 * `onStopped` hears it. A body is moved to the thread, not copied. A search sent from the thread is
 * cancelled there when its signal aborts (a cancel, the run's end, the timeout); it fails on main at
 * once, as a fetch on main would.
 */
export function startSearchReplyThread(options: SearchReplyThreadOptions): SearchReplyThread {
  /** How many of the redactor's values the running thread was told; a new thread is told them all. */
  let taught = 0
  const thread = superviseThread<Waiting>({
    name: 'The inventory answer reader',
    consequence: 'the lookups running were paused with every answer kept, and can be resumed from History.',
    log: options.log,
    onStopped: options.onStopped,
    start() {
      return startCountedWorker({
        name: 'Search replies',
        beside: import.meta.url,
        source: 'search-reply-thread-main.ts',
        built: options.entry
      })
    },
    receive(message) {
      const reply = message as SearchThreadMessage
      thread.take(reply.id)?.answer(reply)
    }
  })
  let closed = false
  const inPlace = createInThreadReplyReader(options.redactor)

  /** The values the thread has not been told yet; all of them for a thread about to start. */
  function unheard(): string[] {
    if (!thread.running) taught = 0
    const known = options.redactor.known()
    const remember = known.slice(taught)
    taught = known.length
    return remember
  }

  function closedError(): Error {
    return new Error('Search replies were read after the app closed')
  }

  return {
    get running() {
      return thread.running
    },
    read(body, question) {
      if (closed) return Promise.reject(closedError())
      if (readsReplyInPlace(body.byteLength, thread.running)) return inPlace.read(body, question)
      return new Promise<SearchAnswers>((resolve, reject) => {
        const remember = unheard()
        // Only a buffer of the body's own can move; a view into a larger one is copied first.
        const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice()
        const transfer = own.buffer instanceof ArrayBuffer ? [own.buffer] : []
        thread.post(
          (id): SearchThreadRequest => ({ kind: 'read', id, body: own, question: questionOf(question), remember }),
          { answer: (reply) => (reply.ok && 'answers' in reply ? resolve(reply.answers) : reject(failureOf(reply))), reject },
          transfer
        )
      })
    },
    exchange(request, question) {
      if (closed) return Promise.reject(closedError())
      const { signal, ...init } = request.init
      if (signal.aborted) return Promise.reject(new SearchFetchError(signal.reason))
      return new Promise<SearchExchange>((resolve, reject) => {
        let sent = 0
        const abort = (): void => {
          if (thread.take(sent) === undefined) return
          thread.notify({ kind: 'cancel', id: sent } satisfies SearchThreadRequest)
          reject(new SearchFetchError(signal.reason))
        }
        const remember = unheard()
        thread.post(
          (id): SearchThreadRequest => {
            sent = id
            return { kind: 'send', id, request: { url: request.url, init }, question: questionOf(question), remember }
          },
          {
            answer(reply) {
              signal.removeEventListener('abort', abort)
              if (reply.ok && 'exchange' in reply) resolve(reply.exchange)
              else reject(failureOf(reply))
            },
            reject(error) {
              signal.removeEventListener('abort', abort)
              reject(error)
            }
          }
        )
        signal.addEventListener('abort', abort, { once: true })
      })
    },
    async close() {
      closed = true
      await thread.terminate(closedError())
    }
  }
}

function questionOf(question: SearchQuestion): SearchQuestion {
  return { itemType: question.itemType, values: [...question.values] }
}

function failureOf(reply: SearchThreadMessage): Error {
  if (reply.ok) return new Error('The search thread answered a search with the wrong kind of answer')
  if ('fetchFailed' in reply) return new SearchFetchError(fetchFailure(reply.fetchFailed))
  return reply.unreadable ? new UnreadableReplyError() : new Error(reply.message)
}

/** The thread's fetch failure as an error main can classify and log: its name, and every code and message along its causes. */
function fetchFailure(report: FetchFailureReport): Error {
  const error = new Error(report.chain.join(' <- '))
  error.name = report.name
  return error
}

/**
 * Under Node, where nothing holds the HTTP to main: a search is sent from the thread once it runs,
 * and until then from the caller's thread with its replies read by the thread's reader, which reads
 * a small one in place. So a three-value lookup starts no thread, and a large lookup's first big
 * reply starts it, after which every search is sent and read there.
 */
export function searchFromThreadOnceRunning(thread: SearchReplyThread, fetchFn: typeof fetch): SearchTransport {
  const onCaller = searchOnCallersThread(fetchFn, thread)
  return { exchange: (request, question) => (thread.running ? thread : onCaller).exchange(request, question) }
}
