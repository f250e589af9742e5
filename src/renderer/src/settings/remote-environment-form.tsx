import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import type { CredentialStatus } from '../../../shared/contract'
import { ENVIRONMENT_LABELS, type RemoteEnvironmentId } from '../../../shared/environments'
import type { RemoteEnvironmentSettings } from '../../../shared/settings'
import { callInventory, queryKeys } from '../api/inventory-call'
import { useCredentialStatus } from '../api/use-credential-status'
import { useUpdateSettings } from '../api/use-settings'
import { ErrorAlert } from '../errors/error-alert'
import { formatClock } from '../format/format'
import { hostUrlProblem } from '../../../shared/host-url'
import { MARKET_CHOICES, presetHosts, type MarketChoice } from './host-presets'

interface RemoteEnvironmentFormProps {
  environment: RemoteEnvironmentId
  saved: RemoteEnvironmentSettings
}

type Outcome = { kind: 'success'; text: string } | { kind: 'error'; error: unknown } | null

export function RemoteEnvironmentForm({ environment, saved }: RemoteEnvironmentFormProps) {
  const ids = useId()
  const queryClient = useQueryClient()
  const update = useUpdateSettings()
  const status = useCredentialStatus(environment)
  const [form, setForm] = useState<RemoteEnvironmentSettings>(saved)
  const [replacingSecret, setReplacingSecret] = useState(false)
  const [busy, setBusy] = useState<'save' | 'test' | 'remove' | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  // Uncontrolled on purpose: the secret never enters React state, and React never mirrors it into a DOM attribute.
  const secretRef = useRef<HTMLInputElement>(null)

  const label = ENVIRONMENT_LABELS[environment]
  const authUrlProblem = hostUrlProblem(form.authUrl)
  const baseUrlProblem = hostUrlProblem(form.baseUrl)
  const authUrlValid = authUrlProblem === null
  const baseUrlValid = baseUrlProblem === null
  const dirty = JSON.stringify(form) !== JSON.stringify(saved)
  const secretSaved = status.data?.secretSaved === true
  const showSecretInput = !secretSaved || replacingSecret

  const setCredentialStatus = (next: CredentialStatus) => {
    queryClient.setQueryData(queryKeys.credentialStatus(environment), next)
  }

  const chooseMarket = (market: MarketChoice) => {
    setForm((current) => (market === 'custom' ? { ...current, market } : { ...current, market, ...presetHosts(market, environment) }))
  }

  const editHost = (field: 'authUrl' | 'baseUrl', value: string) => {
    setForm((current) => ({ ...current, market: 'custom', [field]: value }))
  }

  /** Saves the form and, when one was typed, the secret; returns whether everything was stored. */
  const save = async (): Promise<boolean> => {
    if (!authUrlValid || !baseUrlValid) {
      setOutcome({ kind: 'error', error: { code: 'invalid_input', message: authUrlProblem ?? baseUrlProblem ?? '' } })
      return false
    }
    const secretInput = secretRef.current
    const secret = secretInput?.value ?? ''
    try {
      if (dirty) {
        await update.mutateAsync({
          environments: { [environment]: { ...form, clientId: form.clientId.trim() } }
        })
      }
      if (secret !== '') {
        if (secretInput !== null) secretInput.value = ''
        const next = await callInventory(
          window.inventory.saveSecret({ environment, clientId: form.clientId.trim(), secret })
        )
        setCredentialStatus(next)
        setReplacingSecret(false)
      }
      return true
    } catch (error) {
      setOutcome({ kind: 'error', error })
      return false
    }
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy('save')
    setOutcome(null)
    if (await save()) setOutcome({ kind: 'success', text: `${label} settings saved.` })
    setBusy(null)
  }

  const testConnection = async () => {
    setBusy('test')
    setOutcome(null)
    if (await save()) {
      try {
        const result = await callInventory(window.inventory.testConnection({ environment }))
        setOutcome({ kind: 'success', text: `Connected; token valid until ${formatClock(result.validUntil)}` })
      } catch (error) {
        setOutcome({ kind: 'error', error })
      }
    }
    setBusy(null)
  }

  const removeSecret = async () => {
    setBusy('remove')
    setOutcome(null)
    try {
      setCredentialStatus(await callInventory(window.inventory.removeSecret({ environment })))
      setReplacingSecret(false)
      setOutcome({ kind: 'success', text: `The ${label} secret was removed from the OS keychain.` })
    } catch (error) {
      setOutcome({ kind: 'error', error })
    }
    setBusy(null)
  }

  return (
    <form className="settings-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h3>{label}</h3>

      <fieldset>
        <legend>Credentials</legend>
        {status.data !== undefined && !status.data.keychainAvailable ? (
          <div className="notice notice-warning" role="alert">
            <p>
              <strong>The OS keychain is not available, so the secret cannot be saved.</strong>{' '}
              {status.data.message ?? 'Unlock the keychain, or on Linux install and start a Secret Service (GNOME Keyring or KWallet).'}
            </p>
          </div>
        ) : null}
        {status.isError ? <ErrorAlert error={status.error} /> : null}

        <div className="field">
          <label htmlFor={`${ids}-client-id`}>Client ID</label>
          <input
            id={`${ids}-client-id`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={form.clientId}
            onChange={(event) => setForm((current) => ({ ...current, clientId: event.target.value }))}
          />
        </div>

        {showSecretInput ? (
          <div className="field">
            <label htmlFor={`${ids}-secret`}>Client secret</label>
            <input
              id={`${ids}-secret`}
              ref={secretRef}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              aria-describedby={`${ids}-secret-hint`}
            />
            <span id={`${ids}-secret-hint`} className="field-hint">
              Saved in the OS keychain when you press Save. It is never shown again.
            </span>
            {replacingSecret ? (
              <button type="button" className="link" onClick={() => setReplacingSecret(false)}>
                Keep the saved secret
              </button>
            ) : null}
          </div>
        ) : (
          <div className="secret-saved" role="group" aria-label="Client secret status">
            <span className="secret-saved-badge">Saved in OS keychain</span>
            <button type="button" onClick={() => setReplacingSecret(true)} disabled={busy !== null}>
              Replace
            </button>
            <button type="button" className="danger" onClick={() => void removeSecret()} disabled={busy !== null}>
              Remove
            </button>
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend>Server</legend>
        <div className="field">
          <label htmlFor={`${ids}-market`}>Market</label>
          <select id={`${ids}-market`} value={form.market} onChange={(event) => chooseMarket(event.target.value as MarketChoice)}>
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
            aria-invalid={!authUrlValid}
            aria-describedby={authUrlValid ? undefined : `${ids}-auth-url-error`}
            onChange={(event) => editHost('authUrl', event.target.value)}
          />
          {authUrlValid ? null : (
            <span id={`${ids}-auth-url-error`} className="field-error">
              {authUrlProblem}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-base-url`}>Inventory host</label>
          <input
            id={`${ids}-base-url`}
            type="url"
            spellCheck={false}
            value={form.baseUrl}
            aria-invalid={!baseUrlValid}
            aria-describedby={baseUrlValid ? undefined : `${ids}-base-url-error`}
            onChange={(event) => editHost('baseUrl', event.target.value)}
          />
          {baseUrlValid ? null : (
            <span id={`${ids}-base-url-error`} className="field-error">
              {baseUrlProblem}
            </span>
          )}
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
        <button type="button" onClick={() => void testConnection()} disabled={busy !== null}>
          {busy === 'test' ? 'Testing…' : 'Test connection'}
        </button>
      </div>

      <div role="status" aria-live="polite" className="settings-outcome">
        {outcome?.kind === 'success' ? <p className="notice notice-success">{outcome.text}</p> : null}
      </div>
      {outcome?.kind === 'error' ? <ErrorAlert error={outcome.error} onDismiss={() => setOutcome(null)} /> : null}
    </form>
  )
}
