import type { EnvironmentId } from '../../../shared/domain/item-type'
import { EnvironmentSwitch } from './environment-switch'
import { KeyboardShortcuts } from './keyboard-shortcuts'

interface AppHeaderProps {
  environment: EnvironmentId
  screen: 'lookup' | 'settings'
  onOpenSettings: () => void
  onOpenLookup: () => void
}

export function AppHeader({ environment, screen, onOpenSettings, onOpenLookup }: AppHeaderProps) {
  return (
    <header className="app-header" data-environment={environment}>
      <h1>Store Inventory Lookup</h1>
      {environment === 'production' ? <span className="environment-badge">PRODUCTION</span> : null}
      <EnvironmentSwitch environment={environment} />
      <KeyboardShortcuts />
      {screen === 'settings' ? (
        <button type="button" onClick={onOpenLookup}>
          Back to lookup
        </button>
      ) : (
        <button type="button" id="open-settings" onClick={onOpenSettings}>
          Settings
        </button>
      )}
    </header>
  )
}
