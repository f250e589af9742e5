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
      secretSaved: false,
      keychainAvailable: true,
      message: null
    })
    expect(await service.getSecret('production')).toBeNull()
  })

  it('saves the secret in the keychain and the client ID in settings, never the secret in settings', async () => {
    const secretStore = createMemorySecretStore()
    const log = createMemoryLogger()
    const service = createCredentialsService({ secretStore, settings, log })

    const status = await service.save('production', '  client-1 ', SECRET)

    expect(status).toEqual({ environment: 'production', clientId: 'client-1', secretSaved: true, keychainAvailable: true, message: null })
    expect([...secretStore.entries()]).toEqual([['production:client-1', SECRET]])
    expect(settings.current().settings.environments.production.clientId).toBe('client-1')
    expect(settings.current().settings.environments.sandbox.clientId).toBe('')
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain(SECRET)
    expect(await service.getSecret('production')).toBe(SECRET)
    expect(await service.getSecret('sandbox')).toBeNull()

    log.info('echoing', { body: `client_secret=${SECRET}` })
    expect(log.lines.join('\n')).not.toContain(SECRET)
  })

  it('replaces the secret and deletes the old entry when the client ID changes', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'old-id', 'old-secret')
    await service.save('sandbox', 'old-id', 'newer-secret')
    expect([...secretStore.entries()]).toEqual([['sandbox:old-id', 'newer-secret']])

    await service.save('sandbox', 'new-id', 'new-secret')
    expect([...secretStore.entries()]).toEqual([['sandbox:new-id', 'new-secret']])
    expect(await service.getSecret('sandbox')).toBe('new-secret')
    expect(await service.getSecret('sandbox', 'old-id')).toBeNull()
  })

  it('keeps environments apart', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('sandbox', 'same-id', 'sandbox-secret')
    await service.save('production', 'same-id', 'production-secret')
    await service.remove('sandbox')

    expect((await service.status('sandbox')).secretSaved).toBe(false)
    expect(await service.getSecret('production')).toBe('production-secret')
  })

  it('removes the secret but keeps the client ID', async () => {
    const secretStore = createMemorySecretStore()
    const service = createCredentialsService({ secretStore, settings })
    await service.save('production', 'client-1', SECRET)

    expect(await service.remove('production')).toEqual({
      environment: 'production',
      clientId: 'client-1',
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
})
