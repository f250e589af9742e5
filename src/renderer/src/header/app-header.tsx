import type { EnvironmentId } from '../../../shared/domain/item-type'
import { EnvironmentSwitch } from './environment-switch'
import { KeyboardShortcuts } from './keyboard-shortcuts'

export type Screen = 'lookup' | 'history' | 'compare' | 'watchlists' | 'trends' | 'settings'

interface AppHeaderProps {
  environment: EnvironmentId
  screen: Screen
  onGo: (screen: Screen) => void
}

export function AppHeader({ environment, screen, onGo }: AppHeaderProps) {
  return (
    <header className="app-header" data-environment={environment}>
      <h1>Store Inventory Lookup</h1>
      {environment === 'production' ? <span className="environment-badge">PRODUCTION</span> : null}
      <EnvironmentSwitch environment={environment} />
      <KeyboardShortcuts />
      {screen === 'lookup' ? null : (
        <button type="button" onClick={() => onGo('lookup')}>
          Back to lookup
        </button>
      )}
      <button
        type="button"
        id="open-watchlists"
        aria-keyshortcuts="Control+Shift+W"
        aria-current={screen === 'watchlists' ? 'page' : undefined}
        onClick={() => onGo('watchlists')}
      >
        Watchlists
      </button>
      <button
        type="button"
        id="open-history"
        aria-keyshortcuts="Control+Shift+H"
        aria-current={screen === 'history' || screen === 'compare' || screen === 'trends' ? 'page' : undefined}
        onClick={() => onGo('history')}
      >
        History
      </button>
      <button type="button" id="open-settings" aria-current={screen === 'settings' ? 'page' : undefined} onClick={() => onGo('settings')}>
        Settings
      </button>
    </header>
  )
}
