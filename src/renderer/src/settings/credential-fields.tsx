import { useId, type RefObject } from 'react'
import type { CredentialStatus } from '../../../shared/contract'
import { ErrorAlert } from '../errors/error-alert'

interface CredentialFieldsProps {
  status: { data: CredentialStatus | undefined; isError: boolean; error: unknown }
  busy: boolean
  clientId: string
  onClientIdChange: (clientId: string) => void
  showSecretInput: boolean
  secretRef: RefObject<HTMLInputElement | null>
  onSecretInput: (value: string) => void
  replacingSecret: boolean
  onReplacingSecretChange: (replacing: boolean) => void
  onRemoveSecret: () => void
}

/** Client ID and secret: the secret is write-only, typed into an uncontrolled field and then only ever shown as "saved". */
export function CredentialFields({
  status,
  busy,
  clientId,
  onClientIdChange,
  showSecretInput,
  secretRef,
  onSecretInput,
  replacingSecret,
  onReplacingSecretChange,
  onRemoveSecret
}: CredentialFieldsProps) {
  const ids = useId()

  return (
    <fieldset>
      <legend>Credentials</legend>
      {status.data !== undefined && !status.data.keychainAvailable ? (
        <div className="notice notice-warning" role="alert">
          <p>
            <strong>{status.data.message ?? 'The OS keychain is not available, so the secret cannot be saved.'}</strong>
          </p>
        </div>
      ) : null}
      {status.isError ? <ErrorAlert error={status.error} inSettings /> : null}

      <div className="field">
        <label htmlFor={`${ids}-client-id`}>Client ID</label>
        <input
          id={`${ids}-client-id`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={clientId}
          onChange={(event) => onClientIdChange(event.target.value)}
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
            onInput={(event) => onSecretInput(event.currentTarget.value)}
          />
          <span id={`${ids}-secret-hint`} className="field-hint">
            Saved in the OS keychain when you press Save, for these identity and inventory hosts only. It is never shown again.
          </span>
          {replacingSecret ? (
            <button
              type="button"
              className="link"
              onClick={() => {
                onSecretInput('')
                onReplacingSecretChange(false)
              }}
            >
              Keep the saved secret
            </button>
          ) : null}
        </div>
      ) : (
        <div className="secret-saved" role="group" aria-label="Client secret status">
          <span className="secret-saved-badge">Saved in OS keychain</span>{' '}
          <span className="field-hint">
            for {status.data?.identityOrigin} and {status.data?.inventoryOrigin}
          </span>{' '}
          <button type="button" onClick={() => onReplacingSecretChange(true)} disabled={busy}>
            Replace
          </button>
          <button type="button" className="danger" onClick={() => onRemoveSecret()} disabled={busy}>
            Remove
          </button>
        </div>
      )}
    </fieldset>
  )
}
