import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { CredentialStatus } from '../../../shared/contract'
import { ENVIRONMENT_LABELS, type RemoteEnvironmentId } from '../../../shared/environments'
import { hostOrigin, hostUrlProblem } from '../../../shared/host-url'
import type { RemoteEnvironmentSettings } from '../../../shared/settings'
import { storeCredentialStatus, useCredentialStatus } from '../api/credential-queries'
import { callInventory } from '../api/inventory-call'
import { useUpdateSettings } from '../api/settings-queries'
import { formatClock } from '../format/format'
import { presetHosts, type MarketChoice } from './host-presets'

export type Outcome = { kind: 'success'; text: string } | { kind: 'error'; error: unknown } | null
export type Busy = 'save' | 'test' | 'remove' | null

/**
 * One environment's settings form: what is typed, what is saved, and the three things the person
 * can do (save, test what is saved, remove the secret). The secret itself never enters React
 * state: the field is uncontrolled and only whether something is typed there is known.
 */
export function useEnvironmentSettingsForm(environment: RemoteEnvironmentId, saved: RemoteEnvironmentSettings) {
  const queryClient = useQueryClient()
  const update = useUpdateSettings()
  const status = useCredentialStatus(environment)
  const [form, setForm] = useState<RemoteEnvironmentSettings>(saved)
  const [secretTyped, setSecretTyped] = useState(false)
  const [replacingSecret, setReplacingSecret] = useState(false)
  const [busy, setBusy] = useState<Busy>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const secretRef = useRef<HTMLInputElement>(null)

  const label = ENVIRONMENT_LABELS[environment]
  const authUrlProblem = hostUrlProblem(form.authUrl)
  const baseUrlProblem = hostUrlProblem(form.baseUrl)
  const settingsChanged = JSON.stringify(form) !== JSON.stringify(saved)
  const dirty = settingsChanged || secretTyped
  const secretSaved = status.data?.secretSaved === true
  // A secret belongs to one identity host and one inventory host: a new one of either will need the secret again.
  const identityOrigin = authUrlProblem === null ? hostOrigin(form.authUrl) : null
  const inventoryOrigin = baseUrlProblem === null ? hostOrigin(form.baseUrl) : null
  const secretForOtherHost = secretSaved && identityOrigin !== null && status.data?.identityOrigin !== identityOrigin
  const secretForOtherInventoryHost = secretSaved && inventoryOrigin !== null && status.data?.inventoryOrigin !== inventoryOrigin

  const setCredentialStatus = (next: CredentialStatus) => {
    storeCredentialStatus(queryClient, environment, next)
  }

  const chooseMarket = (market: MarketChoice) => {
    setForm((current) => (market === 'custom' ? { ...current, market } : { ...current, market, ...presetHosts(market, environment) }))
  }

  const editHost = (field: 'authUrl' | 'baseUrl', value: string) => {
    setForm((current) => ({ ...current, market: 'custom', [field]: value }))
  }

  const clearSecretField = () => {
    if (secretRef.current !== null) secretRef.current.value = ''
    setSecretTyped(false)
  }

  /** Saves the form and, when one was typed, the secret; returns a note for the person, or null when something failed. */
  const save = async (): Promise<string | null> => {
    const problem = authUrlProblem ?? baseUrlProblem
    if (problem !== null) {
      setOutcome({ kind: 'error', error: { code: 'invalid_input', message: problem } })
      return null
    }
    const secret = secretRef.current?.value ?? ''
    const before = status.data
    try {
      if (settingsChanged) {
        await update.mutateAsync({ environments: { [environment]: { ...form, clientId: form.clientId.trim() } } })
      }
      if (secret !== '') {
        clearSecretField()
        setCredentialStatus(await callInventory(window.inventory.saveSecret({ environment, clientId: form.clientId.trim(), secret })))
        setReplacingSecret(false)
        return `${label} settings saved.`
      }
      const after = await callInventory(window.inventory.getCredentialStatus({ environment }))
      setCredentialStatus(after)
      if (before?.secretSaved === true && !after.secretSaved && before.identityOrigin !== after.identityOrigin) {
        return `${label} settings saved. The secret saved for ${before.identityOrigin} is never sent to ${after.identityOrigin}: enter the client secret for this identity host.`
      }
      if (before?.secretSaved === true && !after.secretSaved && before.inventoryOrigin !== after.inventoryOrigin) {
        return `${label} settings saved. The secret was saved for the inventory host ${before.inventoryOrigin}, so its token is never sent to ${after.inventoryOrigin}: enter the client secret again for this inventory host.`
      }
      return `${label} settings saved.`
    } catch (error) {
      setOutcome({ kind: 'error', error })
      return null
    }
  }

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(kind)
    setOutcome(null)
    try {
      await action()
    } finally {
      setBusy(null)
    }
  }

  const saveOnly = () =>
    run('save', async () => {
      const note = await save()
      if (note !== null) setOutcome({ kind: 'success', text: note })
    })

  /** Tests what is saved; call `saveAndTest` when there are edits the person agreed to save first. */
  const testSaved = () => run('test', testConnection)

  const saveAndTest = () =>
    run('test', async () => {
      if ((await save()) !== null) await testConnection()
    })

  async function testConnection(): Promise<void> {
    try {
      const result = await callInventory(window.inventory.testConnection({ environment }))
      setOutcome({ kind: 'success', text: `Connected; token valid until ${formatClock(result.validUntil)}` })
    } catch (error) {
      setOutcome({ kind: 'error', error })
    }
  }

  const removeSecret = () =>
    run('remove', async () => {
      try {
        setCredentialStatus(await callInventory(window.inventory.removeSecret({ environment })))
        setReplacingSecret(false)
        setOutcome({ kind: 'success', text: `The ${label} secret was removed from the OS keychain.` })
      } catch (error) {
        setOutcome({ kind: 'error', error })
      }
    })

  return {
    label,
    form,
    setForm,
    status,
    dirty,
    busy,
    outcome,
    dismissOutcome: () => setOutcome(null),
    authUrlProblem,
    baseUrlProblem,
    secretRef,
    onSecretInput: (value: string) => setSecretTyped(value !== ''),
    showSecretInput: !secretSaved || replacingSecret,
    replacingSecret,
    setReplacingSecret,
    secretForOtherHost,
    secretForOtherInventoryHost,
    chooseMarket,
    editHost,
    saveOnly,
    testSaved,
    saveAndTest,
    removeSecret
  }
}

/** Reports the form's unsaved state to whoever guards leaving it, and "nothing unsaved" when it goes away. */
export function useReportDirty(dirty: boolean, onDirtyChange: (dirty: boolean) => void): void {
  const report = useEffectEvent(onDirtyChange)
  useEffect(() => {
    report(dirty)
  }, [dirty])
  useEffect(() => () => report(false), [])
}
