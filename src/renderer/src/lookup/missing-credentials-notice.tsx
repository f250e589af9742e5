import type { EnvironmentId } from '../../../shared/domain/item-type'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import { useCredentialStatus } from '../api/credential-queries'

interface MissingCredentialsNoticeProps {
  environment: EnvironmentId
  onOpenSettings: () => void
}

/** Above the form in Sandbox or Production without a saved secret: what to do before a lookup can run. */
export function MissingCredentialsNotice({ environment, onOpenSettings }: MissingCredentialsNoticeProps) {
  const credentials = useCredentialStatus(environment === 'demo' ? 'sandbox' : environment, environment !== 'demo')
  const missing = environment !== 'demo' && credentials.data !== undefined && !credentials.data.secretSaved ? credentials.data : null
  if (missing === null) return null
  return (
    <div className="notice notice-warning">
      <p>
        <strong>No {ENVIRONMENT_LABELS[environment]} credentials are saved yet.</strong>{' '}
        {missing.keychainAvailable
          ? 'Add the client ID and secret in Settings, or switch the Environment to Demo.'
          : (missing.message ?? 'The OS keychain is not available; unlock or install it, then add the secret in Settings.')}
      </p>
      <button type="button" onClick={onOpenSettings}>
        Open Settings
      </button>
    </div>
  )
}
