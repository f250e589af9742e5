import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import type { SecretStore } from '../credentials/secret-store'
import { answeringServer, testDemoApi } from '../http/test-support/loopback-servers'
import { dispatch, type HandlerTable } from './handler-table'
import { createMemoryLogger } from '../logging/logger'
import { packInputColumn } from '../../shared/input-column'

/**
 * A scripted (compromised) renderer tries to make main send the saved secret elsewhere, through
 * the same handler table the window uses. Main keeps the secret for the host it was saved for.
 */
const appWindow = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }

let dataDir: string
let root: AppRoot
let handlers: HandlerTable
/** Every request main tried to send, with its headers, whether or not it reached a server. */
let attempts: { origin: string; headers: Headers }[]

/** Starts the app's services on the data folder, as the app does at start, with this keychain. */
async function startApp(secretStore: SecretStore): Promise<void> {
  root = await createAppRoot({
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      attempts.push({ origin: new URL(url).origin, headers: new Headers(init?.headers) })
      return globalThis.fetch(input, init)
    },
    now: Date.now,
    secretStore,
    userDataDir: dataDir,
    log: createMemoryLogger(),
    chooseExportPath: async () => null,
    openExternal: async () => undefined
  })
  handlers = root.createHandlers(() => true)
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'host-binding-'))
  attempts = []
  await startApp(createMemorySecretStore())
})

afterEach(async () => {
  await root.close()
  await rm(dataDir, { recursive: true, force: true })
})

const call = (channel: string, input?: unknown) => dispatch(handlers, channel, input, appWindow)

/** A server that records every request it gets and answers with a token, as a thief would. */
async function thief(options: { selfSignedTls?: boolean } = {}): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = []
  const url = await answeringServer((request, body, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''} ${JSON.stringify(request.headers)} ${body}`)
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ access_token: 'stolen', expires_in: 900 }))
  }, options)
  return { url, requests }
}

/** What main tried to send to `origin` that carries the token or the client ID. */
const credentialedAttempts = (origin: string) =>
  attempts.filter((attempt) => attempt.origin === origin && (attempt.headers.has('authorization') || attempt.headers.has('wm_consumer.id')))

const LOOKUP = { environment: 'sandbox', stores: [1234], itemType: 'gtin', lines: packInputColumn([{ line: 1, input: '00012345678905' }]) }

describe('a secret reaches only the identity host it was saved for', () => {
  it('updateSettings to another host, then testConnection or a lookup: refused, and the other host hears nothing', async () => {
    const api = await testDemoApi()
    const { clientId, clientSecret } = api.credentials
    await call('settings:update', { environments: { sandbox: { clientId, market: 'custom', authUrl: api.url, baseUrl: api.url } } })
    expect(await call('credentials:save', { environment: 'sandbox', clientId, secret: clientSecret })).toMatchObject({ ok: true })
    expect(await call('connection:test', { environment: 'sandbox' })).toMatchObject({ ok: true })

    const evil = await thief()
    expect(await call('settings:update', { environments: { sandbox: { authUrl: evil.url } } })).toMatchObject({ ok: true })
    const refusal = {
      ok: false,
      error: {
        code: 'missing_credentials',
        message: `No client secret is saved for Sandbox with the identity host ${evil.url} and the inventory host ${api.url}: a secret is sent only to the hosts it was saved for, so save it again in Settings.`
      }
    }
    expect(await call('connection:test', { environment: 'sandbox' })).toEqual(refusal)
    expect(await call('jobs:start', LOOKUP)).toEqual(refusal)
    expect(await call('credentials:status', { environment: 'sandbox' })).toMatchObject({
      ok: true,
      value: { identityOrigin: evil.url, secretSaved: false }
    })
    expect(evil.requests).toEqual([])

    // Back on the host it was saved for, the secret works again: nothing was lost on the way.
    await call('settings:update', { environments: { sandbox: { authUrl: api.url } } })
    expect(await call('connection:test', { environment: 'sandbox' })).toMatchObject({ ok: true })
  })

  it.each([
    ['plain http to another computer', 'http://collector.example.com'],
    ['a 140 KB address', `https://collector.example.com/${'a'.repeat(140 * 1024)}`],
    ['credentials in the address', 'https://user:pass@collector.example.com'],
    ['a query', 'https://collector.example.com/?next=1'],
    ['a fragment', 'https://collector.example.com/#x'],
    ['another scheme', 'ftp://collector.example.com']
  ])('updateSettings refuses an identity host with %s, and nothing changes', async (_case, authUrl) => {
    const before = await call('settings:get')
    const result = await call('settings:update', { environments: { sandbox: { authUrl } } })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(JSON.stringify(result).length).toBeLessThan(2000)
    expect(await call('settings:get')).toEqual(before)
  })
})

