import { onTestFinished } from 'vitest'
import { startDemoApi, type DemoApiHandle, type DemoApiOptions } from '../../demo-api/demo-api'
import { startAnsweringServer, type Answer } from './answering-server'
import { startEchoingApi, type EchoingApi, type EchoingApiOptions } from './echoing-api'

export type { Answer } from './answering-server'

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
  const server = await startAnsweringServer(answer)
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
