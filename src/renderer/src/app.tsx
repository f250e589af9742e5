import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useJobProgressSubscription } from './api/job-progress'
import { useSettings } from './api/use-settings'
import { ErrorAlert } from './errors/error-alert'
import { AppHeader } from './header/app-header'
import { LookupScreen } from './lookup-screen'
import { SettingsScreen } from './settings/settings-screen'

type Screen = 'lookup' | 'settings'

export function App() {
  const settings = useSettings()
  useJobProgressSubscription(useQueryClient())
  const [screen, setScreen] = useState<Screen>('lookup')

  if (settings.isPending) {
    return (
      <main className="app-main">
        <p role="status">Loading settings…</p>
      </main>
    )
  }
  if (settings.isError) {
    return (
      <main className="app-main">
        <h1>Store Inventory Lookup</h1>
        <ErrorAlert error={settings.error} />
      </main>
    )
  }

  const { settings: current, warning } = settings.data
  return (
    <div className="app" data-environment={current.environment}>
      <AppHeader
        environment={current.environment}
        screen={screen}
        onOpenSettings={() => setScreen('settings')}
        onOpenLookup={() => setScreen('lookup')}
      />
      <main className="app-main" id="main">
        {warning === null ? null : (
          <div className="notice notice-warning" role="alert">
            <p>{warning}</p>
          </div>
        )}
        {screen === 'settings' ? (
          <SettingsScreen settings={current} onClose={() => setScreen('lookup')} />
        ) : (
          <LookupScreen settings={current} onOpenSettings={() => setScreen('settings')} />
        )}
      </main>
    </div>
  )
}
