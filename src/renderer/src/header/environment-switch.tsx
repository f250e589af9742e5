import { useState } from 'react'
import type { EnvironmentId } from '../../../shared/domain/item-type'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import { useUpdateSettings } from '../api/settings-queries'
import { ConfirmDialog } from '../components/confirm-dialog'
import { ErrorAlert } from '../errors/error-alert'

const ENVIRONMENTS: readonly EnvironmentId[] = ['demo', 'sandbox', 'production']

export function EnvironmentSwitch({ environment }: { environment: EnvironmentId }) {
  const update = useUpdateSettings()
  const [confirmingProduction, setConfirmingProduction] = useState(false)

  const choose = (next: EnvironmentId) => {
    if (next === environment) return
    if (next === 'production') {
      setConfirmingProduction(true)
      return
    }
    update.mutate({ environment: next })
  }

  return (
    <div className="environment-switch">
      <label htmlFor="environment-select">Environment</label>{' '}
      <select
        id="environment-select"
        value={environment}
        disabled={update.isPending}
        onChange={(event) => choose(event.target.value as EnvironmentId)}
      >
        {ENVIRONMENTS.map((id) => (
          <option key={id} value={id}>
            {ENVIRONMENT_LABELS[id]}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={confirmingProduction}
        title="Switch to Production?"
        confirmLabel="Switch to Production"
        tone="danger"
        onCancel={() => setConfirmingProduction(false)}
        onConfirm={() => {
          setConfirmingProduction(false)
          update.mutate({ environment: 'production' })
        }}
      >
        <p>Lookups will call the live Walmart inventory API with your production credentials.</p>
        <p>Requests count against your production quota. Use Demo or Sandbox to try things out.</p>
      </ConfirmDialog>
      {update.isError ? <ErrorAlert error={update.error} onDismiss={() => update.reset()} /> : null}
    </div>
  )
}
