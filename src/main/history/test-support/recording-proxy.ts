import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'

export interface RecordingProxy {
  url: string
  /** The proxy's address for one process: its searches are told apart from every other's. */
  session(name: string): string
  /** The values of every search that passed, in order; only those sent through `session(name)` when a name is given. */
  searches(name?: string): string[][]
}

/** `/session-NAME/rest`: the session's name and the path the API is asked for. */
const SESSION_PATH = /^\/session-([\w-]+)(\/.*)$/

/**
 * A loopback proxy in front of an API: forwards every request as it is and remembers the values of
 * each search. Processes that are killed and started again talk to the same proxy, so a test sees
 * every value asked for across them. Each process is given its own session address, so a search a
 * killed process sent just before it died, which the proxy may read only after the kill was seen,
 * is still counted as that process's and never as the next one's. Closed when the test ends.
 */
export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const searches: { session: string; values: string[] }[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const inSession = SESSION_PATH.exec(request.url ?? '/')
      const path = inSession?.[2] ?? request.url ?? '/'
      if (path.includes('search-items')) {
        const parsed = JSON.parse(body.toString('utf8')) as { item_type_values?: string[] }
        searches.push({ session: inSession?.[1] ?? '', values: parsed.item_type_values ?? [] })
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host' && entry[0] !== 'content-length'
        )
      )
      fetch(new URL(path, target), {
        method: request.method ?? 'GET',
        headers,
        redirect: 'manual',
        ...(body.length === 0 ? {} : { body })
      })
        .then(async (upstream) => {
          const answer = Buffer.from(await upstream.arrayBuffer())
          const passed: Record<string, string> = {}
          upstream.headers.forEach((value, name) => {
            if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding' && name !== 'connection')
              passed[name] = value
          })
          response.writeHead(upstream.status, passed)
          response.end(answer)
        })
        .catch(() => response.destroy())
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
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    session: (name) => `${url}/session-${name}`,
    searches: (name) => searches.filter((search) => name === undefined || search.session === name).map((search) => search.values)
  }
}
