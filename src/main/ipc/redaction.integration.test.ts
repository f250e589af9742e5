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
import { echoingApi } from '../http/test-support/loopback-servers'
import { dispatch, type HandlerTable } from './handler-table'
import type { IpcSender } from '../security/ipc-sender'
import { createMemoryLogger } from '../logging/logger'

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
  toRenderer.push(JSON.stringify(result))
  return result as { ok: boolean; value?: unknown; error?: { message: string } }
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'redaction-test-'))
  log = createMemoryLogger()
  toRenderer.length = 0
  root = await createAppRoot({
    fetch: globalThis.fetch,
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

describe.each<EchoFormat>(['json', 'xml', 'text'])('servers echoing the request as %s', (format) => {
  it('a rejected token request shows what the server said, without the secret', async () => {
    const api = await echoingApi({ format, token: TOKEN, tokenStatus: 401, searchStatus: 500 })
    await call('settings:update', {
      environments: { sandbox: { clientId: CLIENT_ID, market: 'custom', authUrl: api.url, baseUrl: api.url } }
    })
    expect((await call('credentials:save', { environment: 'sandbox', clientId: CLIENT_ID, secret: SECRET })).ok).toBe(true)

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
      await call('settings:update', {
        environments: { sandbox: { clientId: CLIENT_ID, market: 'custom', authUrl: api.url, baseUrl: api.url } }
      })
      await call('credentials:save', { environment: 'sandbox', clientId: CLIENT_ID, secret: SECRET })

      const started = await call('jobs:start', {
        environment: 'sandbox',
        stores: [1234],
        itemType: 'gtin',
        lines: [{ line: 1, input: '00012345678905' }]
      })
      expect(started.ok).toBe(true)
      const { jobId } = started.value as { jobId: string }
      const settled = await root.services.lookups.whenSettled(jobId)
      expect(settled.failed).toBe(1)
      const results = await call('jobs:results', { jobId, from: 0 })
      expect(JSON.stringify(results)).toContain('Rejected request.')
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
