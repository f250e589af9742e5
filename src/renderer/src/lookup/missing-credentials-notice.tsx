import type { EnvironmentId } from '../../../shared/domain/item-type'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import { useCredentialStatus } from '../api/credential-queries'

interface MissingCredentialsNoticeProps {
  environment: EnvironmentId
  onOpenSettings: () => void
}

/** Why a client ID with no secret may need its secret again: said on Run as in Settings. */
const SAVE_AGAIN_AFTER_HOST_CHANGE =
  'A client secret is sent only to the identity and inventory hosts it was saved for: after either host changes, save the secret again in Settings.'

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
      {missing.keychainAvailable && missing.clientId !== '' ? <p>{SAVE_AGAIN_AFTER_HOST_CHANGE}</p> : null}
      <button type="button" onClick={onOpenSettings}>
        Open Settings
      </button>
    </div>
  )
}
