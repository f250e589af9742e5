import { createRequire } from 'node:module'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import { isDefaultKeyringLocked } from './keyring-lock'
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
  /** Asked when a read finds nothing: a locked keyring answers reads with "nothing saved". Linux only by default. */
  isLocked?: () => Promise<boolean>
  log?: Logger
}

/** What to unlock, and how, per platform, when the keychain is locked. */
export function keychainLockedMessage(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'Your macOS login keychain is locked, so client secrets cannot be read or saved. Open Keychain Access, choose File > Unlock Keychain "login", then try again.'
    case 'win32':
      // Credential Manager is open whenever the user is signed in: there is no lock to explain.
      return keychainUnavailableMessage(platform)
    default:
      return 'Your login keyring is locked, so client secrets cannot be read or saved. Unlock it (open Passwords and Keys and unlock "Login", or sign out and back in), then try again.'
  }
}

/** How keytar's native errors read when the keychain is there but locked (libsecret, macOS Security framework). */
const LOCKED = /locked|interaction is not allowed|errSecInteractionNotAllowed|-25308/i

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
  const isLocked = options.isLocked ?? (platform === 'linux' ? () => isDefaultKeyringLocked() : async () => false)
  let keytar: KeytarApi | null = null

  async function withKeytar<T>(operation: string, call: (api: KeytarApi) => Promise<T>): Promise<T> {
    try {
      keytar ??= load()
      return await call(keytar)
    } catch (error) {
      const reason = describe(error)
      options.log?.warn('the OS keychain could not be used', { operation, reason })
      throw new AppError(
        'keychain_unavailable',
        LOCKED.test(reason) ? keychainLockedMessage(platform) : keychainUnavailableMessage(platform)
      )
    }
  }

  async function get(account: string): Promise<string | null> {
    const secret = await withKeytar('get', (api) => api.getPassword(service, account))
    if (secret === null && (await isLocked())) {
      options.log?.warn('the OS keychain is locked', { operation: 'get' })
      throw new AppError('keychain_unavailable', keychainLockedMessage(platform))
    }
    return secret
  }

  return {
    get,
    set: (account, secret) => withKeytar('set', (api) => api.setPassword(service, account, secret)),
    delete: (account) => withKeytar('delete', (api) => api.deletePassword(service, account))
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
