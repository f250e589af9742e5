import { IDENTITY_HOSTS, MARKET_PRESETS, type RemoteEnvironmentId } from '../../shared/environments'
import { hostOrigin } from '../../shared/host-url'

/**
 * The two origins a saved secret belongs to: the identity host it is sent to for a token, and the
 * inventory host that token is then sent to. Both are recorded when the secret is saved; a secret
 * is read back only when both hosts are still the same, so changing either asks for it again.
 */
export interface HostBinding {
  identityOrigin: string
  inventoryOrigin: string
}

/** The binding of an environment's configured hosts (addresses that passed `hostUrlProblem`). */
export function hostBindingOf(hosts: { authUrl: string; baseUrl: string }): HostBinding {
  return { identityOrigin: hostOrigin(hosts.authUrl), inventoryOrigin: hostOrigin(hosts.baseUrl) }
}

/** The inventory origins written in the app for an environment, one per market preset. */
function presetInventoryOrigins(environment: RemoteEnvironmentId): string[] {
  return Object.values(MARKET_PRESETS).map((market) => hostOrigin(market.inventoryHosts[environment]))
}

/**
 * Whether a secret saved before it was bound to an inventory host may be bound to `binding`: only
 * when the inventory host is one the app ships for that environment (never one read from the
 * settings file, which a compromised page can write before a restart); a Custom host asks again.
 */
export function isPresetInventoryOrigin(environment: RemoteEnvironmentId, inventoryOrigin: string): boolean {
  return presetInventoryOrigins(environment).includes(inventoryOrigin)
}

/**
 * Whether a secret saved before any host binding may be bound to `binding`: only to the identity
 * host the app ships for its environment and one of its preset inventory hosts.
 */
export function isPresetBinding(environment: RemoteEnvironmentId, binding: HostBinding): boolean {
  return binding.identityOrigin === hostOrigin(IDENTITY_HOSTS[environment]) && isPresetInventoryOrigin(environment, binding.inventoryOrigin)
}