describe('the token reaches only the inventory host the secret was saved for', () => {
  it('updateSettings sets a hostile https server as the inventory host (market Custom), then jobs:start: it receives no token and no client ID', async () => {
    const api = await testDemoApi()
    const { clientId, clientSecret } = api.credentials
    await call('settings:update', { environments: { sandbox: { clientId, market: 'custom', authUrl: api.url, baseUrl: api.url } } })
    await call('credentials:save', { environment: 'sandbox', clientId, secret: clientSecret })
    const started = await call('jobs:start', LOOKUP)
    expect(started).toMatchObject({ ok: true })
    const jobId = (started as { value: { jobId: string } }).value.jobId
    await root.services.lookups.whenSettled(jobId)
    expect(credentialedAttempts(new URL(api.url).origin).length).toBeGreaterThan(0)

    const evil = await thief({ selfSignedTls: true })
    expect(await call('settings:update', { environments: { sandbox: { market: 'custom', baseUrl: evil.url } } })).toMatchObject({
      ok: true
    })
    expect(await call('credentials:status', { environment: 'sandbox' })).toMatchObject({
      ok: true,
      value: { identityOrigin: api.url, inventoryOrigin: evil.url, secretSaved: false }
    })
    expect(await call('jobs:start', LOOKUP)).toEqual({
      ok: false,
      error: {
        code: 'missing_credentials',
        message: `No client secret is saved for Sandbox with the identity host ${api.url} and the inventory host ${evil.url}: a secret is sent only to the hosts it was saved for, so save it again in Settings.`
      }
    })
    expect(credentialedAttempts(evil.url)).toEqual([])
    expect(evil.requests).toEqual([])

    // Saved again for the new host, the person has chosen it: then, and only then, it is used.
    await call('settings:update', { environments: { sandbox: { baseUrl: api.url } } })
    expect(await call('credentials:status', { environment: 'sandbox' })).toMatchObject({ ok: true, value: { secretSaved: true } })
  })

  it('a Demo lookup is unaffected', async () => {
    const started = await call('jobs:start', { ...LOOKUP, environment: 'demo' })
    expect(started).toMatchObject({ ok: true })
    const progress = await root.services.lookups.whenSettled((started as { value: { jobId: string } }).value.jobId)
    expect(progress.state).toBe('finished')
  })
})

describe('a secret saved before host binding', () => {
  it('is never bound to an identity host the renderer wrote into the settings before a restart', async () => {
    const clientId = 'legacy-client'
    const secretStore = createMemorySecretStore({ [`sandbox:${clientId}`]: 'the-legacy-secret' })
    await root.close()
    await startApp(secretStore)
    const evil = await thief()
    await call('settings:update', { environments: { sandbox: { clientId, market: 'custom', authUrl: evil.url } } })

    await root.close()
    await startApp(secretStore)
    expect(await call('connection:test', { environment: 'sandbox' })).toMatchObject({ ok: false, error: { code: 'missing_credentials' } })
    expect(await call('credentials:status', { environment: 'sandbox' })).toMatchObject({ ok: true, value: { secretSaved: false } })
    expect(attempts.filter((attempt) => attempt.origin === evil.url)).toEqual([])
    expect(evil.requests).toEqual([])
    expect([...secretStore.entries()]).toEqual([[`sandbox:${clientId}`, 'the-legacy-secret']])
  })
})
