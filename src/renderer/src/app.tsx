import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ENVIRONMENT_LABELS, type RemoteEnvironmentId } from '../../shared/environments'
import { useJobProgressSubscription } from './api/job-progress'
import { useSettings } from './api/use-settings'
import { ErrorAlert } from './errors/error-alert'
import { AppHeader } from './header/app-header'
import { LookupScreen } from './lookup-screen'
import { DiscardChangesDialog } from './settings/discard-changes-dialog'
import { SettingsScreen } from './settings/settings-screen'

type Screen = 'lookup' | 'settings'

export function App() {
  const settings = useSettings()
  useJobProgressSubscription(useQueryClient())
  const [screen, setScreen] = useState<Screen>('lookup')
  const previousScreen = useRef<Screen>(screen)
  // Settings with unsaved edits is left only after the person agrees to discard them.
  const [unsavedSettings, setUnsavedSettings] = useState<RemoteEnvironmentId | null>(null)
  const [askingToLeave, setAskingToLeave] = useState(false)
  const leaveSettings = () => {
    if (unsavedSettings !== null) setAskingToLeave(true)
    else setScreen('lookup')
  }

  // Moving between screens moves the focus too: into Settings, and back to the button that opened it.
  useEffect(() => {
    if (previousScreen.current === screen) return
    previousScreen.current = screen
    document.getElementById(screen === 'settings' ? 'settings-heading' : 'open-settings')?.focus()
  }, [screen])

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
        onOpenLookup={leaveSettings}
      />
      <main className="app-main" id="main">
        {warning === null ? null : (
          <div className="notice notice-warning" role="alert">
            <p>{warning}</p>
          </div>
        )}
        {screen === 'settings' ? <SettingsScreen settings={current} onClose={leaveSettings} onUnsavedChange={setUnsavedSettings} /> : null}
        <DiscardChangesDialog
          open={askingToLeave}
          environmentLabel={ENVIRONMENT_LABELS[unsavedSettings ?? 'sandbox']}
          onDiscard={() => {
            setAskingToLeave(false)
            setScreen('lookup')
          }}
          onKeepEditing={() => setAskingToLeave(false)}
        />
        {/* Kept mounted while Settings is open, so the list being entered and the results survive a visit there. */}
        <div className="lookup-screen" hidden={screen !== 'lookup'}>
          <LookupScreen settings={current} onOpenSettings={() => setScreen('settings')} />
        </div>
      </main>
    </div>
  )
}
