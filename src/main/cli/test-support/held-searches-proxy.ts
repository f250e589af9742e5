import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'

export interface HeldSearchesProxy {
  url: string
  /** Resolves when the first search beyond those answered is held: the lookup is under way and cannot finish. */
  holding: Promise<void>
  /** Answers the held searches and every later one. */
  release(): void
}

/**
 * A loopback proxy in front of an API that forwards token requests and the first `answered`
 * searches, then holds every other search until `release()`: a lookup through it is certainly
 * mid-way while searches are held, with no timing to guess. Closed when the test ends.
 */
export async function heldSearchesProxy(target: string, answered: number): Promise<HeldSearchesProxy> {
  let searches = 0
  let released = false
  const held: (() => void)[] = []
  let startedHolding: () => void = () => undefined
  const holding = new Promise<void>((resolve) => (startedHolding = resolve))

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const forward = () => void pass(target, request.url ?? '/', request.method ?? 'GET', request.headers, Buffer.concat(chunks), response)
      const isSearch = request.url?.includes('search-items') === true
      if (!isSearch || released) return forward()
      searches += 1
      if (searches <= answered) return forward()
      held.push(forward)
      startedHolding()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  )
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holding,
    release() {
      released = true
      for (const forward of held.splice(0)) forward()
    }
  }
}

async function pass(
  target: string,
  path: string,
  method: string,
  requestHeaders: NodeJS.Dict<string | string[]>,
  body: Buffer,
  response: ServerResponse
): Promise<void> {
  const headers = Object.fromEntries(
    Object.entries(requestHeaders).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host' && entry[0] !== 'content-length'
    )
  )
  try {
    const upstream = await fetch(new URL(path, target), { method, headers, redirect: 'manual', ...(body.length === 0 ? {} : { body }) })
    const answer = Buffer.from(await upstream.arrayBuffer())
    const passed: Record<string, string> = {}
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) passed[name] = value
    })
    // A client stopped while its search was held is gone by the time the search is answered.
    if (response.destroyed) return
    response.writeHead(upstream.status, passed)
    response.end(answer)
  } catch {
    response.destroy()
  }
}
