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
      secretSaved: false,
      keychainAvailable: true,
      message: null
    })
    expect(await service.getSecret('production', 'client-1', PRODUCTION_ORIGIN)).toBeNull()
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
      secretSaved: true,
      keychainAvailable: true,
      message: null
    })
    expect([...secretStore.entries()]).toEqual([[`production:client-1@${PRODUCTION_ORIGIN}`, SECRET]])
    expect(settings.current().settings.environments.production.clientId).toBe('client-1')
    expect(settings.current().settings.environments.sandbox.clientId).toBe('')
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain(SECRET)
    expect(await service.getSecret('production', 'client-1', PRODUCTION_ORIGIN)).toBe(SECRET)
    expect(await service.getSecret('sandbox', 'client-1', SANDBOX_ORIGIN)).toBeNull()

    log.info('echoing', { body: `client_secret=${SECRET}` })
    expect(log.lines.join('\n')).not.toContain(SECRET)
  })

  it('replaces the secret and deletes the old entry when the client ID changes', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'old-id', 'old-secret')
    await service.save('sandbox', 'old-id', 'newer-secret')
    expect([...secretStore.entries()]).toEqual([[`sandbox:old-id@${SANDBOX_ORIGIN}`, 'newer-secret']])

    await service.save('sandbox', 'new-id', 'new-secret')
    expect([...secretStore.entries()]).toEqual([[`sandbox:new-id@${SANDBOX_ORIGIN}`, 'new-secret']])
    expect(await service.getSecret('sandbox', 'new-id', SANDBOX_ORIGIN)).toBe('new-secret')
    expect(await service.getSecret('sandbox', 'old-id', SANDBOX_ORIGIN)).toBeNull()
  })

  it('keeps environments apart', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'same-id', 'sandbox-secret')
    await service.save('production', 'same-id', 'production-secret')
    await service.remove('sandbox')

    expect((await service.status('sandbox')).secretSaved).toBe(false)
    expect(await service.getSecret('production', 'same-id', PRODUCTION_ORIGIN)).toBe('production-secret')
  })

  it('removes the secret but keeps the client ID', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('production', 'client-1', SECRET)

    expect(await service.remove('production')).toEqual({
      environment: 'production',
      clientId: 'client-1',
      identityOrigin: PRODUCTION_ORIGIN,
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

  it('reads a secret only for the identity host it was saved for; another host asks for it again', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'client-1', SECRET)
    expect(await service.getSecret('sandbox', 'client-1', `${SANDBOX_ORIGIN}/some/prefix/`)).toBe(SECRET)
    for (const elsewhere of ['https://evil.example', 'http://developer.api.stg.walmart.com', `${SANDBOX_ORIGIN}:8443`]) {
      expect(await service.getSecret('sandbox', 'client-1', elsewhere)).toBeNull()
    }

    await settings.update({ environments: { sandbox: { authUrl: 'https://identity.example.com', market: 'custom' } } })
    expect(await service.status('sandbox')).toMatchObject({ identityOrigin: 'https://identity.example.com', secretSaved: false })
    await settings.update({ environments: { sandbox: { authUrl: SANDBOX_ORIGIN } } })
    expect((await service.status('sandbox')).secretSaved).toBe(true)
  })

  describe('a secret saved before secrets were bound to a host', () => {
    async function withLegacyEntry(clientId: string) {
      await settings.update({ environments: { sandbox: { clientId } } })
      const secretStore = createMemorySecretStore({ [`sandbox:${clientId}`]: SECRET })
      return { secretStore, service: createCredentialsService({ secretStore, settings }) }
    }

    it('moves once to the identity host configured at start-up, without asking again', async () => {
      const { secretStore, service } = await withLegacyEntry('client-1')
      service.adoptStartupHosts()
      expect(await service.status('sandbox')).toMatchObject({ secretSaved: true })
      expect([...secretStore.entries()]).toEqual([[`sandbox:client-1@${SANDBOX_ORIGIN}`, SECRET]])
      expect(await service.getSecret('sandbox', 'client-1', SANDBOX_ORIGIN)).toBe(SECRET)
    })

    it('never moves to a host configured after start-up, as a compromised page would do', async () => {
      const { secretStore, service } = await withLegacyEntry('client-1')
      service.adoptStartupHosts()
      await settings.update({ environments: { sandbox: { authUrl: 'https://evil.example', market: 'custom' } } })
      expect(await service.getSecret('sandbox', 'client-1', 'https://evil.example')).toBeNull()
      expect((await service.status('sandbox')).secretSaved).toBe(false)
      expect([...secretStore.entries()]).toEqual([['sandbox:client-1', SECRET]])
    })

    it('is never moved before the start-up hosts are known', async () => {
      const { service } = await withLegacyEntry('client-1')
      expect(await service.getSecret('sandbox', 'client-1', SANDBOX_ORIGIN)).toBeNull()
    })
  })
})
