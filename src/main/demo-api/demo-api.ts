import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SEARCH_PATHS, TOKEN_PATH } from '../../shared/environments'
import { localDemoDay, type DemoDay } from './demo-date'
import { createFaultDice, DEFAULT_DEMO_FAULTS, mergeFaults, type DemoFaults } from './demo-faults'
import { createFixedWindowLimiter } from './demo-rate-limiter'
import { MESSAGES, messageReply, type DemoReply } from './demo-replies'
import { answerSearchRequest, type SearchOutcome } from './demo-search-endpoint'
import { emptyStats, type DemoApiStats } from './demo-stats'
import { answerTokenRequest } from './demo-token-endpoint'
import { createTokenStore } from './demo-tokens'

export type { DemoFaults } from './demo-faults'
export type { DemoApiStats } from './demo-stats'

/** Built in and published on purpose: the Demo API is a local simulator, not a real service. */
export const DEMO_CREDENTIALS = { clientId: 'demo-client', clientSecret: 'demo-secret+/=' }

export interface DemoApi {
  /** `http://127.0.0.1:<port>`, serving both the identity and the inventory paths. */
  url: string
  credentials: typeof DEMO_CREDENTIALS
  stats(): DemoApiStats
  resetStats(): void
  /** Changes faults from the next request on; throws RangeError for values out of range. */
  setFaults(faults: Partial<DemoFaults>): void
  close(): Promise<void>
}

/** What startDemoApi returns: the DemoApi plus controls that only tests and benchmarks need. */
export interface DemoApiHandle extends DemoApi {
  /**
   * Makes every token issued so far expired from now on, so a client sees
   * "Access token : ******* validation failed with error : expired token" before its own clock says so.
   */
  expireAllTokens(): void
}

export interface DemoApiOptions {
  faults?: Partial<DemoFaults>
  /** The clock for token expiry, the rate-limit window and `lastUpdatedTime`; latency uses real timers. */
  now?: () => number
  /** The day whose stock the searches answer with; by default the local date of `now`, so it follows the clock past midnight. */
  day?: () => DemoDay
  /** 0 or absent: an ephemeral port. */
  port?: number
}

const SEARCH_PATH_SET: ReadonlySet<string> = new Set([SEARCH_PATHS.production, SEARCH_PATHS.sandbox])
/** Far above a 100-value search (~2 KB); anything bigger is a client bug, not a lookup. */
const MAX_BODY_BYTES = 256 * 1024

export async function startDemoApi(options: DemoApiOptions = {}): Promise<DemoApiHandle> {
  const now = options.now ?? Date.now
  const day = options.day ?? (() => localDemoDay(now()))
  let faults = mergeFaults({ ...DEFAULT_DEMO_FAULTS }, options.faults ?? {})
  const dice = createFaultDice(faults.seed)
  const tokens = createTokenStore(now)
  const limiter = createFixedWindowLimiter(now)
  let stats = emptyStats()
  let searchesInFlight = 0
  let requestNumber = 0
  const waits = new Map<NodeJS.Timeout, () => void>()
  /** Searches let through since `holdSearchesAfter` was last set. */
  let searchesLetThrough = 0
  const holds = new Set<() => void>()
  let closed: Promise<void> | null = null

  /** A latency timer that close() can cancel, so a slow response never keeps the process alive. */
  function wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waits.delete(timer)
        resolve()
      }, ms)
      waits.set(timer, resolve)
    })
  }

  /** Ends when the search's client goes away or the server closes; the search is never answered. */
  function hold(res: ServerResponse): Promise<void> {
    stats.held += 1
    if (res.closed) return Promise.resolve()
    return new Promise((resolve) => {
      const release = () => {
        holds.delete(release)
        resolve()
      }
      holds.add(release)
      res.once('close', release)
    })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const method = req.method ?? 'GET'

    if (path === TOKEN_PATH) {
      stats.tokenRequests += 1
      const body = await readBody(req)
      await wait(faults.tokenLatencyMs)
      if (body === null) return send(res, tooLarge())
      const reply = answerTokenRequest(
        { method, contentType: req.headers['content-type'], body },
        { tokens, clients: [DEMO_CREDENTIALS], lifetimeSeconds: faults.tokenLifetimeSeconds }
      )
      return send(res, reply)
    }

    if (SEARCH_PATH_SET.has(path)) {
      stats.searchRequests += 1
      searchesInFlight += 1
      stats.maxConcurrentSearches = Math.max(stats.maxConcurrentSearches, searchesInFlight)
      res.once('close', () => {
        searchesInFlight -= 1
      })
      const body = await readBody(req)
      if (faults.holdSearchesAfter !== null && searchesLetThrough >= faults.holdSearchesAfter) return hold(res)
      searchesLetThrough += 1
      const outcome: SearchOutcome =
        body === null
          ? { kind: 'reply', reply: tooLarge() }
          : answerSearchRequest(
              {
                method,
                consumerId: singleHeader(req.headers['wm_consumer.id']),
                authorization: req.headers.authorization,
                contentType: req.headers['content-type'],
                body
              },
              {
                tokens,
                limiter,
                dice,
                stats,
                subscribedClientIds: [DEMO_CREDENTIALS.clientId],
                faults,
                now,
                day,
                nextRequestNumber: () => (requestNumber += 1)
              }
            )
      await wait(faults.latencyMs)
      if (outcome.kind === 'drop') {
        req.socket.destroy()
        return
      }
      return send(res, outcome.reply)
    }

    await readBody(req)
    send(res, messageReply(404, MESSAGES.notFound))
  }

  // Not imported: as an ES module node:http is loaded with every export read, which loads the
  // WebSocket client it offers too, a third of the Demo thread's start.
  const { createServer } = process.getBuiltinModule('node:http')
  const server = createServer({ keepAliveTimeout: 5_000, requestTimeout: 60_000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) send(res, messageReply(500, MESSAGES.internalError))
      else res.destroy()
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    credentials: DEMO_CREDENTIALS,
    stats: () => ({ ...stats }),
    resetStats() {
      stats = emptyStats()
      // Searches still in flight count toward the new peak, so the peak never understates.
      stats.maxConcurrentSearches = searchesInFlight
    },
    setFaults(patch) {
      faults = mergeFaults(faults, patch)
      if (patch.holdSearchesAfter !== undefined) searchesLetThrough = 0
      if (patch.seed !== undefined) dice.reseed(patch.seed)
    },
    expireAllTokens: () => tokens.expireAll(),
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const [timer, release] of waits) {
          clearTimeout(timer)
          release()
        }
        waits.clear()
        for (const release of [...holds]) release()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closed
    }
  }
}

function send(res: ServerResponse, reply: DemoReply): void {
  // close() may have destroyed the socket while this response waited out its latency.
  if (res.headersSent || res.destroyed || (res.socket?.destroyed ?? true)) return
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(reply.body) })
  res.end(reply.body)
}

function tooLarge(): DemoReply {
  const reply = messageReply(413, 'Request entity too large.')
  return { ...reply, headers: { ...reply.headers, Connection: 'close' } }
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The whole body as UTF-8, or null when it is too large to be a real request. */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooBig = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) tooBig = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(tooBig ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', () => resolve(null))
    req.on('close', () => resolve(tooBig ? null : Buffer.concat(chunks).toString('utf8')))
  })
}
