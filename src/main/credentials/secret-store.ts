import type { RemoteEnvironmentId } from '../../shared/environments'
import type { HostBinding } from './host-binding'

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
 * One keychain entry per environment, client ID, identity host origin and inventory host origin,
 * e.g. `production:abc-123@https://developer.api.walmart.com|https://api.walmartdataventures.ca`:
 * a secret is only ever read back for the hosts it was saved for. An origin never contains `@` or
 * `|`, so the last `@` ends the client ID and the `|` after it separates the two origins.
 */
export function secretAccount(environment: RemoteEnvironmentId, clientId: string, binding: HostBinding): string {
  return `${identityBoundSecretAccount(environment, clientId, binding.identityOrigin)}|${binding.inventoryOrigin}`
}

/** How entries were named while only the identity host was bound: moved once, to a preset inventory host only. */
export function identityBoundSecretAccount(environment: RemoteEnvironmentId, clientId: string, identityOrigin: string): string {
  return `${legacySecretAccount(environment, clientId)}@${identityOrigin}`
}

/** How entries were named before they were bound to a host: moved once, to the preset hosts only, then never read again. */
export function legacySecretAccount(environment: RemoteEnvironmentId, clientId: string): string {
  return `${environment}:${clientId.trim()}`
}
