import { parentPort } from 'node:worker_threads'
import { createRedactor } from '../security/redactor'
import { readSearchReply, UnreadableReplyError } from './search-reply'
import type { SearchReplyMessage, SearchReplyRequest } from './search-reply-thread-protocol'

/**
 * The thread that reads search replies: each body is decoded, parsed, redacted, matched to the
 * values asked and encoded as History stores it, so main's thread only moves the bytes in and two
 * strings per item out. It holds nothing between replies but the values to redact.
 */
const port = parentPort
if (port === null) throw new Error('search-reply-thread-main runs only as a worker thread')

const redactor = createRedactor()

port.on('message', (request: SearchReplyRequest) => {
  for (const value of request.remember) redactor.remember(value)
  let message: SearchReplyMessage
  try {
    message = { id: request.id, ok: true, answers: readSearchReply(request.body, request.question, redactor) }
  } catch (error) {
    message = {
      id: request.id,
      ok: false,
      unreadable: error instanceof UnreadableReplyError,
      message: error instanceof Error ? error.message : String(error)
    }
  }
  port.postMessage(message)
})
