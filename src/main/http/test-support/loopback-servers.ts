import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'
import { startDemoApi, type DemoApiHandle, type DemoApiOptions } from '../../demo-api/demo-api'

export type Answer = (request: IncomingMessage, body: string, response: ServerResponse) => void

/** The Demo API on an ephemeral loopback port, closed when the test ends. */
export async function testDemoApi(options: DemoApiOptions = {}): Promise<DemoApiHandle> {
  const api = await startDemoApi(options)
  onTestFinished(() => api.close())
  return api
}

/**
 * A loopback server that reads each request's body, then answers as the test says; closed, with
 * any connection still open, when the test ends. Returns its base URL.
 */
export async function answeringServer(answer: Answer): Promise<string> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => answer(request, body, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The error `promise` rejects with; anything else (resolving, another kind of error) fails the test. */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await promise
  } catch (error) {
    if (error instanceof kind) return error
    throw error
  }
  throw new Error(`expected a rejection with ${kind.name}`)
}
