import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'

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
export async function startAnsweringServer(answer: Answer, options: { selfSignedTls?: boolean } = {}): Promise<AnsweringServer> {
  const listener: RequestListener = (request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => answer(request, body, response))
  }
  const pem = options.selfSignedTls === true ? readFileSync(join(import.meta.dirname, 'self-signed-loopback.pem')) : null
  const server = pem === null ? createServer(listener) : createTlsServer({ key: pem, cert: pem }, listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `${pem === null ? 'http' : 'https'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/** A loopback port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return address.port
}
