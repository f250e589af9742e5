import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Answer = (request: IncomingMessage, body: string, response: ServerResponse) => void

export interface AnsweringServer {
  url: string
  /** Closes the server and any connection still open. */
  close(): Promise<void>
}

/**
 * A server on 127.0.0.1 (never another interface) that reads each request's body, then answers as
 * the caller says. Free of any test runner, so vitest and Playwright tests both use it.
 */
export async function startAnsweringServer(answer: Answer): Promise<AnsweringServer> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => answer(request, body, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
