import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { build } from 'esbuild'
import { AppError } from '../../src/shared/domain/app-error'
import { createAppRoot, type AppRoot } from '../../src/main/composition-root'
import { createKeytarSecretStore } from '../../src/main/credentials/keytar-secret-store'
import { createMemorySecretStore } from '../../src/main/credentials/memory-secret-store'
import type { SecretStore } from '../../src/main/credentials/secret-store'
import type { DemoFaults } from '../../src/main/demo-api/demo-api'
import { DEMO_DATE_VARIABLE, demoDateFromEnv } from '../../src/main/demo-api/demo-date'
import { makePrivateDirSync } from '../../src/main/files/private-files'
import { dispatch } from '../../src/main/ipc/handler-table'
import { openLogFile } from '../../src/main/logging/log-file'
import { createLogger, type Logger } from '../../src/main/logging/logger'
import { createMovableClock, type MovableClock } from '../../src/main/schedules/movable-clock'
import { recordBackground, type HarnessBackground } from './harness-background'
import type { RunNotification } from '../../src/shared/schedules/schedule-notification'
import { decodeWire, encodeWire } from './wire-codec'

/**
 * The browser harness: serves the built renderer on 127.0.0.1 and gives the page `window.inventory`
 * over a loopback bridge to the same handler table, built by the same composition root, that
 * Electron's main uses. Only the effects differ (Node's fetch, a folder for "saved" exports).
 * Not shipped in the app.
 */
export interface HarnessOptions {
  dataDir: string
  /** Where the save dialog's stand-in writes exports. Defaults to `<dataDir>/exports`. */
  exportDir?: string
  /** The real OS keychain by default; a memory store for machines without one. */
  secretStore?: 'keychain' | 'memory' | ((log: Logger) => SecretStore)
  demoFaults?: Partial<DemoFaults>
  /**
   * The Demo's day as `YYYY-MM-DD`, as `STORE_INVENTORY_DEMO_DATE` sets it (which is read when this is
   * absent); null or unset: today, following the clock. A text that is no date is refused with the
   * variable's sentence.
   */
  demoDate?: string | null
  rendererDir?: string
  port?: number
  /**
   * Keep every body and event sent to the page, for tests that search them (for a secret, say).
   * Off by default: reading a 50,000-value lookup sends about 32 MB, which nothing else needs.
   */
  recordMessages?: boolean
  /** Where main's clock starts (epoch ms); unset, now. Tests move it with `harness.clock`. */
  clockStart?: number
}

export interface KeepAwakeEvent {
  event: 'held' | 'released'
  runningLookups: number
}

export interface Harness {
  url: string
  origin: string
  dataDir: string
  exportDir: string
  logFile: string
  /** The log as written so far, once every queued line is on disk. */
  readLog(): Promise<string>
  root: AppRoot
  /** Every body and event the harness sent to the page, as sent; only when started with `recordMessages`. */
  messages(): readonly string[]
  /** The id of the last lookup the page was told about (in an event, or an answer), or null before any. */
  lastJobId(): string | null
  openedExternalUrls(): readonly string[]
  /** The folders the app asked to show in the file manager ("Open log folder"). */
  openedFolders(): readonly string[]
  /**
   * What main asked of the stand-in for the OS's power blocker, in order (the machine is held awake
   * between `held` and `released`), with how many lookups were running at that moment.
   */
  keepAwakeEvents(): readonly KeepAwakeEvent[]
  /** The stand-in for the OS's tray and login item: what main asked of them, and a way to choose in the tray's menu. */
  background: HarnessBackground
  /** The notifications main showed after scheduled runs, in order, as the page received them. */
  notifications(): readonly RunNotification[]
  setDemoFaults(faults: Partial<DemoFaults>): Promise<void>
  /**
   * Main's clock, which runs the schedules as the app's does: the real clock shifted by what a
   * test sets, firing the schedules' timers it passes at once (and on real time as well).
   */
  clock: Pick<MovableClock, 'now' | 'advance' | 'set'>
  close(): Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json'
}

let bridgeScript: Promise<string> | null = null

