import type { CredentialStatus } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { RemoteEnvironmentId } from '../../shared/environments'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import { secretAccount, type SecretStore } from './secret-store'

export interface CredentialsService {
  /** What the renderer may know: whether a secret is saved, never the secret. Never throws for a missing keychain. */
  status(environment: RemoteEnvironmentId): Promise<CredentialStatus>
  /** Saves the secret in the keychain and the client ID in settings; throws `keychain_unavailable`. */
  save(environment: RemoteEnvironmentId, clientId: string, secret: string): Promise<CredentialStatus>
  remove(environment: RemoteEnvironmentId): Promise<CredentialStatus>
  /** For main only: the secret for the environment's client ID (or the one given), null when none is saved. */
  getSecret(environment: RemoteEnvironmentId, clientId?: string): Promise<string | null>
}

export interface CredentialsDeps {
  secretStore: SecretStore
  settings: Pick<SettingsStore, 'current' | 'update'>
  log?: Logger
}

/**
 * Client IDs live in settings (they are not secret); client secrets live only in the keychain,
 * one entry per environment and client ID. Changing the client ID removes the old entry so no
 * orphaned secret stays behind.
 */
export function createCredentialsService({ secretStore, settings, log }: CredentialsDeps): CredentialsService {
  const clientIdOf = (environment: RemoteEnvironmentId) => settings.current().settings.environments[environment].clientId

  async function status(environment: RemoteEnvironmentId): Promise<CredentialStatus> {
    const clientId = clientIdOf(environment)
    try {
      // The lookup runs even without a client ID, so a missing keychain shows before the user types a secret.
      const secret = await secretStore.get(secretAccount(environment, clientId))
      if (secret !== null) log?.redact(secret)
      return { environment, clientId, secretSaved: clientId !== '' && secret !== null, keychainAvailable: true, message: null }
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'keychain_unavailable') throw error
      return { environment, clientId, secretSaved: false, keychainAvailable: false, message: error.message }
    }
  }

  return {
    status,
    async save(environment, rawClientId, secret) {
      log?.redact(secret)
      const clientId = rawClientId.trim()
      if (clientId === '') throw new AppError('invalid_input', 'Enter the client ID first.')
      const previousClientId = clientIdOf(environment)
      await secretStore.set(secretAccount(environment, clientId), secret)
      await settings.update({ environments: { [environment]: { clientId } } })
      if (previousClientId !== '' && previousClientId !== clientId) {
        await secretStore.delete(secretAccount(environment, previousClientId)).catch((error: unknown) => {
          log?.warn('the secret for the previous client ID could not be removed', { environment, error })
        })
      }
      return status(environment)
    },
    async remove(environment) {
      const clientId = clientIdOf(environment)
      if (clientId !== '') await secretStore.delete(secretAccount(environment, clientId))
      return status(environment)
    },
    async getSecret(environment, clientId = clientIdOf(environment)) {
      if (clientId.trim() === '') return null
      const secret = await secretStore.get(secretAccount(environment, clientId))
      if (secret !== null) log?.redact(secret)
      return secret
    }
  }
}
