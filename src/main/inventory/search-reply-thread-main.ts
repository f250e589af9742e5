import { parentPort, workerData } from 'node:worker_threads'
import { errorChain } from '../http/fetch-failure'
import { postOverFetch } from '../http/http-post'
import { createRedactor } from '../security/redactor'
import { exchangeSearch, SearchFetchError, searchTimedOut } from './search-exchange'
import { answerTransfer, readSearchReply, UnreadableReplyError, type SearchQuestion } from './search-reply'
import { searchRequestOf, unpackValues } from './search-request'
import {
  answerHoldMs,
  hearTemplate,
  REPLY_GATHER_MS,
  type SearchThreadData,
  trimTemplates,
  type SearchNote,
  type SearchThreadMessage,
  type SearchThreadReplies,
  type SearchThreadRequest,
  type TemplateNote
} from './search-reply-thread-protocol'

/**
 * The search thread. Under Node it sends each search main asked for and reads its reply; in
 * Electron main's `net.fetch` sends it and moves the reply's bytes here to be read. Either way each
 * reply is decoded, parsed, redacted, matched to the values asked and encoded as History stores it,
 * so main's thread only moves bytes: each reply's items, with a spare copy made here that moves on
 * to History's writer, undecoded. It holds nothing between searches but the values to redact, the latest search
 * templates and the searches under way.
 */
const port = parentPort
if (port === null) throw new Error('search-reply-thread-main runs only as a worker thread')

const gatherMs = (workerData as Partial<SearchThreadData> | null)?.gatherMs ?? REPLY_GATHER_MS
const redactor = createRedactor()
const templates = new Map<number, TemplateNote>()
const sending = new Map<number, AbortController>()
/** The thread sends its searches with Node's fetch, its first use compiled here, off main. */
const sendWithFetch = postOverFetch(fetch)

port.on('message', (request: SearchThreadRequest) => {
  if (request.kind === 'cancel') {
    for (const id of request.ids) sending.get(id)?.abort()
    return
  }
  for (const value of request.remember) redactor.remember(value)
  if (request.kind === 'read') {
    post(read(request.id, request.body, request.question))
    return
  }
  lastContact = performance.now()
  for (const template of request.templates) hearTemplate(templates, template.id, template)
  for (const search of request.searches) send(search)
  trimTemplates(templates)
})

function send(search: SearchNote): void {
  const template = templates.get(search.template)
  let values: string[]
  try {
    if (template === undefined) throw new Error(`Search template ${search.template} was not heard`)
    values = unpackValues(search.values, search.lengths)
  } catch (error) {
    post({ id: search.id, ok: false, unreadable: false, message: String(error) })
    return
  }
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(searchTimedOut())
  }, search.timeoutMs)
  sending.set(search.id, controller)
  const question: SearchQuestion = { itemType: search.itemType, values }
  const body = { store_nbr: search.storeNbr, item_type: search.itemType, item_type_values: values }
  void exchangeSearch(sendWithFetch, searchRequestOf(template, body, controller.signal), (reply) =>
    readSearchReply(reply, question, redactor)
  )
    .then(
      (exchange): SearchThreadMessage => ({ id: search.id, ok: true, exchange }),
      (error: unknown): SearchThreadMessage => {
        if (!(error instanceof SearchFetchError)) return { id: search.id, ok: false, unreadable: false, message: String(error) }
        const { cause } = error
        return {
          id: search.id,
          ok: false,
          fetchFailed: { name: cause instanceof Error ? cause.name : 'Error', chain: errorChain(cause), timedOut }
        }
      }
    )
    .then((message) => {
      clearTimeout(timer)
      sending.delete(search.id)
      post(message)
    })
}

/** The answers ready and not yet posted, with the buffers they move: one message, one wake-up of main, for all of them. */
let outbox: SearchThreadReplies = []
let moving: ArrayBuffer[] = []
/** The wait for more answers, while one is held. */
let gathering: NodeJS.Timeout | null = null
let flushQueued = false
/** When main last sent searches or was posted answers (`performance.now()`): answers are held only within `gatherMs` of it. */
let lastContact = Number.NEGATIVE_INFINITY

/**
 * A reply's item bytes are moved to main, not copied: main hands them on to History's writer as
 * they are. While answers come faster than one per `REPLY_GATHER_MS`, an answer is held until that
 * long after main and the thread last exchanged searches or answers, so main frees several
 * searches' places at once and sends their successors in one message (a reply every few
 * milliseconds made a message each way per two searches). An answer that comes later than that
 * (a real host's round trip, most often) goes at the turn's end, held by nothing. Answers are held
 * only while another search is under way, which keeps the server busy meanwhile: the last one's
 * answer, a failure (a timeout among them) and a read's answer go at the turn's end.
 */
function post(message: SearchThreadMessage): void {
  let answers = null
  if (message.ok && 'answers' in message) answers = message.answers
  else if (message.ok && message.exchange.kind === 'answered') answers = message.exchange.answers
  if (answers !== null) moving.push(...answerTransfer(answers))
  outbox.push(message)
  if (flushQueued) return
  const holdFor = answerHoldMs(lastContact, performance.now(), gatherMs)
  if (message.ok && 'exchange' in message && sending.size > 0 && holdFor > 0) {
    gathering ??= setTimeout(flush, holdFor)
    return
  }
  if (gathering !== null) clearTimeout(gathering)
  gathering = null
  flushQueued = true
  setImmediate(flush)
}

function flush(): void {
  if (gathering !== null) clearTimeout(gathering)
  gathering = null
  flushQueued = false
  lastContact = performance.now()
  const replies = outbox
  const transfer = moving
  outbox = []
  moving = []
  if (replies.length > 0) port?.postMessage(replies, transfer)
}

function read(id: number, body: Uint8Array, question: SearchQuestion): SearchThreadMessage {
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
