import { useId, useState } from 'react'
import type { RemoteEnvironmentId } from '../../../shared/environments'
import type { RemoteEnvironmentSettings } from '../../../shared/settings'
import { ConfirmDialog } from '../components/confirm-dialog'
import { ErrorAlert } from '../errors/error-alert'
import { CredentialFields } from './credential-fields'
import { MARKET_CHOICES, type MarketChoice } from './host-presets'
import { useEnvironmentSettingsForm, useReportDirty } from './use-environment-settings-form'
import { useUnloadGuard } from './use-unload-guard'

interface RemoteEnvironmentFormProps {
  environment: RemoteEnvironmentId
  saved: RemoteEnvironmentSettings
  /** Told whenever the form gains or loses unsaved edits, so leaving it can ask first. */
  onDirtyChange: (dirty: boolean) => void
}

export function RemoteEnvironmentForm({ environment, saved, onDirtyChange }: RemoteEnvironmentFormProps) {
  const ids = useId()
  const settings = useEnvironmentSettingsForm(environment, saved)
  const { form, setForm, busy, outcome, authUrlProblem, baseUrlProblem } = settings
  const [askingToSave, setAskingToSave] = useState(false)
  useReportDirty(settings.dirty, onDirtyChange)
  // Closing or quitting the app asks about unsaved edits too, as leaving Settings does.
  useUnloadGuard(settings.dirty)

  const testConnection = () => {
    // The test is of what is saved: edits are saved only when the person says so.
    if (settings.dirty) setAskingToSave(true)
    else void settings.testSaved()
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault()
        void settings.saveOnly()
      }}
      noValidate
    >
      <h3>{settings.label}</h3>

      <CredentialFields
        status={settings.status}
        busy={busy !== null}
        clientId={form.clientId}
        onClientIdChange={(clientId) => setForm((current) => ({ ...current, clientId }))}
        showSecretInput={settings.showSecretInput}
        secretRef={settings.secretRef}
        onSecretInput={settings.onSecretInput}
        replacingSecret={settings.replacingSecret}
        onReplacingSecretChange={settings.setReplacingSecret}
        onRemoveSecret={() => void settings.removeSecret()}
      />

      <fieldset>
        <legend>Server</legend>
        <div className="field">
          <label htmlFor={`${ids}-market`}>Market</label>
          <select id={`${ids}-market`} value={form.market} onChange={(event) => settings.chooseMarket(event.target.value as MarketChoice)}>
            {MARKET_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
          <span className="field-hint">A market fills in its known hosts. Editing a host switches to Custom.</span>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-auth-url`}>Identity host</label>
          <input
            id={`${ids}-auth-url`}
            type="url"
            spellCheck={false}
            value={form.authUrl}
            aria-invalid={authUrlProblem !== null}
            aria-describedby={`${ids}-auth-url-note`}
            onChange={(event) => settings.editHost('authUrl', event.target.value)}
          />
          <span id={`${ids}-auth-url-note`} className={authUrlProblem === null ? 'field-hint' : 'field-error'}>
            {authUrlProblem ??
              (settings.secretForOtherHost
                ? 'The saved secret belongs to the identity host it was saved for; after saving this one, enter the secret again.'
                : 'The client secret is sent only to this host.')}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-base-url`}>Inventory host</label>
          <input
            id={`${ids}-base-url`}
            type="url"
            spellCheck={false}
            value={form.baseUrl}
            aria-invalid={baseUrlProblem !== null}
            aria-describedby={`${ids}-base-url-note`}
            onChange={(event) => settings.editHost('baseUrl', event.target.value)}
          />
          <span id={`${ids}-base-url-note`} className={baseUrlProblem === null ? 'field-hint' : 'field-error'}>
            {baseUrlProblem ??
              (settings.secretForOtherInventoryHost
                ? 'The saved secret belongs to the inventory host it was saved for; after saving this one, enter the secret again.'
                : 'The token is sent only to this host.')}
          </span>
        </div>
      </fieldset>

      <fieldset>
        <legend>Advanced</legend>
        <div className="checkbox-field">
          <input
            id={`${ids}-bearer`}
            type="checkbox"
            checked={form.bearerPrefix}
            aria-describedby={`${ids}-bearer-hint`}
            onChange={(event) => setForm((current) => ({ ...current, bearerPrefix: event.target.checked }))}
          />
          <label htmlFor={`${ids}-bearer`}>Use Bearer prefix</label>
          <span id={`${ids}-bearer-hint`} className="field-hint">
            The documented API wants the token alone; turn this on only if your gateway asks for &quot;Bearer&quot;.
          </span>
        </div>
      </fieldset>

      <div className="row">
        <button type="submit" className="primary" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={testConnection} disabled={busy !== null}>
          {busy === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        {settings.dirty ? <span className="field-hint">Changes not saved</span> : null}
      </div>

      <div role="status" aria-live="polite" className="settings-outcome">
        {outcome?.kind === 'success' ? <p className="notice notice-success">{outcome.text}</p> : null}
      </div>
      {outcome?.kind === 'error' ? <ErrorAlert error={outcome.error} onDismiss={settings.dismissOutcome} inSettings /> : null}

      <ConfirmDialog
        open={askingToSave}
        title="Save your changes and test?"
        confirmLabel="Save and test"
        onConfirm={() => {
          setAskingToSave(false)
          void settings.saveAndTest()
        }}
        onCancel={() => setAskingToSave(false)}
      >
        <p>The connection test uses the saved {settings.label} settings, and your changes are not saved yet.</p>
      </ConfirmDialog>
    </form>
  )
}
