import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { createMemoryLogger } from '../logging/logger'
import { createSettingsStore, type SettingsStore } from '../settings/settings-store'
import { createCredentialsService } from './credentials-service'
import { keychainUnavailableMessage } from './keytar-secret-store'
import { createMemorySecretStore } from './memory-secret-store'
import type { SecretStore } from './secret-store'

const SECRET = 'an-example-client-secret+/='
const SANDBOX_ORIGIN = 'https://developer.api.stg.walmart.com'
const PRODUCTION_ORIGIN = 'https://developer.api.walmart.com'
const SANDBOX_INVENTORY = 'https://api.stg.walmartdataventures.ca'
const PRODUCTION_INVENTORY = 'https://api.walmartdataventures.ca'
const SANDBOX_HOSTS = { authUrl: SANDBOX_ORIGIN, baseUrl: SANDBOX_INVENTORY }
const PRODUCTION_HOSTS = { authUrl: PRODUCTION_ORIGIN, baseUrl: PRODUCTION_INVENTORY }
const SANDBOX_ENTRY = `${SANDBOX_ORIGIN}|${SANDBOX_INVENTORY}`
const PRODUCTION_ENTRY = `${PRODUCTION_ORIGIN}|${PRODUCTION_INVENTORY}`
/** What getSecret gives for a secret saved for the environment's default hosts. */
const bound = (secret: string, environment: 'sandbox' | 'production') => ({
  secret,
  binding:
    environment === 'sandbox'
      ? { identityOrigin: SANDBOX_ORIGIN, inventoryOrigin: SANDBOX_INVENTORY }
      : { identityOrigin: PRODUCTION_ORIGIN, inventoryOrigin: PRODUCTION_INVENTORY }
})

let dir: string
let settings: SettingsStore

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'credentials-'))
  settings = createSettingsStore({ dir, log: createMemoryLogger() })
  await settings.load()
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const unavailable = new AppError('keychain_unavailable', keychainUnavailableMessage('linux'))
const brokenKeychain: SecretStore = {
  get: () => Promise.reject(unavailable),
  set: () => Promise.reject(unavailable),
  delete: () => Promise.reject(unavailable)
}

