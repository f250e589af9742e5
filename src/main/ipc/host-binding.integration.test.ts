import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { answeringServer, testDemoApi } from '../http/test-support/loopback-servers'
import { dispatch, type HandlerTable } from './handler-table'
import { createMemoryLogger } from '../logging/logger'

/**
 * A scripted (compromised) renderer tries to make main send the saved secret elsewhere, through
 * the same handler table the window uses. Main keeps the secret for the host it was saved for.
 */
const appWindow = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }

let dataDir: string
let root: AppRoot
let handlers: HandlerTable

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'host-binding-'))
  root = await createAppRoot({
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir: dataDir,
    log: createMemoryLogger(),
    chooseExportPath: async () => null,
    openExternal: async () => undefined
  })
  handlers = root.createHandlers(() => true)
})

afterEach(async () => {
  await root.close()
  await rm(dataDir, { recursive: true, force: true })
})

const call = (channel: string, input?: unknown) => dispatch(handlers, channel, input, appWindow)

/** A server that records every request it gets and answers with a token, as a thief would. */
async function thief(): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = []
  const url = await answeringServer((request, body, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''} ${body}`)
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ access_token: 'stolen', expires_in: 900 }))
  })
  return { url, requests }
}

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
        message: `No client secret is saved for Sandbox with the identity host ${evil.url}. Add it in Settings.`
      }
    }
    expect(await call('connection:test', { environment: 'sandbox' })).toEqual(refusal)
    const lookup = { environment: 'sandbox', stores: [1234], itemType: 'gtin', lines: [{ line: 1, input: '00012345678905' }] }
    expect(await call('jobs:start', lookup)).toEqual(refusal)
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
