import { explainError } from './explain-error'

interface ErrorAlertProps {
  error: unknown
  /** Shown as a button when the way out is in Settings. */
  onOpenSettings?: () => void
  onDismiss?: () => void
}

export function ErrorAlert({ error, onOpenSettings, onDismiss }: ErrorAlertProps) {
  const explained = explainError(error)
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
        <p>{explained.nextStep}</p>
      </div>
      {explained.needsSettings && onOpenSettings !== undefined ? (
        <button type="button" onClick={onOpenSettings}>
          Open Settings
        </button>
      ) : null}
      {onDismiss === undefined ? null : (
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  )
}
