import type { CredentialStatus } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { RemoteEnvironmentId } from '../../shared/environments'
import { hostOrigin } from '../../shared/host-url'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import { legacySecretAccount, secretAccount, type SecretStore } from './secret-store'

export interface CredentialsService {
  /**
   * Call once the settings are loaded: the identity hosts configured at start-up are the only
   * ones a secret saved before secrets were bound to hosts may move to.
   */
  adoptStartupHosts(): void
  /** What the renderer may know: whether a secret is saved for the configured host, never the secret. Never throws for a missing keychain. */
  status(environment: RemoteEnvironmentId): Promise<CredentialStatus>
  /** Saves the secret for the configured identity host in the keychain, and the client ID in settings; throws `keychain_unavailable`. */
  save(environment: RemoteEnvironmentId, clientId: string, secret: string): Promise<CredentialStatus>
  remove(environment: RemoteEnvironmentId): Promise<CredentialStatus>
  /** For main only: the secret saved for exactly this client ID and identity host, null when there is none. */
  getSecret(environment: RemoteEnvironmentId, clientId: string, identityHost: string): Promise<string | null>
}

export interface CredentialsDeps {
  secretStore: SecretStore
  settings: Pick<SettingsStore, 'current' | 'update'>
  log?: Logger
}

/**
 * Client IDs live in settings (they are not secret); client secrets live only in the keychain,
 * one entry per environment, client ID and identity host origin. A secret is read only for the
 * origin it was saved for, so pointing the identity host elsewhere (as a compromised page could)
 * finds no secret to send. Changing the client ID removes the old entry so no orphan stays behind.
 */
export function createCredentialsService({ secretStore, settings, log }: CredentialsDeps): CredentialsService {
  const configured = (environment: RemoteEnvironmentId) => settings.current().settings.environments[environment]
  let startupOrigins: Partial<Record<RemoteEnvironmentId, string>> = {}

  async function read(environment: RemoteEnvironmentId, clientId: string, origin: string): Promise<string | null> {
    const secret =
      (await secretStore.get(secretAccount(environment, clientId, origin))) ?? (await adoptLegacy(environment, clientId, origin))
    if (secret !== null) log?.redact(secret)
    return secret
  }

  /** A secret from before host binding belongs to the identity host configured when the app started, and to no other. */
  async function adoptLegacy(environment: RemoteEnvironmentId, clientId: string, origin: string): Promise<string | null> {
    if (startupOrigins[environment] !== origin) return null
    const legacy = legacySecretAccount(environment, clientId)
    const secret = await secretStore.get(legacy)
    if (secret === null) return null
    await secretStore.set(secretAccount(environment, clientId, origin), secret)
    await secretStore.delete(legacy)
    log?.info('a saved secret was bound to its identity host', { environment, origin })
    return secret
  }

  async function status(environment: RemoteEnvironmentId): Promise<CredentialStatus> {
    const { clientId, authUrl } = configured(environment)
    const identityOrigin = hostOrigin(authUrl)
    try {
      // The lookup runs even without a client ID, so a missing keychain shows before the user types a secret.
      const secret = await read(environment, clientId, identityOrigin)
      return {
        environment,
        clientId,
        identityOrigin,
        secretSaved: clientId !== '' && secret !== null,
        keychainAvailable: true,
        message: null
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'keychain_unavailable') throw error
      return { environment, clientId, identityOrigin, secretSaved: false, keychainAvailable: false, message: error.message }
    }
  }

  return {
    adoptStartupHosts() {
      const { sandbox, production } = settings.current().settings.environments
      startupOrigins = { sandbox: hostOrigin(sandbox.authUrl), production: hostOrigin(production.authUrl) }
    },
    status,
    async save(environment, rawClientId, secret) {
      log?.redact(secret)
      const clientId = rawClientId.trim()
      if (clientId === '') throw new AppError('invalid_input', 'Enter the client ID first.')
      const { clientId: previousClientId, authUrl } = configured(environment)
      const origin = hostOrigin(authUrl)
      await secretStore.set(secretAccount(environment, clientId, origin), secret)
      await settings.update({ environments: { [environment]: { clientId } } })
      if (previousClientId !== '' && previousClientId !== clientId) {
        await secretStore.delete(secretAccount(environment, previousClientId, origin)).catch((error: unknown) => {
          log?.warn('the secret for the previous client ID could not be removed', { environment, error })
        })
      }
      return status(environment)
    },
    async remove(environment) {
      const { clientId, authUrl } = configured(environment)
      if (clientId !== '') {
        await secretStore.delete(secretAccount(environment, clientId, hostOrigin(authUrl)))
        await secretStore.delete(legacySecretAccount(environment, clientId))
      }
      return status(environment)
    },
    async getSecret(environment, clientId, identityHost) {
      if (clientId.trim() === '') return null
      return read(environment, clientId, hostOrigin(identityHost))
    }
  }
}
