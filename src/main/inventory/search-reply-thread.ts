import type { HttpPost } from '../http/http-post'
import type { Logger } from '../logging/logger'
import type { Redactor } from '../security/redactor'
import { startCountedWorker } from '../workers/counted-worker'
import { superviseThread, type ThreadStoppedError } from '../workers/supervised-thread'
import { searchOnCallersThread, type SearchTransport } from './search-exchange'
import { createInThreadReplyReader, type SearchAnswers, type SearchQuestion, type SearchReplyReader } from './search-reply'
import { REPLY_GATHER_MS, type SearchThreadData, type SearchThreadReplies, type SearchThreadRequest } from './search-reply-thread-protocol'
import { valueCount } from './search-request'
import { createSearchSends, failureOf, type SearchWaiter } from './search-sends'

export interface SearchReplyThreadOptions {
  log: Logger
  /** Main's redactor: the thread is taught every secret and token it knows before reading a reply; a small one is read with it. */
  redactor: Pick<Redactor, 'known' | 'knownCount' | 'value'>
  /** The bundled thread script (Electron's build); elsewhere the TypeScript source runs through tsx. */
  entry?: string | undefined
  /** Hears the thread stop unexpectedly, with the sentence that says so: the lookups reading through it are interrupted. */
  onStopped?: ((error: ThreadStoppedError) => void) | undefined
  /** How long the thread holds an answer for the others under way: `REPLY_GATHER_MS` but in tests. */
  gatherMs?: number | undefined
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

/**
 * The search thread, supervised like every thread of main: started on the first reply too large to
 * read in place (`readsReplyInPlace`) or the first search sent through it, and again after it
 * stops; a search it was reading or sending when it stopped fails with the sentence, and
 * `onStopped` hears it. A body is moved to the thread, not copied. Searches sent from the thread
 * go as `createSearchSends` groups them; one sent so is cancelled there when its signal aborts (a
 * cancel, the run's end), and fails on main at once, as a fetch on main would. The thread's
 * answers come back several to a message, as `REPLY_GATHER_MS` holds them.
 */
export function startSearchReplyThread(options: SearchReplyThreadOptions): SearchReplyThread {
  /** How many of the redactor's values the running thread was told; a new thread is told them all. */
  let taught = 0
  const thread = superviseThread<SearchWaiter>({
    name: 'The inventory answer reader',
    consequence: 'the lookups running were paused with every answer kept, and can be resumed from History.',
    log: options.log,
    onStopped: options.onStopped,
    start() {
      return startCountedWorker({
        name: 'Search replies',
        beside: import.meta.url,
        source: 'search-reply-thread-main.ts',
        built: options.entry,
        workerData: { gatherMs: options.gatherMs ?? REPLY_GATHER_MS } satisfies SearchThreadData
      })
    },
    receive(message) {
      for (const reply of message as SearchThreadReplies) thread.take(reply.id)?.answer(reply)
    }
  })
  let closed = false
  const inPlace = createInThreadReplyReader(options.redactor)
  const sends = createSearchSends({ thread, unheard })

  /** The values the thread has not been told yet; all of them for a thread about to start. */
  function unheard(): string[] {
    if (!thread.running) taught = 0
    // Every flush asks; copying every known value each time is spared while none is new.
    if (options.redactor.knownCount() === taught) return []
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
    exchange(search, limits) {
      if (closed) return Promise.reject(closedError())
      return sends.exchange(search, limits)
    },
    async close() {
      closed = true
      sends.close(closedError())
      await thread.terminate(closedError())
    }
  }
}

function questionOf(question: SearchQuestion): SearchQuestion {
  return { itemType: question.itemType, values: [...question.values] }
}

/**
 * A search of up to this many values goes out from main while the search thread is not running:
 * its reply (some 350 bytes per item found) is about as large as one read in place
 * (`SMALL_REPLY_BYTES`). A larger one starts the thread and goes from there.
 */
export const SMALL_SEARCH_VALUES = 40

/**
 * Under Node, where nothing holds the HTTP to main: a search is sent from the thread once it runs,
 * and until then a small one from the caller's thread, with its reply read by the thread's reader,
 * which reads a small one in place. So a three-value lookup starts no thread, and a large lookup's
 * first search starts it: every one of its searches is sent and read there, none on main.
 */
export function searchFromThreadOnceRunning(thread: SearchReplyThread, post: HttpPost): SearchTransport {
  const onCaller = searchOnCallersThread(post, thread)
  return {
    exchange: (search, limits) =>
      (thread.running || valueCount(search.values) > SMALL_SEARCH_VALUES ? thread : onCaller).exchange(search, limits)
  }
}
