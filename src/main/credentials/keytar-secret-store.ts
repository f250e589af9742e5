import { createRequire } from 'node:module'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { SECRET_SERVICE_NAME, type SecretStore } from './secret-store'

/** The three keytar calls the app uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface KeytarSecretStoreOptions {
  /** The keychain service name; tests use their own so they never touch the app's entries. */
  service?: string
  platform?: NodeJS.Platform
  /** How keytar is loaded; tests pass a loader that fails like a missing native module. */
  loadKeytar?: () => KeytarApi
  log?: Logger
}

/** What to install or unlock, per platform, when the keychain cannot be used. */
export function keychainUnavailableMessage(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'The macOS Keychain could not be used, so client secrets cannot be saved or read. Open Keychain Access, unlock your login keychain and allow this app to use it, then try again.'
    case 'win32':
      return 'Windows Credential Manager could not be used, so client secrets cannot be saved or read. Make sure Credential Manager is available for your Windows account, then try again.'
    default:
      return 'The system keychain could not be used, so client secrets cannot be saved or read. Install gnome-keyring (or another Secret Service) and libsecret, and unlock your login keyring, then try again.'
  }
}

const requireFromHere = createRequire(import.meta.url)

function loadInstalledKeytar(): KeytarApi {
  return requireFromHere('keytar') as KeytarApi
}

/**
 * Secrets in the OS keychain through keytar (libsecret on Linux, Keychain on macOS, Credential
 * Manager on Windows). keytar is loaded on first use, so a missing native module or a machine
 * without a Secret Service shows up as `keychain_unavailable` on that call instead of a crash at
 * start-up. There is no plain-text fallback: without a keychain, secrets are not stored at all.
 */
export function createKeytarSecretStore(options: KeytarSecretStoreOptions = {}): SecretStore {
  const service = options.service ?? SECRET_SERVICE_NAME
  const platform = options.platform ?? process.platform
  const load = options.loadKeytar ?? loadInstalledKeytar
  let keytar: KeytarApi | null = null

  async function withKeytar<T>(operation: string, call: (api: KeytarApi) => Promise<T>): Promise<T> {
    try {
      keytar ??= load()
      return await call(keytar)
    } catch (error) {
      options.log?.warn('the OS keychain could not be used', { operation, reason: describe(error) })
      throw new AppError('keychain_unavailable', keychainUnavailableMessage(platform))
    }
  }

  return {
    get: (account) => withKeytar('get', (api) => api.getPassword(service, account)),
    set: (account, secret) => withKeytar('set', (api) => api.setPassword(service, account, secret)),
    delete: (account) => withKeytar('delete', (api) => api.deletePassword(service, account))
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
