import { AppError } from '../../shared/domain/app-error'
import type { EnvironmentId } from '../../shared/domain/item-type'
import { ENVIRONMENT_LABELS, searchPathFor } from '../../shared/environments'
import { hostOrigin } from '../../shared/host-url'
import { DEMO_CREDENTIALS } from '../demo-api/demo-api'
import type { ApiTarget } from '../inventory/inventory-client'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import type { CredentialsService } from './credentials-service'

/** What the headless command may use instead of the settings' hosts and client ID, and a secret from its environment. */
export interface TargetOverrides {
  clientId?: string
  clientSecret?: string
  authUrl?: string
  baseUrl?: string
}

export interface TargetResolver {
  /** Where to send a search for `environment`, with the secret read from the keychain at the last moment. */
  resolve(environment: EnvironmentId, overrides?: TargetOverrides): Promise<ApiTarget>
}

export interface TargetResolverDeps {
  settings: Pick<SettingsStore, 'current'>
  credentials: Pick<CredentialsService, 'getSecret'>
  /** Learns every secret resolved, so that nothing leaving main can show it. */
  log: Pick<Logger, 'redact'>
  /** The built-in Demo API's address, started on first use. */
  demoUrl(): Promise<string>
}

export function createTargetResolver({ settings, credentials, log, demoUrl }: TargetResolverDeps): TargetResolver {
  return {
    async resolve(environment, overrides = {}) {
      if (environment === 'demo') {
        const url = await demoUrl()
        return {
          environment,
          authUrl: overrides.authUrl ?? url,
          baseUrl: overrides.baseUrl ?? url,
          boundInventoryOrigin: hostOrigin(overrides.baseUrl ?? url),
          searchPath: searchPathFor(environment),
          clientId: overrides.clientId ?? DEMO_CREDENTIALS.clientId,
          clientSecret: overrides.clientSecret ?? DEMO_CREDENTIALS.clientSecret,
          bearerPrefix: false
        }
      }
      const config = settings.current().settings.environments[environment]
      const clientId = overrides.clientId ?? config.clientId
      const label = ENVIRONMENT_LABELS[environment]
      if (clientId.trim() === '') {
        throw new AppError('missing_credentials', `No client ID is set for ${label}. Add it in Settings.`)
      }
      const authUrl = overrides.authUrl ?? config.authUrl
      const baseUrl = overrides.baseUrl ?? config.baseUrl
      const saved = overrides.clientSecret === undefined ? await credentials.getSecret(environment, clientId, { authUrl, baseUrl }) : null
      // A secret given with the headless command belongs to the hosts given with it; a saved one
      // is read for these two hosts only, and a secret saved for other hosts is never sent here.
      const clientSecret = overrides.clientSecret ?? saved?.secret ?? null
      if (clientSecret === null) {
        throw new AppError(
          'missing_credentials',
          `No client secret is saved for ${label} with the identity host ${hostOrigin(authUrl)} and the inventory host ${hostOrigin(baseUrl)}: a secret is sent only to the hosts it was saved for, so save it again in Settings.`
        )
      }
      log.redact(clientSecret)
      return {
        environment,
        authUrl,
        baseUrl,
        boundInventoryOrigin: saved?.binding.inventoryOrigin ?? hostOrigin(baseUrl),
        searchPath: searchPathFor(environment),
        clientId,
        clientSecret,
        bearerPrefix: config.bearerPrefix
      }
    }
  }
}
