import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import { isLoopbackHostname } from '../../shared/host-url'
import { joinChunks } from './bounded-reply'
import type { HttpPost, HttpPostReply, HttpPostRequest } from './http-post'
import { redirectAt } from './redirect-refusal'

type Send = (url: URL, options: RequestOptions, answered: (response: IncomingMessage) => void) => ClientRequest

/**
 * Over node:http(s), for the Node entries: main's few requests (the token's, a search sent before
 * the search thread runs) then never load Node's fetch (undici), whose first use compiles it on
 * main's thread (~100 ms). https, and plain http only to this computer, as `hostUrlProblem` allows
 * hosts; no redirect followed; the body bounded as it streams in, so a larger one is dropped
 * there; the signal cancels the request and its reading. Node's errors carry their own codes
 * (ECONNREFUSED, CERT_HAS_EXPIRED...), which `classifyFetchFailure` reads as it reads fetch's.
 */
export function postOverNode(): HttpPost {
  return (post) =>
    new Promise<HttpPostReply>((resolve, reject) => {
      const url = new URL(post.url)
      const send = senderFor(url)
      if (send === null) {
        reject(
          new Error(
            `A request with credentials goes over https://, or plain http:// to this computer only (127.0.0.1 or localhost): not to ${url.origin}.`
          )
        )
        return
      }
      if (post.signal.aborted) {
        reject(post.signal.reason)
        return
      }
      let settled = false
      const settle = (outcome: () => void): void => {
        if (settled) return
        settled = true
        post.signal.removeEventListener('abort', onAbort)
        outcome()
      }
      const fail = (error: unknown): void => settle(() => reject(error))
      const body = Buffer.from(post.body)
      // Named as Node's fetch names itself: a server or proxy that screens callers by it sees what it saw before.
      const headers = { 'User-Agent': 'node', ...post.headers, 'Content-Length': String(body.byteLength) }
      const request = send(url, { method: 'POST', headers }, (response) =>
        read(
          response,
          post,
          (reply) => {
            // Nothing more is read of a refused or redirected reply: its connection goes with it.
            if (reply.kind !== 'answered') request.destroy()
            settle(() => resolve(reply))
          },
          fail
        )
      )
      function onAbort(): void {
        request.destroy()
        fail(post.signal.reason)
      }
      post.signal.addEventListener('abort', onAbort, { once: true })
      request.on('error', fail)
      request.end(body)
    })
}

/**
 * The module as `require` gives it, fetched when a request goes out: an ESM import of node:http
 * builds its namespace, which reads its lazy `WebSocket` export and so loads undici itself.
 */
function senderFor(url: URL): Send | null {
  if (url.protocol === 'https:') return process.getBuiltinModule('node:https').request
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return process.getBuiltinModule('node:http').request
  return null
}

function read(
  response: IncomingMessage,
  post: Pick<HttpPostRequest, 'url' | 'limitBytes'>,
  done: (reply: HttpPostReply) => void,
  fail: (error: unknown) => void
): void {
  const status = response.statusCode ?? 0
  const redirect = redirectAt(status, headerOf(response, 'location'), post.url)
  if (redirect !== null) {
    done({ kind: 'redirected', redirect })
    return
  }
  const limitBytes = post.limitBytes(status)
  const declared = Number(headerOf(response, 'content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limitBytes) {
    done({ kind: 'too_large', status, limitBytes })
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  let over = false
  response.on('data', (chunk: Buffer) => {
    if (over) return
    size += chunk.byteLength
    if (size > limitBytes) {
      over = true
      done({ kind: 'too_large', status, limitBytes })
      return
    }
    chunks.push(chunk)
  })
  response.on('end', () => done({ kind: 'answered', status, header: (name) => headerOf(response, name), body: joinChunks(chunks, size) }))
  response.on('error', fail)
  response.on('close', () => {
    if (!response.complete) fail(Object.assign(new Error('The connection closed before the whole reply came.'), { code: 'ECONNRESET' }))
  })
}

/** A header as `Headers.get` gives it: several values joined with ", ", null when absent. */
function headerOf(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name.toLowerCase()]
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(', ') : value
}
