import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defaultExportSpec } from '../../shared/export/build-export'
import { DEFAULT_LOW_STOCK_LEVEL } from '../../shared/stock/stock-status'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import type { EchoFormat } from '../http/test-support/echoing-api'
import { answeringServer, echoingApi } from '../http/test-support/loopback-servers'
import { SEARCH_PATHS, TOKEN_PATH } from '../../shared/environments'
import { dispatch, type HandlerTable } from './handler-table'
import type { IpcSender } from '../security/ipc-sender'
import { createMemoryLogger } from '../logging/logger'
import { packInputColumn } from '../../shared/input-column'

/**
 * Servers that echo the request (form body with the secret, headers with the token) in their error
 * bodies, against the whole app: every IPC answer and event, every log line and every export is
 * searched for the secret and the token in any form.
 */
const appWindow: IpcSender = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }
const SECRET = 'CANARY-secret "q\\/+= x~'
const TOKEN = 'CANARY.token-eyJhbGciOiJkaXIifQ..abc.def'
const CLIENT_ID = 'client-1'

let dataDir: string
let root: AppRoot
let handlers: HandlerTable
let log: ReturnType<typeof createMemoryLogger>
const toRenderer: string[] = []

async function call(channel: string, input?: unknown): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> {
  const result = await dispatch(handlers, channel, input, appWindow)
  toRenderer.push(asShown(result))
  return result as { ok: boolean; value?: unknown; error?: { message: string } }
}

/** An answer as text, with bytes (a page of results) as the text the window decodes them to. */
function asShown(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? new TextDecoder().decode(item) : item))
}

/** Every text that left main, as one string: IPC answers and events, log lines, export files. */
async function everythingThatLeftMain(): Promise<string> {
  const files: string[] = []
  for (const name of await readdir(dataDir)) {
    const path = join(dataDir, name)
    if (name.endsWith('.xlsx')) {
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.readFile(path)
      workbook.eachSheet((sheet) => sheet.eachRow((row) => files.push(JSON.stringify(row.values))))
    } else if (name.endsWith('.csv') || name.endsWith('.json')) {
      files.push(await readFile(path, 'utf8'))
    }
  }
  return [...toRenderer, ...log.lines, ...files].join('\n')
}

function expectNoCanary(text: string): void {
  const forms = [SECRET, TOKEN, encodeURIComponent(SECRET), JSON.stringify(SECRET).slice(1, -1), 'CANARY-secret', 'CANARY.token']
  for (const form of forms) expect(text).not.toContain(form)
  expect(text).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 12))
}

/** Points Sandbox at `url` (both its identity and inventory paths) and saves the secret for it. */
async function useServer(url: string): Promise<{ ok: boolean }> {
  await call('settings:update', { environments: { sandbox: { clientId: CLIENT_ID, market: 'custom', authUrl: url, baseUrl: url } } })
  return call('credentials:save', { environment: 'sandbox', clientId: CLIENT_ID, secret: SECRET })
}

/** Starts a lookup of one GTIN at one store on Sandbox, from the window. */
async function startOneSandboxLine(): Promise<string> {
  const started = await call('jobs:start', {
    environment: 'sandbox',
    stores: [1234],
    itemType: 'gtin',
    lines: packInputColumn([{ line: 1, input: '00012345678905' }])
  })
  expect(started.ok).toBe(true)
  return (started.value as { jobId: string }).jobId
}

