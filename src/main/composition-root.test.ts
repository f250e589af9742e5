import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppRoot, type AppRoot } from './composition-root'
import { createMemorySecretStore } from './credentials/memory-secret-store'
import { startDemoApi, type DemoApiHandle } from './demo-api/demo-api'
import { dispatch, type HandlerTable } from './ipc/handler-table'
import type { IpcSender } from './security/ipc-sender'
import { checkJobInvariant } from './jobs/job-invariant'
import { createMemoryLogger } from './logging/logger'
import type { JobProgress } from '../shared/domain/job-progress'
import type { LineResult } from '../shared/domain/line-result'
import { gs1CheckDigit } from '../shared/domain/gtin'
import { defaultExportSpec } from '../shared/export/build-export'
import { DEFAULT_LOW_STOCK_LEVEL } from '../shared/stock/stock-status'
import { decodeResultPage, type EncodedResultPage } from '../shared/domain/result-page'
import { eventContract } from '../shared/event-contract'
import { packInputColumn } from '../shared/input-column'

/**
 * The app as the renderer sees it: the real root, a real loopback API standing in for Sandbox,
 * and every message that would cross to the renderer recorded, so secrets and tokens can be
 * searched for in all of it.
 */
const appWindow: IpcSender = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }

let dataDir: string
let sandbox: DemoApiHandle
let root: AppRoot
let handlers: HandlerTable
let log: ReturnType<typeof createMemoryLogger>
const toRenderer: string[] = []

async function call(channel: string, input?: unknown): Promise<unknown> {
  const result = await dispatch(handlers, channel, input, appWindow)
  toRenderer.push(JSON.stringify(result))
  return result
}

function gtins(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const data = String(70_000_000_000 + index * 7).padStart(13, '0')
    return `${data}${gs1CheckDigit(data)}`
  })
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'root-test-'))
  sandbox = await startDemoApi({ faults: { latencyMs: 5 } })
  log = createMemoryLogger()
  toRenderer.length = 0
  root = await createAppRoot({
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir: dataDir,
    log,
    chooseExportPath: async (name) => join(dataDir, name),
    openExternal: async () => {}
  })
  root.onEvent((channel, payload) => toRenderer.push(JSON.stringify({ channel, payload })))
  handlers = root.createHandlers((sender) => sender.isMainFrame && sender.frameUrl.startsWith('app://'))
  await call('settings:update', {
    environments: { sandbox: { clientId: sandbox.credentials.clientId, authUrl: sandbox.url, baseUrl: sandbox.url, market: 'custom' } }
  })
})

