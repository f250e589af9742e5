import type { RemoteEnvironmentId } from '../../shared/environments'

/**
 * Where client secrets live: the OS keychain in the app, a memory map in tests.
 * There is deliberately no file-backed implementation: a secret is never written in plain text.
 */
export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  /** True when a secret was there to delete. */
  delete(account: string): Promise<boolean>
}

/** The keychain "service" every secret of this app is filed under. */
export const SECRET_SERVICE_NAME = 'store-inventory-lookup'

/**
 * One keychain entry per environment, client ID and identity host origin, e.g.
 * `production:abc-123@https://developer.api.walmart.com`: a secret is only ever read back for the
 * host it was saved for. An origin never contains `@`, so the last `@` ends the client ID.
 */
export function secretAccount(environment: RemoteEnvironmentId, clientId: string, identityOrigin: string): string {
  return `${environment}:${clientId.trim()}@${identityOrigin}`
}

/** How entries were named before they were bound to a host: moved once, then never read again. */
export function legacySecretAccount(environment: RemoteEnvironmentId, clientId: string): string {
  return `${environment}:${clientId.trim()}`
}