describe('credentials service', () => {
  it('reports nothing saved on a fresh install', async () => {
    const service = createCredentialsService({ secretStore: createMemorySecretStore(), settings })
    expect(await service.status('production')).toEqual({
      environment: 'production',
      clientId: '',
      identityOrigin: PRODUCTION_ORIGIN,
      inventoryOrigin: PRODUCTION_INVENTORY,
      secretSaved: false,
      keychainAvailable: true,
      message: null
    })
    expect(await service.getSecret('production', 'client-1', PRODUCTION_HOSTS)).toBeNull()
  })

  it('saves the secret in the keychain and the client ID in settings, never the secret in settings', async () => {
    const secretStore = createMemorySecretStore()
    const log = createMemoryLogger()
    const service = createCredentialsService({ secretStore, settings, log })

    const status = await service.save('production', '  client-1 ', SECRET)

    expect(status).toEqual({
      environment: 'production',
      clientId: 'client-1',
      identityOrigin: PRODUCTION_ORIGIN,
      inventoryOrigin: PRODUCTION_INVENTORY,
      secretSaved: true,
      keychainAvailable: true,
      message: null
    })
    expect([...secretStore.entries()]).toEqual([[`production:client-1@${PRODUCTION_ENTRY}`, SECRET]])
    expect(settings.current().settings.environments.production.clientId).toBe('client-1')
    expect(settings.current().settings.environments.sandbox.clientId).toBe('')
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain(SECRET)
    expect(await service.getSecret('production', 'client-1', PRODUCTION_HOSTS)).toEqual(bound(SECRET, 'production'))
    expect(await service.getSecret('sandbox', 'client-1', SANDBOX_HOSTS)).toBeNull()

    log.info('echoing', { body: `client_secret=${SECRET}` })
    expect(log.lines.join('\n')).not.toContain(SECRET)
  })

  it('replaces the secret and deletes the old entry when the client ID changes', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'old-id', 'old-secret')
    await service.save('sandbox', 'old-id', 'newer-secret')
    expect([...secretStore.entries()]).toEqual([[`sandbox:old-id@${SANDBOX_ENTRY}`, 'newer-secret']])

    await service.save('sandbox', 'new-id', 'new-secret')
    expect([...secretStore.entries()]).toEqual([[`sandbox:new-id@${SANDBOX_ENTRY}`, 'new-secret']])
    expect(await service.getSecret('sandbox', 'new-id', SANDBOX_HOSTS)).toEqual(bound('new-secret', 'sandbox'))
    expect(await service.getSecret('sandbox', 'old-id', SANDBOX_HOSTS)).toBeNull()
  })

  it('keeps environments apart', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'same-id', 'sandbox-secret')
    await service.save('production', 'same-id', 'production-secret')
    await service.remove('sandbox')

    expect((await service.status('sandbox')).secretSaved).toBe(false)
    expect(await service.getSecret('production', 'same-id', PRODUCTION_HOSTS)).toEqual(bound('production-secret', 'production'))
  })

  it('removes the secret but keeps the client ID', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('production', 'client-1', SECRET)

    expect(await service.remove('production')).toEqual({
      environment: 'production',
      clientId: 'client-1',
      identityOrigin: PRODUCTION_ORIGIN,
      inventoryOrigin: PRODUCTION_INVENTORY,
      secretSaved: false,
      keychainAvailable: true,
      message: null
    })
    expect(secretStore.entries().size).toBe(0)
  })

  it('shows an unreachable keychain in the status instead of throwing', async () => {
    const service = createCredentialsService({ secretStore: brokenKeychain, settings })
    expect(await service.status('sandbox')).toEqual({
      environment: 'sandbox',
      clientId: '',
      identityOrigin: SANDBOX_ORIGIN,
      inventoryOrigin: SANDBOX_INVENTORY,
      secretSaved: false,
      keychainAvailable: false,
      message: keychainUnavailableMessage('linux')
    })
  })

  it('throws keychain_unavailable from save and leaves the client ID unchanged', async () => {
    const service = createCredentialsService({ secretStore: brokenKeychain, settings })
    await expect(service.save('production', 'client-1', SECRET)).rejects.toMatchObject({
      code: 'keychain_unavailable',
      message: expect.stringContaining('gnome-keyring')
    })
    expect(settings.current().settings.environments.production.clientId).toBe('')
  })

  it('lets other keychain failures through from status', async () => {
    const failing: SecretStore = { ...brokenKeychain, get: () => Promise.reject(new Error('a bug')) }
    const service = createCredentialsService({ secretStore: failing, settings })
    await expect(service.status('production')).rejects.toThrow('a bug')
  })

  it('reads a secret only for the identity and inventory hosts it was saved for; another host asks for it again', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'client-1', SECRET)
    expect(await service.getSecret('sandbox', 'client-1', { ...SANDBOX_HOSTS, authUrl: `${SANDBOX_ORIGIN}/some/prefix/` })).toEqual(
      bound(SECRET, 'sandbox')
    )
    for (const elsewhere of ['https://evil.example', 'http://developer.api.stg.walmart.com', `${SANDBOX_ORIGIN}:8443`]) {
      expect(await service.getSecret('sandbox', 'client-1', { ...SANDBOX_HOSTS, authUrl: elsewhere })).toBeNull()
    }
    for (const elsewhere of ['https://evil.example', 'https://api.stg.walmartdataventures.mx', `${SANDBOX_INVENTORY}:8443`]) {
      expect(await service.getSecret('sandbox', 'client-1', { ...SANDBOX_HOSTS, baseUrl: elsewhere })).toBeNull()
    }

    await settings.update({ environments: { sandbox: { authUrl: 'https://identity.example.com', market: 'custom' } } })
    expect(await service.status('sandbox')).toMatchObject({ identityOrigin: 'https://identity.example.com', secretSaved: false })
    await settings.update({ environments: { sandbox: { authUrl: SANDBOX_ORIGIN, baseUrl: 'https://inventory.example.com' } } })
    expect(await service.status('sandbox')).toMatchObject({ inventoryOrigin: 'https://inventory.example.com', secretSaved: false })
    await settings.update({ environments: { sandbox: { market: 'mexico', baseUrl: 'https://api.stg.walmartdataventures.mx' } } })
    expect((await service.status('sandbox')).secretSaved).toBe(false)
    await settings.update({ environments: { sandbox: { market: 'canada', baseUrl: SANDBOX_INVENTORY } } })
    expect((await service.status('sandbox')).secretSaved).toBe(true)
  })

  it('a secret saved for a Custom inventory host is read for that host, and removed with it', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    const custom = { authUrl: 'https://identity.example.com', baseUrl: 'https://inventory.example.com' }
    await settings.update({ environments: { sandbox: { market: 'custom', ...custom } } })
    await service.save('sandbox', 'client-1', SECRET)
    expect([...secretStore.entries()]).toEqual([[`sandbox:client-1@${custom.authUrl}|${custom.baseUrl}`, SECRET]])
    expect(await service.getSecret('sandbox', 'client-1', custom)).toEqual({
      secret: SECRET,
      binding: { identityOrigin: custom.authUrl, inventoryOrigin: custom.baseUrl }
    })
    await service.remove('sandbox')
    expect([...secretStore.entries()]).toEqual([])
  })

  describe('a secret saved before secrets were bound to both hosts', () => {
    async function withEntry(account: string) {
      await settings.update({ environments: { sandbox: { clientId: 'client-1' } } })
      const secretStore = createMemorySecretStore({ [account]: SECRET })
      return { secretStore, service: createCredentialsService({ secretStore, settings }) }
    }

    it.each([
      ['bound to no host', 'sandbox:client-1'],
      ['bound to its identity host only', `sandbox:client-1@${SANDBOX_ORIGIN}`]
    ])('%s moves once to the preset hosts, without asking again', async (_case, account) => {
      const { secretStore, service } = await withEntry(account)
      expect(await service.status('sandbox')).toMatchObject({ secretSaved: true })
      expect([...secretStore.entries()]).toEqual([[`sandbox:client-1@${SANDBOX_ENTRY}`, SECRET]])
      expect(await service.getSecret('sandbox', 'client-1', SANDBOX_HOSTS)).toEqual(bound(SECRET, 'sandbox'))
    })

    it("moves to another market's preset inventory host, which the app ships", async () => {
      const { secretStore, service } = await withEntry('sandbox:client-1')
      const mexico = { authUrl: SANDBOX_ORIGIN, baseUrl: 'https://api.stg.walmartdataventures.mx' }
      await settings.update({ environments: { sandbox: { market: 'mexico', ...mexico } } })
      expect((await service.status('sandbox')).secretSaved).toBe(true)
      expect([...secretStore.entries()]).toEqual([[`sandbox:client-1@${SANDBOX_ORIGIN}|${mexico.baseUrl}`, SECRET]])
    })

    it.each([
      ['an identity host written in the settings file', { authUrl: 'https://evil.example', market: 'custom' as const }, 'sandbox:client-1'],
      [
        'an inventory host written in the settings file',
        { baseUrl: 'https://evil.example', market: 'custom' as const },
        'sandbox:client-1'
      ],
      [
        'a Custom inventory host, for an entry bound to its identity host',
        { baseUrl: 'https://inventory.example.com', market: 'custom' as const },
        `sandbox:client-1@${SANDBOX_ORIGIN}`
      ],
      ["the other environment's preset identity host", { authUrl: PRODUCTION_ORIGIN }, 'sandbox:client-1']
    ])('never moves to %s: the secret is asked for again', async (_case, hosts, account) => {
      const { secretStore, service } = await withEntry(account)
      await settings.update({ environments: { sandbox: hosts } })
      const configured = settings.current().settings.environments.sandbox
      expect(await service.getSecret('sandbox', 'client-1', configured)).toBeNull()
      expect((await service.status('sandbox')).secretSaved).toBe(false)
      expect([...secretStore.entries()]).toEqual([[account, SECRET]])
    })

    it('is removed with Remove, and replaced by a secret saved anew', async () => {
      const { secretStore, service } = await withEntry('sandbox:client-1')
      await settings.update({ environments: { sandbox: { baseUrl: 'https://inventory.example.com', market: 'custom' } } })
      await service.save('sandbox', 'client-1', 'a-new-secret')
      expect([...secretStore.entries()]).toEqual([[`sandbox:client-1@${SANDBOX_ORIGIN}|https://inventory.example.com`, 'a-new-secret']])
    })
  })
})
