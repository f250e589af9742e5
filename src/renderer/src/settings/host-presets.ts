import { IDENTITY_HOSTS, MARKET_PRESETS, type MarketId, type RemoteEnvironmentId } from '../../../shared/environments'
import type { RemoteEnvironmentSettings } from '../../../shared/settings'

export type MarketChoice = RemoteEnvironmentSettings['market']

export const MARKET_CHOICES: readonly { id: MarketChoice; label: string }[] = [
  { id: 'canada', label: MARKET_PRESETS.canada.label },
  { id: 'mexico', label: MARKET_PRESETS.mexico.label },
  { id: 'custom', label: 'Custom' }
]

/** The hosts a market preset stands for in one environment. */
export function presetHosts(market: MarketId, environment: RemoteEnvironmentId): { authUrl: string; baseUrl: string } {
  return { authUrl: IDENTITY_HOSTS[environment], baseUrl: MARKET_PRESETS[market].inventoryHosts[environment] }
}