// Electron's path (net.fetch on main, replies read on the search thread) and the Node entries' (the whole search on the search thread).
describe.each(['main', 'search-thread'] as const)("the searches' HTTP on %s", (searchHttp) => {
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'redaction-test-'))
    log = createMemoryLogger()
    toRenderer.length = 0
    root = await createAppRoot({
      fetch: globalThis.fetch,
      searchHttp,
      now: Date.now,
      sleep: async () => undefined,
      secretStore: createMemorySecretStore(),
      userDataDir: dataDir,
      log,
      chooseExportPath: async (name) => join(dataDir, name),
      openExternal: async () => undefined
    })
    root.onEvent((channel, payload) => toRenderer.push(JSON.stringify({ channel, payload })))
    handlers = root.createHandlers(() => true)
  })

  afterEach(async () => {
    await root.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  describe.each<EchoFormat>(['json', 'xml', 'text'])('servers echoing the request as %s', (format) => {
    it('a rejected token request shows what the server said, without the secret', async () => {
      const api = await echoingApi({ format, token: TOKEN, tokenStatus: 401, searchStatus: 500 })
      expect((await useServer(api.url)).ok).toBe(true)

      const tested = await call('connection:test', { environment: 'sandbox' })
      expect(tested.ok).toBe(false)
      expect(tested.error?.message).toContain('Rejected request.')
      expect(tested.error?.message).toContain('[redacted]')
      expectNoCanary(await everythingThatLeftMain())
    })

    it.each([500, 401])(
      'searches answered %i with the token echoed fail without it, in messages, events, logs and exports',
      async (status) => {
        const api = await echoingApi({ format, token: TOKEN, searchStatus: status })
        await useServer(api.url)
        const jobId = await startOneSandboxLine()
        const settled = await root.services.lookups.whenSettled(jobId)
        expect(settled.failed).toBe(1)
        const results = await call('jobs:results', { jobId, from: 0 })
        expect(asShown(results)).toContain('Rejected request.')
        for (const exportFormat of ['csv', 'json', 'xlsx']) {
          const view = defaultExportSpec('items', [], DEFAULT_LOW_STOCK_LEVEL)
          expect(await call('files:export', { jobId, format: exportFormat, view })).toMatchObject({ ok: true, value: { saved: true } })
        }
        const everything = await everythingThatLeftMain()
        expect(everything).toContain('[redacted]')
        expectNoCanary(everything)
      }
    )
  })

  describe('a server echoing the token inside the items it finds', () => {
    it('History keeps the items redacted, so the pages the window reads undecoded hold no secret or token', async () => {
      const url = await answeringServer((request, _body, response) => {
        const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
        response.writeHead(200, { 'Content-Type': 'application/json' })
        if (path === TOKEN_PATH) {
          response.end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 900 }))
          return
        }
        if (path !== SEARCH_PATHS.sandbox) throw new Error(`unexpected ${path}`)
        const echoed = String(request.headers.authorization)
        response.end(
          JSON.stringify({
            supplier_name: echoed,
            store_nbr: 1234,
            items: [
              {
                gtin: '00012345678905',
                wm_item_number: null,
                inventory_locations: [{ location_area: 'store', state: 'available', quantity: 3, note: echoed }],
                gateway: { seen: echoed, secret: SECRET }
              }
            ]
          })
        )
      })
      await useServer(url)
      const jobId = await startOneSandboxLine()
      expect(await root.services.lookups.whenSettled(jobId)).toMatchObject({ state: 'finished', found: 1 })

      // History's own rows, read without any redaction on the way.
      const stored = JSON.stringify(await root.services.results.page(jobId, 0))
      expect(stored).toContain('[redacted]')
      expect(stored).toContain('"quantity":3')
      expectNoCanary(stored)
      const page = await call('jobs:results', { jobId, from: 0 })
      expect((page.value as { encoded: unknown }).encoded).toBeInstanceOf(Uint8Array)
      expect(asShown(page)).toContain('00012345678905')
      expectNoCanary(await everythingThatLeftMain())
    })
  })

  describe('a page whose stored rows hold the secret', () => {
    it('is redacted on its way to the window, although main hands pages on undecoded: a value typed as the secret, or a row kept before items were redacted where replies are read', async () => {
      await call('credentials:save', { environment: 'sandbox', clientId: CLIENT_ID, secret: SECRET })
      const started = await call('jobs:start', {
        environment: 'demo',
        stores: [100],
        itemType: 'gtin',
        lines: packInputColumn([
          { line: 1, input: '00012345678905' },
          { line: 2, input: SECRET }
        ])
      })
      const { jobId } = started.value as { jobId: string }
      await root.services.lookups.whenSettled(jobId)
      expect(JSON.stringify(await root.services.results.page(jobId, 0))).toContain('CANARY-secret')

      const page = await call('jobs:results', { jobId, from: 0 })
      const shown = JSON.parse(new TextDecoder().decode((page.value as { encoded: Uint8Array }).encoded)) as {
        line: number
        input: string
      }[]
      expect(shown.map(({ line, input }) => ({ line, input })).sort((a, b) => a.line - b.line)).toEqual([
        { line: 1, input: '00012345678905' },
        { line: 2, input: '[redacted]' }
      ])
      expect(page.value).toMatchObject({ count: 2 })
      expectNoCanary(await everythingThatLeftMain())
    })
  })
})
