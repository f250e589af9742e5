import type { IncomingMessage } from 'node:http'
import { SEARCH_PATHS, TOKEN_PATH } from '../../../shared/environments'
import { startAnsweringServer } from './answering-server'

export type EchoFormat = 'json' | 'xml' | 'text'

export interface EchoingApiOptions {
  format: EchoFormat
  /** The token the identity endpoint issues when it does not fail. */
  token: string
  /** Set: the identity endpoint answers with this status and echoes the request instead of issuing a token. */
  tokenStatus?: number
  /** The status every search gets, with the request echoed. */
  searchStatus: number
}

/**
 * A hostile identity and inventory server on 127.0.0.1: its error bodies echo the request it got
 * (form body, headers, and both again in base64), as a careless or malicious gateway does. Tests
 * then search everything the app shows, logs and writes for the secret and the token.
 */
export interface EchoingApi {
  url: string
  configure(options: Partial<EchoingApiOptions>): void
  close(): Promise<void>
}

export async function startEchoingApi(initial: EchoingApiOptions): Promise<EchoingApi> {
  let options = initial
  const server = await startAnsweringServer((request, body, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path === TOKEN_PATH && options.tokenStatus === undefined) {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ access_token: options.token, token_type: 'Bearer', expires_in: 900 }))
      return
    }
    const status =
      path === TOKEN_PATH
        ? (options.tokenStatus ?? 500)
        : path === SEARCH_PATHS.sandbox || path === SEARCH_PATHS.production
          ? options.searchStatus
          : 404
    const { contentType, text } = echoBody(options.format, request, body)
    response.writeHead(status, { 'Content-Type': contentType })
    response.end(text)
  })
  return {
    url: server.url,
    configure(changes) {
      options = { ...options, ...changes }
    },
    close: () => server.close()
  }
}

function echoBody(format: EchoFormat, request: IncomingMessage, body: string): { contentType: string; text: string } {
  const headers = JSON.stringify(request.headers)
  const encoded = Buffer.from(`${body} ${headers}`).toString('base64')
  const said = `Rejected request. Body: ${body} Headers: ${headers} Trace: ${encoded}`
  switch (format) {
    case 'json':
      return {
        contentType: 'application/json',
        text: JSON.stringify({ error: { message: said, request: { body, headers: request.headers } } })
      }
    case 'xml':
      return { contentType: 'application/xml', text: `<?xml version="1.0"?><fault><faultstring>${escapeXml(said)}</faultstring></fault>` }
    case 'text':
      return { contentType: 'text/plain', text: said }
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
