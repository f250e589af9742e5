import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Logger } from '../logging/logger'
import type { Redactor } from '../security/redactor'
import { countThread } from '../workers/thread-census'
import { THREAD_YOUNG_GENERATION_MB } from '../workers/thread-limits'
import { resolveThreadEntry } from '../workers/thread-entry'
import { superviseThread, type ThreadStoppedError } from '../workers/supervised-thread'
import { UnreadableReplyError, type SearchAnswers, type SearchReplyReader } from './search-reply'
import type { SearchReplyMessage, SearchReplyRequest } from './search-reply-thread-protocol'

export interface SearchReplyThreadOptions {
  log: Logger
  /** Main's redactor: the thread is taught every secret and token it knows before reading a reply. */
  redactor: Pick<Redactor, 'known'>
  /** The bundled thread script (Electron's build); elsewhere the TypeScript source runs through tsx. */
  entry?: string | undefined
  /** Hears the thread stop unexpectedly, with the sentence that says so: the lookups reading through it are interrupted. */
  onStopped?: ((error: ThreadStoppedError) => void) | undefined
}

export interface SearchReplyThread extends SearchReplyReader {
  close(): Promise<void>
}

interface Waiting {
  resolve(answers: SearchAnswers): void
  reject(error: Error): void
}

/**
 * Search replies read on a thread of their own, supervised like every thread of main: started on
 * the first reply and again after it stops; a reply it was reading when it stopped fails with the
 * sentence, and `onStopped` hears it. The body is moved to the thread, not copied.
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
      const { entry, execArgv } = resolveThreadEntry(
        join(dirname(fileURLToPath(import.meta.url)), 'search-reply-thread-main.ts'),
        options.entry
      )
      const started = new Worker(entry, {
        ...(execArgv === undefined ? {} : { execArgv }),
        resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB }
      })
      countThread('Search replies', started)
      return started
    },
    receive(message) {
      const reply = message as SearchReplyMessage
      const waiter = thread.take(reply.id)
      if (waiter === undefined) return
      if (reply.ok) waiter.resolve(reply.answers)
      else waiter.reject(reply.unreadable ? new UnreadableReplyError() : new Error(reply.message))
    }
  })
  let closed = false

  return {
    read(body, question) {
      if (closed) return Promise.reject(new Error('Search replies were read after the app closed'))
      return new Promise<SearchAnswers>((resolve, reject) => {
        if (!thread.running) taught = 0
        const known = options.redactor.known()
        const remember = known.slice(taught)
        taught = known.length
        // Only a buffer of the body's own can move; a view into a larger one is copied first.
        const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice()
        const transfer = own.buffer instanceof ArrayBuffer ? [own.buffer] : []
        thread.post(
          (id) =>
            ({
              id,
              body: own,
              question: { itemType: question.itemType, values: [...question.values] },
              remember
            }) satisfies SearchReplyRequest,
          { resolve, reject },
          transfer
        )
      })
    },
    async close() {
      closed = true
      await thread.terminate(new Error('Search replies were read after the app closed'))
    }
  }
}