afterEach(async () => {
  await root.close()
  await sandbox.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function settle(jobId: string): Promise<{ progress: JobProgress; entries: LineResult[] }> {
  const progress = await root.services.lookups.whenSettled(jobId)
  const results = (await call('jobs:results', { jobId, from: 0 })) as { ok: true; value: EncodedResultPage }
  return { progress, entries: decodeResultPage(results.value) }
}

describe('composition root, end to end over the handler table', () => {
  it("removes at start the temporary files of a killed run's exports, wherever they were, and keeps a running one's", async () => {
    const exportDir = join(dataDir, 'exports')
    await mkdir(exportDir)
    const dead = join(exportDir, '.results.xlsx.9999991-0123456789ab.tmp')
    const running = join(exportDir, `.results.csv.${process.pid}-0123456789ab.tmp`)
    await writeFile(dead, 'half an export')
    await writeFile(running, 'in progress')
    await writeFile(join(dataDir, 'temp-files-9999991.txt'), `${dead}\n`)
    await writeFile(join(dataDir, `temp-files-${process.pid}.txt`), `${running}\n`)
    const again = await createAppRoot({
      fetch: globalThis.fetch,
      now: Date.now,
      secretStore: createMemorySecretStore(),
      userDataDir: dataDir,
      log,
      chooseExportPath: async () => null,
      openExternal: async () => {}
    })
    await again.close()
    expect(await readdir(exportDir)).toEqual([`.results.csv.${process.pid}-0123456789ab.tmp`])
    expect(await readdir(dataDir)).not.toContain('temp-files-9999991.txt')
  })

  it('runs a Sandbox lookup with a secret from the keychain and never lets the secret or a token out', async () => {
    const secret = sandbox.credentials.clientSecret
    expect(await call('credentials:save', { environment: 'sandbox', clientId: sandbox.credentials.clientId, secret })).toMatchObject({
      ok: true,
      value: { secretSaved: true }
    })
    expect(await call('connection:test', { environment: 'sandbox' })).toMatchObject({ ok: true, value: { environment: 'sandbox' } })

    const values = gtins(250)
    const lines = values.map((input, index) => ({ line: index + 1, input }))
    const started = (await call('jobs:start', {
      environment: 'sandbox',
      stores: [4321],
      itemType: 'gtin',
      lines: packInputColumn(lines)
    })) as {
      ok: true
      value: JobProgress
    }
    // A token the server expires before the client expects it: the batch is retried once with a new token.
    sandbox.expireAllTokens()
    const { progress, entries } = await settle(started.value.jobId)
    expect(progress.state).toBe('finished')
    expect(progress.failed).toBe(0)
    expect(checkJobInvariant(lines, entries, progress)).toEqual([])

    const target = await root.services.targets.resolve('sandbox')
    const { token } = await root.services.tokens.getToken(target)
    const everything = [...toRenderer, ...log.lines].join('\n')
    expect(everything).not.toContain(secret)
    expect(everything).not.toContain(encodeURIComponent(secret))
    expect(everything).not.toContain(token)
    expect(sandbox.stats().tokenRequests).toBeGreaterThanOrEqual(2)
  })

  it('explains a wrong secret without repeating it', async () => {
    const wrong = 'wrong-secret-canary-7f3a9'
    await call('credentials:save', { environment: 'sandbox', clientId: sandbox.credentials.clientId, secret: wrong })
    const result = await call('connection:test', { environment: 'sandbox' })
    expect(result).toMatchObject({ ok: false, error: { code: 'wrong_credentials' } })
    expect([...toRenderer, ...log.lines].join('\n')).not.toContain(wrong)
  })

  it('asks for credentials before it calls a remote environment without them', async () => {
    expect(
      await call('jobs:start', {
        environment: 'production',
        stores: [1],
        itemType: 'gtin',
        lines: packInputColumn([{ line: 1, input: '96385074' }])
      })
    ).toMatchObject({
      ok: false,
      error: { code: 'missing_credentials' }
    })
  })

  it('runs Demo out of the box and exports what it found', async () => {
    const lines = gtins(30).map((input, index) => ({ line: index + 1, input }))
    const started = (await call('jobs:start', {
      environment: 'demo',
      stores: [1234],
      itemType: 'gtin',
      lines: packInputColumn(lines)
    })) as {
      ok: true
      value: JobProgress
    }
    const { progress, entries } = await settle(started.value.jobId)
    expect(checkJobInvariant(lines, entries, progress)).toEqual([])
    expect(progress.found + progress.notFound).toBe(30)
    const view = defaultExportSpec('items', progress.carriedColumns, DEFAULT_LOW_STOCK_LEVEL)
    const exported = await call('files:export', { jobId: started.value.jobId, format: 'json', view })
    expect(exported).toMatchObject({ ok: true, value: { saved: true, rows: 30 } })
    const refused = await call('files:export', { jobId: started.value.jobId, format: 'json', view: { ...view, columns: ['constructor'] } })
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it("tells the window of a change of the settings it did not make: the tray's Pause and Resume schedules", async () => {
    /** Every settings event the window was sent, read as the contract declares it. */
    const told = () =>
      toRenderer
        .map((message) => JSON.parse(message) as { channel?: string; payload?: unknown })
        .filter((message) => message.channel === 'settings:changed')
        .map((message) => eventContract.onSettingsChanged.payload.parse(message.payload))
    const before = told().length
    await root.services.background.choose({ kind: 'pause' })
    expect(root.services.schedules.paused()).toBe(true)
    const paused = told().slice(before)
    expect(paused).toHaveLength(1)
    // The settings as the window would read them again: nothing left for it to ask.
    expect(paused[0]?.settings.schedulesPaused).toBe(true)
    const read = (await call('settings:get')) as { ok: true; value: unknown }
    expect(paused[0]).toEqual(read.value)
    await root.services.background.choose({ kind: 'resume' })
    expect(told().at(-1)?.settings.schedulesPaused).toBe(false)
  })
})