function buildBridgeScript(): Promise<string> {
  bridgeScript ??= build({
    entryPoints: [join(import.meta.dirname, 'bridge-client.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent'
  }).then((result) => result.outputFiles[0]?.text ?? '')
  return bridgeScript
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  // Checked before anything is created: a day that is no date stops the start with its sentence.
  const demoDate = demoDateFromEnv({
    [DEMO_DATE_VARIABLE]: options.demoDate === undefined ? process.env[DEMO_DATE_VARIABLE] : (options.demoDate ?? undefined)
  })
  if (!demoDate.ok) throw new AppError('invalid_input', demoDate.message)
  const rendererDir = resolve(options.rendererDir ?? join(import.meta.dirname, '..', '..', 'out', 'renderer'))
  const exportDir = options.exportDir ?? join(options.dataDir, 'exports')
  makePrivateDirSync(exportDir)
  const logs = openLogFile({ dir: options.dataDir })

  const log = createLogger((line) => logs.write(line))
  const secretStore =
    options.secretStore === 'memory'
      ? createMemorySecretStore()
      : options.secretStore === undefined || options.secretStore === 'keychain'
        ? createKeytarSecretStore({ log })
        : options.secretStore(log)
  const opened: string[] = []
  const openedFolders: string[] = []
  const awake: KeepAwakeEvent[] = []
  const background = recordBackground(() => root)
  const notifications: RunNotification[] = []
  // Set once the event streams exist; a notification before then (none: schedules start with the root) would be kept only.
  let showInPage: (notification: RunNotification) => void = () => undefined
  const record = (event: KeepAwakeEvent['event']) => awake.push({ event, runningLookups: root.services.lookups.runningCount() })
  const clock = createMovableClock({ realTimers: true, ...(options.clockStart === undefined ? {} : { start: options.clockStart }) })
  const root = await createAppRoot({
    fetch: globalThis.fetch,
    // Under Node the searches' HTTP runs on the search thread; Electron's main keeps net.fetch on main.
    searchHttp: 'search-thread',
    mainHttp: 'node',
    now: clock.now,
    setTimer: clock.setTimer,
    runSchedules: true,
    startHistoryReader: true,
    secretStore,
    userDataDir: options.dataDir,
    log,
    chooseExportPath: async (suggestedName) => join(exportDir, suggestedName),
    openExternal: async (url) => {
      opened.push(url.href)
    },
    logs,
    openFolder: async (path) => {
      openedFolders.push(path)
    },
    appVersion: packageVersion(),
    background: background.effects,
    keepAwake: () => {
      record('held')
      return () => record('released')
    },
    // The preview's notification effect: the page shows it in its Notifications region; a click there opens the run itself.
    notify: (notification) => {
      notifications.push(notification)
      showInPage(notification)
    },
    ...(options.demoFaults === undefined ? {} : { demoFaults: options.demoFaults }),
    ...(demoDate.day === null ? {} : { demoDay: demoDate.day })
  })

  const token = randomBytes(18).toString('base64url')
  const prefix = `/${token}/`
  const sent: string[] | null = options.recordMessages === true ? [] : null
  let lastJobId: string | null = null
  const noteJob = (value: unknown) => {
    const jobId = typeof value === 'object' && value !== null ? (value as { jobId?: unknown }).jobId : undefined
    if (typeof jobId === 'string') lastJobId = jobId
  }
  const eventStreams = new Set<ServerResponse>()
  let origin = ''

  const handlers = root.createHandlers((sender) => sender.isMainFrame && sender.frameUrl.startsWith(`${origin}${prefix}`))
  const push = (channel: string, payload: unknown) => {
    const data = encodeWire({ channel, payload })
    sent?.push(data)
    for (const stream of eventStreams) stream.write(`data: ${data}\n\n`)
  }
  const stopEvents = root.onEvent((channel, payload) => {
    noteJob(payload)
    push(channel, payload)
  })
  showInPage = (notification) => push('notifications:show', notification)

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A page on another origin, or a DNS-rebound name, must not reach the bridge.
    if (request.headers.host !== new URL(origin).host) return refuse(response, 421, 'Misdirected request.')
    const path = new URL(request.url ?? '/', origin).pathname
    if (!path.startsWith(prefix)) return refuse(response, 403, 'This harness needs its per-run token in the URL.')
    const rest = path.slice(prefix.length)

    if (rest === '__harness/invoke' && request.method === 'POST') {
      const body = await readBody(request)
      const referer = request.headers.referer ?? ''
      let result: unknown
      try {
        const { channel, input } = decodeWire(body) as { channel: string; input: unknown }
        result = await dispatch(handlers, String(channel), input, { webContentsId: null, frameUrl: referer, isMainFrame: true })
      } catch {
        result = { ok: false, error: { code: 'invalid_input', message: 'The request was not valid JSON.' } }
      }
      if (typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === true)
        noteJob((result as { value?: unknown }).value)
      const text = encodeWire(result)
      sent?.push(text)
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
      response.end(text)
      return
    }
    if (rest === '__harness/events' && request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' })
      response.write(': connected\n\n')
      eventStreams.add(response)
      request.on('close', () => eventStreams.delete(response))
      return
    }
    if (rest === '__harness/bridge.js') {
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES['.js'], 'Cache-Control': 'no-store' })
      response.end(await buildBridgeScript())
      return
    }
    if (request.method !== 'GET') return refuse(response, 405, 'Method not allowed.')
    if (rest === '' || rest === 'index.html') {
      const html = await readFile(join(rendererDir, 'index.html'), 'utf8')
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES['.html'], 'Cache-Control': 'no-store' })
      response.end(html.replace('<head>', '<head>\n    <script src="./__harness/bridge.js"></script>'))
      return
    }
    const file = normalize(join(rendererDir, rest))
    if (!file.startsWith(rendererDir + sep)) return refuse(response, 404, 'Not found.')
    try {
      const content = await readFile(file)
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
      response.end(content)
    } catch {
      refuse(response, 404, 'Not found.')
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error('harness request failed', { error })
      if (!response.headersSent) refuse(response, 500, 'Harness error.')
      else response.end()
    })
  })
  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: `${origin}${prefix}`,
    origin,
    dataDir: options.dataDir,
    exportDir,
    logFile: logs.path,
    async readLog() {
      await logs.flush()
      return readFile(logs.path, 'utf8')
    },
    root,
    messages() {
      if (sent === null)
        throw new Error('This harness keeps no messages: start it with recordMessages (the test fixture option of that name).')
      return sent
    },
    lastJobId: () => lastJobId,
    openedExternalUrls: () => opened,
    openedFolders: () => openedFolders,
    keepAwakeEvents: () => awake,
    background: background.harness,
    notifications: () => notifications,
    async setDemoFaults(faults) {
      await (await root.services.demoApi()).setFaults(faults)
    },
    clock: { now: clock.now, advance: clock.advance, set: clock.set },
    async close() {
      stopEvents()
      for (const stream of eventStreams) stream.end()
      server.closeAllConnections()
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()))
      try {
        await root.close()
      } finally {
        await logs.close()
      }
    }
  }
}

/** The app's version as package.json gives it; Electron's `app.getVersion()` reads the same field. */
function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version?: unknown }
  return typeof manifest.version === 'string' ? manifest.version : 'unknown'
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' })
  response.end(message)
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 80 * 1024 * 1024) throw new Error('request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
