import type { EnvironmentId } from './domain/item-type'

export const TOKEN_PATH = '/api-proxy/service/identity/oauth/v1/token'
export const SEARCH_PATHS = {
  production: '/api-proxy/service/inventory/status/v1/search-items',
  sandbox: '/api-proxy/service/inventory/status-sandbox/v1/search-items'
} as const

export type RemoteEnvironmentId = Exclude<EnvironmentId, 'demo'>
export type MarketId = 'canada' | 'mexico'

export const IDENTITY_HOSTS: Record<RemoteEnvironmentId, string> = {
  sandbox: 'https://developer.api.stg.walmart.com',
  production: 'https://developer.api.walmart.com'
}

export const MARKET_PRESETS: Record<MarketId, { label: string; inventoryHosts: Record<RemoteEnvironmentId, string> }> = {
  canada: {
    label: 'Canada',
    inventoryHosts: {
      sandbox: 'https://api.stg.walmartdataventures.ca',
      production: 'https://api.walmartdataventures.ca'
    }
  },
  mexico: {
    label: 'Mexico',
    inventoryHosts: {
      sandbox: 'https://api.stg.walmartdataventures.mx',
      production: 'https://api.walmartdataventures.mx'
    }
  }
}

export const ENVIRONMENT_LABELS: Record<EnvironmentId, string> = {
  demo: 'Demo',
  sandbox: 'Sandbox',
  production: 'Production'
}

/** The Demo API serves the production paths, so Demo exercises exactly the code Production runs. */
export function searchPathFor(environment: EnvironmentId): string {
  return environment === 'sandbox' ? SEARCH_PATHS.sandbox : SEARCH_PATHS.production
}
