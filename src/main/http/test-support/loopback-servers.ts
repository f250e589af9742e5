import { onTestFinished } from 'vitest'
import { startDemoApi, type DemoApiHandle, type DemoApiOptions } from '../../demo-api/demo-api'
import { startAnsweringServer, type Answer } from './answering-server'
import { startEchoingApi, type EchoingApi, type EchoingApiOptions } from './echoing-api'

export { closedPort, type Answer } from './answering-server'

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
export async function answeringServer(answer: Answer, options: { selfSignedTls?: boolean } = {}): Promise<string> {
  const server = await startAnsweringServer(answer, options)
  onTestFinished(() => server.close())
  return server.url
}

/** The hostile server that echoes requests in its error bodies, closed when the test ends. */
export async function echoingApi(options: EchoingApiOptions): Promise<EchoingApi> {
  const api = await startEchoingApi(options)
  onTestFinished(() => api.close())
  return api
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

/**
 * A server whose every reply is endless (up to 1 GB, so the loop is bounded), written only as
 * fast as the client reads: how far it got shows where the client stopped reading.
 */
export async function endlessReplyServer(status = 200): Promise<{ url: string; requests: () => number; sentBytes: () => number }> {
  const chunk = Buffer.alloc(16 * 1024, 0x20)
  const maxChunks = 64 * 1024
  let requests = 0
  let sent = 0
  const url = await answeringServer((_request, _body, response) => {
    requests += 1
    response.writeHead(status, { 'Content-Type': 'application/json' })
    let chunks = 0
    const pump = (): void => {
      while (chunks < maxChunks && !response.destroyed) {
        chunks += 1
        sent += chunk.length
        if (!response.write(chunk)) {
          response.once('drain', pump)
          return
        }
      }
      response.end()
    }
    pump()
  })
  return { url, requests: () => requests, sentBytes: () => sent }
}

/** A server that answers every request with a redirect to `location`. */
export async function redirectingServer(location: string, status = 307): Promise<{ url: string; requests: () => number }> {
  let requests = 0
  const url = await answeringServer((_request, _body, response) => {
    requests += 1
    response.writeHead(status, { Location: location }).end()
  })
  return { url, requests: () => requests }
}

/** A server that counts what reaches it: where a redirect pointed, to prove nothing was re-sent. */
export async function countingServer(): Promise<{ url: string; requests: () => number }> {
  let requests = 0
  const url = await answeringServer((_request, _body, response) => {
    requests += 1
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"access_token":"elsewhere","items":[]}')
  })
  return { url, requests: () => requests }
}
