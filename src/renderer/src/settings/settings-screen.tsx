import { useState } from 'react'
import { ENVIRONMENT_LABELS, type RemoteEnvironmentId } from '../../../shared/environments'
import type { Settings } from '../../../shared/settings'
import { Tabs } from '../components/tabs'
import { DiscardChangesDialog } from './discard-changes-dialog'
import { BackgroundSection } from './background-section'
import { HistoryRetentionForm } from './history-retention-form'
import { RemoteEnvironmentForm } from './remote-environment-form'
import { SupportSection } from './support-section'

const REMOTE_TABS = [
  { id: 'sandbox', label: ENVIRONMENT_LABELS.sandbox },
  { id: 'production', label: ENVIRONMENT_LABELS.production }
] as const satisfies readonly { id: RemoteEnvironmentId; label: string }[]

interface SettingsScreenProps {
  settings: Settings
  /** Asks to leave; the app checks for unsaved edits first. */
  onClose: () => void
  /** Told which environment's form has unsaved edits, or null when none has. */
  onUnsavedChange: (environment: RemoteEnvironmentId | null) => void
}

export function SettingsScreen({ settings, onClose, onUnsavedChange }: SettingsScreenProps) {
  const [selected, setSelected] = useState<RemoteEnvironmentId>(settings.environment === 'production' ? 'production' : 'sandbox')
  const [dirty, setDirty] = useState(false)
  const [pendingTab, setPendingTab] = useState<RemoteEnvironmentId | null>(null)

  const reportDirty = (next: boolean) => {
    setDirty(next)
    onUnsavedChange(next ? selected : null)
  }

  const selectTab = (tab: RemoteEnvironmentId) => {
    if (tab === selected) return
    if (dirty) setPendingTab(tab)
    else setSelected(tab)
  }

  return (
    <section className="panel settings-screen" aria-labelledby="settings-heading">
      <div className="section-heading">
        <h2 id="settings-heading" tabIndex={-1}>
          Settings
        </h2>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
      <p className="muted">
        Demo needs no settings: it answers from a built-in simulated API with sample data. Sandbox and Production need the client ID and
        secret Walmart gave you; the secret is kept in the operating system keychain and is never shown again.
      </p>
      <Tabs label="Environment settings" tabs={REMOTE_TABS} selected={selected} onSelect={selectTab}>
        <RemoteEnvironmentForm key={selected} environment={selected} saved={settings.environments[selected]} onDirtyChange={reportDirty} />
      </Tabs>
      <HistoryRetentionForm days={settings.historyRetentionDays} answerDays={settings.historyAnswerDays} />
      <BackgroundSection settings={settings} />
      <SupportSection />
      <DiscardChangesDialog
        open={pendingTab !== null}
        environmentLabel={ENVIRONMENT_LABELS[selected]}
        onDiscard={() => {
          if (pendingTab !== null) setSelected(pendingTab)
          setPendingTab(null)
        }}
        onKeepEditing={() => setPendingTab(null)}
      />
    </section>
  )
}
