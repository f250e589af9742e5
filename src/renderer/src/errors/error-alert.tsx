import { useState } from 'react'
import { copyText } from './copy-text'
import { errorDetailsText, explainError } from './explain-error'

interface ErrorAlertProps {
  error: unknown
  /** Shown as a button when the way out is in Settings. */
  onOpenSettings?: () => void
  onDismiss?: () => void
  /** Inside Settings the alert never points to Settings. */
  inSettings?: boolean
}

export function ErrorAlert({ error, onOpenSettings, onDismiss, inSettings = false }: ErrorAlertProps) {
  const explained = explainError(error, { inSettings })
  const [copied, setCopied] = useState<boolean | null>(null)

  return (
    <div className="notice notice-error" role="alert">
      <div>
        <p>
          <strong>{explained.summary}</strong>
          {explained.detail === null ? null : (
            <>
              {' '}
              {explained.status === null ? null : <span>(HTTP {explained.status}) </span>}
              <span>{explained.detail}</span>
            </>
          )}
        </p>
        {explained.nextStep === null ? null : <p>{explained.nextStep}</p>}
        <p role="status" className="muted">
          {copied === true ? 'Details copied.' : copied === false ? 'The details could not be copied; select the text above instead.' : ''}
        </p>
      </div>
      {explained.needsSettings && onOpenSettings !== undefined ? (
        <button type="button" onClick={onOpenSettings}>
          Open Settings
        </button>
      ) : null}
      <button type="button" onClick={() => setCopied(copyText(errorDetailsText(explained, new Date())))}>
        Copy details
      </button>
      {onDismiss === undefined ? null : (
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  )
}
