import type { CredentialStatus } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { RemoteEnvironmentId } from '../../shared/environments'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import { hostBindingOf, isPresetBinding, isPresetInventoryOrigin, type HostBinding } from './host-binding'
import { identityBoundSecretAccount, legacySecretAccount, secretAccount, type SecretStore } from './secret-store'

/** A secret as main reads it: with the hosts it was saved for, the only ones it and its tokens may be sent to. */
export interface BoundSecret {
  secret: string
  binding: HostBinding
}

export interface CredentialsService {
  /** What the renderer may know: whether a secret is saved for the configured hosts, never the secret. Never throws for a missing keychain. */
  status(environment: RemoteEnvironmentId): Promise<CredentialStatus>
  /** Saves the secret for the configured identity and inventory hosts in the keychain, and the client ID in settings; throws `keychain_unavailable`. */
  save(environment: RemoteEnvironmentId, clientId: string, secret: string): Promise<CredentialStatus>
  remove(environment: RemoteEnvironmentId): Promise<CredentialStatus>
  /** For main only: the secret saved for exactly this client ID and these two hosts, null when there is none. */
  getSecret(environment: RemoteEnvironmentId, clientId: string, hosts: { authUrl: string; baseUrl: string }): Promise<BoundSecret | null>
}

export interface CredentialsDeps {
  secretStore: SecretStore
  settings: Pick<SettingsStore, 'current' | 'update'>
  log?: Logger
}

/**
 * Client IDs live in settings (they are not secret); client secrets live only in the keychain,
 * one entry per environment, client ID, identity host origin and inventory host origin. A secret
 * is read only for the origins it was saved for, so pointing either host elsewhere (as a
 * compromised page could) finds no secret to send. Changing the client ID removes the old entry
 * so no orphan stays behind.
 */
export function createCredentialsService({ secretStore, settings, log }: CredentialsDeps): CredentialsService {
  const configured = (environment: RemoteEnvironmentId) => settings.current().settings.environments[environment]

  async function read(environment: RemoteEnvironmentId, clientId: string, binding: HostBinding): Promise<string | null> {
    const secret =
      (await secretStore.get(secretAccount(environment, clientId, binding))) ?? (await adoptEarlier(environment, clientId, binding))
    if (secret !== null) log?.redact(secret)
    return secret
  }

  /**
   * A secret saved before it was bound to both hosts is bound now, but only to hosts the app ships:
   * one bound to its identity host alone, to a preset inventory host; one bound to nothing, to the
   * preset identity host and a preset inventory host. Never to a host read from the settings file
   * alone, which a compromised page can write before a restart; a Custom host asks for the secret.
   */
  async function adoptEarlier(environment: RemoteEnvironmentId, clientId: string, binding: HostBinding): Promise<string | null> {
    if (!isPresetInventoryOrigin(environment, binding.inventoryOrigin)) return null
    const candidates = [identityBoundSecretAccount(environment, clientId, binding.identityOrigin)]
    if (isPresetBinding(environment, binding)) candidates.push(legacySecretAccount(environment, clientId))
    for (const account of candidates) {
      const secret = await secretStore.get(account)
      if (secret === null) continue
      await secretStore.set(secretAccount(environment, clientId, binding), secret)
      await secretStore.delete(account)
      log?.info('a saved secret was bound to its hosts', { environment, ...binding })
      return secret
    }
    return null
  }

  async function status(environment: RemoteEnvironmentId): Promise<CredentialStatus> {
    const { clientId } = configured(environment)
    const binding = hostBindingOf(configured(environment))
    try {
      // The lookup runs even without a client ID, so a missing keychain shows before the user types a secret.
      const secret = await read(environment, clientId, binding)
      return { environment, clientId, ...binding, secretSaved: clientId !== '' && secret !== null, keychainAvailable: true, message: null }
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'keychain_unavailable') throw error
      return { environment, clientId, ...binding, secretSaved: false, keychainAvailable: false, message: error.message }
    }
  }

  /** The entries a client ID may have left from before binding, which a saved secret replaces. */
  async function removeEarlierEntries(environment: RemoteEnvironmentId, clientId: string, binding: HostBinding): Promise<void> {
    await secretStore.delete(identityBoundSecretAccount(environment, clientId, binding.identityOrigin))
    await secretStore.delete(legacySecretAccount(environment, clientId))
  }

  /** Every entry a client ID may have left for these hosts, bound or from before binding. */
  async function removeEntries(environment: RemoteEnvironmentId, clientId: string, binding: HostBinding): Promise<void> {
    await secretStore.delete(secretAccount(environment, clientId, binding))
    await removeEarlierEntries(environment, clientId, binding)
  }

  return {
    status,
    async save(environment, rawClientId, secret) {
      log?.redact(secret)
      const clientId = rawClientId.trim()
      if (clientId === '') throw new AppError('invalid_input', 'Enter the client ID first.')
      const { clientId: previousClientId } = configured(environment)
      const binding = hostBindingOf(configured(environment))
      await secretStore.set(secretAccount(environment, clientId, binding), secret)
      await settings.update({ environments: { [environment]: { clientId } } })
      await removeEarlierEntries(environment, clientId, binding)
      if (previousClientId !== '' && previousClientId !== clientId) {
        await removeEntries(environment, previousClientId, binding).catch((error: unknown) => {
          log?.warn('the secret for the previous client ID could not be removed', { environment, error })
        })
      }
      return status(environment)
    },
    async remove(environment) {
      const { clientId } = configured(environment)
      if (clientId !== '') await removeEntries(environment, clientId, hostBindingOf(configured(environment)))
      return status(environment)
    },
    async getSecret(environment, clientId, hosts) {
      if (clientId.trim() === '') return null
      const binding = hostBindingOf(hosts)
      const secret = await read(environment, clientId, binding)
      return secret === null ? null : { secret, binding }
    }
  }
}
