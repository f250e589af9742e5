import { existsSync, statSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { chromium } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { builtThreads } from '../scripts/built-threads'
import { createAppRoot } from '../src/main/composition-root'
import { createMemorySecretStore } from '../src/main/credentials/memory-secret-store'
import { openHistoryConnection } from '../src/main/history/open-history-database'
import { seedRunSummaries } from '../src/main/history/test-support/seed-summaries'
import { dispatch, type HandlerTable } from '../src/main/ipc/handler-table'
import { createLogger } from '../src/main/logging/logger'
import type { PackedTrends } from '../src/shared/trends/packed-trends'

/**
 * Trends benchmark (`npm run bench:trends`; not a test). Prints, against the targets of issue 20:
 *
 * 1. Trends of a watchlist's year (730 runs x 50 stores x 2,000 items, summaries seeded straight into
 *    History and labelled as the watchlist's runs) read through the app's handler table as its Trends
 *    button asks (`history:trends` with the watchlist's id; main picks the runs and reads them on
 *    History's reader thread): the first read and the median of the next ones. Target < 500 ms.
 * 2. History's size for those summaries (database and its log). Target < 1 GB.
 * 3. The Trends view (the app's component) drawing 90 runs x 50 stores in Chromium: render call to
 *    the first painted frame, median of fresh page loads. Target < 300 ms. And when its data tables
 *    and worst items, which come in after that frame, were all drawn.
 *
 * Options: `--runs N` (730), `--stores N` (50), `--items N` (2000), `--loads N` page loads (5).
 */
function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? undefined : Number(process.argv[index + 1])
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback
}

const RUNS = option('runs', 730)
const STORES = option('stores', 50)
const ITEMS = option('items', 2000)
const LOADS = option('loads', 5)
const ROOT = resolve(import.meta.dirname, '..')
const PAGE_DIR = join(ROOT, 'bench', 'trends-page')
const OUT_DIR = join(ROOT, '.bench', 'trends-page')
const SENDER = { webContentsId: 1, frameUrl: 'app://bench', isMainFrame: true }
const MB = 1024 * 1024

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const verdict = (value: number, limit: number) => (value < limit ? 'PASS' : 'FAIL')

async function call<T>(handlers: HandlerTable, channel: string, input: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, input, SENDER)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

const WATCHLIST_ID = 'bench-morning-check'

/** The seeded runs as a watchlist's, each following the one before, as Run now labels them. */
function labelAsWatchlistRuns(path: string, ids: readonly number[]): void {
  const db = openHistoryConnection(path)
  const insert = db.prepare(
    "INSERT INTO lookup_origins (lookup_id, watchlist_id, watchlist_name, follows) VALUES (?, ?, 'Morning check', ?)"
  )
  db.exec('BEGIN')
  ids.forEach((id, index) => insert.run(id, WATCHLIST_ID, ids[index - 1] ?? null))
  db.exec('COMMIT')
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
}

async function mainSide(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'trends-bench-'))
  const root = await createAppRoot({
    fetch,
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir: dir,
    log: createLogger(() => undefined),
    chooseExportPath: async () => null,
    openExternal: async () => undefined,
    // As the app starts it.
    startHistoryReader: true,
    ...builtThreads()
  })
  try {
    const handlers = root.createHandlers(() => true)
    await call(handlers, 'history:list', {})
    const path = root.services.history.path
    if (path === null) throw new Error('History did not open on a file')
    console.log(`Seeding ${RUNS} runs x ${STORES} stores x ${ITEMS.toLocaleString('en-US')} items of summaries (not measured)...`)
    const seeding = openHistoryConnection(path)
    const ids = seedRunSummaries(seeding, {
      runs: RUNS,
      stores: STORES,
      items: ITEMS,
      startAt: Date.now() - RUNS * 43_200_000,
      everyMs: 43_200_000
    })
    seeding.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    seeding.close()
    const bytes = statSync(path).size + (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0)
    labelAsWatchlistRuns(path, ids)

    const times: number[] = []
    let trends: PackedTrends | null = null
    for (let n = 0; n < 6; n += 1) {
      const started = performance.now()
      trends = await call<PackedTrends>(handlers, 'history:trends', { watchlistId: WATCHLIST_ID })
      times.push(performance.now() - started)
    }
    const [first = Number.NaN, ...rest] = times
    const pairs = trends?.worst.item.length ?? 0
    console.log(
      `\n1. Trends of ${RUNS} runs x ${STORES} stores x ${ITEMS.toLocaleString('en-US')} items through history:trends (${trends?.runs.jobIds.length ?? 0} runs, ${pairs.toLocaleString('en-US')} worst pairs)`
    )
    console.log(
      `   first read ${first.toFixed(0)} ms ${verdict(first, 500)}; next ${rest.length} reads median ${median(rest).toFixed(0)} ms ${verdict(median(rest), 500)} (${rest.map((t) => t.toFixed(0)).join(', ')}) [target < 500 ms]`
    )
    console.log(`\n2. History's size for those summaries: ${(bytes / MB).toFixed(1)} MB ${verdict(bytes, 1024 * MB)} [target < 1 GB]`)
  } finally {
    await root.close()
    await rm(dir, { recursive: true, force: true })
  }
}

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8'
  }
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(dir + sep)) return void response.writeHead(403).end()
    readFile(file).then(
      (body) => response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end()
    )
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

async function rendererSide(): Promise<void> {
  await build({
    configFile: false,
    root: PAGE_DIR,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: OUT_DIR, emptyOutDir: true }
  })
  const server = await serve(OUT_DIR)
  const executablePath = existsSync(chromium.executablePath())
    ? undefined
    : existsSync('/usr/bin/chromium')
      ? '/usr/bin/chromium'
      : undefined
  const browser = await chromium.launch({
    ...(executablePath === undefined ? {} : { executablePath }),
    args: ['--no-sandbox', '--disable-gpu']
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
    const { port } = server.address() as AddressInfo
    const times: number[] = []
    const tables: number[] = []
    let shape = ''
    for (let load = 0; load < LOADS; load += 1) {
      await page.goto(`http://127.0.0.1:${port}/index.html?runs=90&stores=${STORES}&items=${ITEMS}`)
      await page.waitForFunction('window.trendsBench !== undefined')
      times.push((await page.evaluate('window.trendsBench.mount()')) as number)
      tables.push((await page.evaluate('window.trendsBench.tablesIn()')) as number)
      shape = `${String(await page.evaluate('window.trendsBench.paths()'))} lines, ${String(await page.evaluate('window.trendsBench.points()'))} points`
    }
    const middle = median(times)
    console.log(
      `\n3. Trends view drawing 90 runs x ${STORES} stores in Chromium (${shape}): median ${middle.toFixed(0)} ms ${verdict(middle, 300)} over ${LOADS} page loads (${times.map((t) => t.toFixed(0)).join(', ')}) [target < 300 ms]`
    )
    console.log(
      `   its data tables and the worst items (drawn after the charts' first frame) in by a median ${median(tables).toFixed(0)} ms (${tables.map((t) => t.toFixed(0)).join(', ')})`
    )
  } finally {
    await browser.close()
    server.close()
  }
}

console.log(
  `Trends benchmark on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`
)
await mainSide()
await rendererSide()
console.log(
  `\nLoad at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`
)
