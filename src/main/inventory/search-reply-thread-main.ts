import { parentPort } from 'node:worker_threads'
import { errorChain } from '../http/fetch-failure'
import { createRedactor } from '../security/redactor'
import { exchangeSearch, SearchFetchError } from './search-exchange'
import { answerTransfer, readSearchReply, UnreadableReplyError } from './search-reply'
import type { SearchThreadMessage, SearchThreadRequest } from './search-reply-thread-protocol'

/**
 * The search thread. Under Node it sends each search main prepared and reads its reply; in
 * Electron main's `net.fetch` sends it and moves the reply's bytes here to be read. Either way each
 * reply is decoded, parsed, redacted, matched to the values asked and encoded as History stores it,
 * so main's thread only moves bytes: each reply's items, as one buffer, go on to History's writer undecoded. It holds nothing between searches but
 * the values to redact and the searches under way.
 */
const port = parentPort
if (port === null) throw new Error('search-reply-thread-main runs only as a worker thread')

const redactor = createRedactor()
const sending = new Map<number, AbortController>()

port.on('message', (request: SearchThreadRequest) => {
  if (request.kind === 'cancel') {
    sending.get(request.id)?.abort()
    return
  }
  for (const value of request.remember) redactor.remember(value)
  if (request.kind === 'read') {
    post(read(request.id, request.body, request.question))
    return
  }
  const controller = new AbortController()
  sending.set(request.id, controller)
  const { url, init } = request.request
  void exchangeSearch(fetch, { url, init: { ...init, signal: controller.signal } }, (body) =>
    readSearchReply(body, request.question, redactor)
  )
    .then(
      (exchange): SearchThreadMessage => ({ id: request.id, ok: true, exchange }),
      (error: unknown): SearchThreadMessage => {
        if (!(error instanceof SearchFetchError)) return { id: request.id, ok: false, unreadable: false, message: String(error) }
        const { cause } = error
        return { id: request.id, ok: false, fetchFailed: { name: cause instanceof Error ? cause.name : 'Error', chain: errorChain(cause) } }
      }
    )
    .then((message) => {
      sending.delete(request.id)
      post(message)
    })
})

/** A reply's item bytes are moved to main, not copied: main hands them on to History's writer as they are. */
function post(message: SearchThreadMessage): void {
  let answers = null
  if (message.ok && 'answers' in message) answers = message.answers
  else if (message.ok && message.exchange.kind === 'answered') answers = message.exchange.answers
  port?.postMessage(message, answers === null ? [] : answerTransfer(answers))
}

function read(id: number, body: Uint8Array, question: Parameters<typeof readSearchReply>[1]): SearchThreadMessage {
  try {
    return { id, ok: true, answers: readSearchReply(body, question, redactor) }
  } catch (error) {
    return {
      id,
      ok: false,
      unreadable: error instanceof UnreadableReplyError,
      message: error instanceof Error ? error.message : String(error)
    }
  }
}
