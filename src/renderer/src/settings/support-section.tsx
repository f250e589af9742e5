import { useId, useState } from 'react'
import { DIAGNOSTICS_LOG_LINES } from '../../../shared/limits'
import { callInventory } from '../api/inventory-call'
import { copyText } from '../errors/copy-text'
import { ErrorAlert } from '../errors/error-alert'

type Outcome =
  { kind: 'none' } | { kind: 'said'; text: string } | { kind: 'not-copied'; diagnostics: string } | { kind: 'failed'; error: unknown }

/**
 * "Open log folder" and "Copy diagnostics", for a support request. Main gathers the diagnostics
 * (versions, system, settings, the last log lines, redacted); the copy is made here, from the click,
 * as "Copy details" does. When the clipboard refuses, the text is shown to be copied by hand.
 */
export function SupportSection() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' })
  const [busy, setBusy] = useState(false)
  const hintId = useId()

  async function run(task: () => Promise<Outcome>) {
    // Ignored rather than disabled while busy: a disabled button would drop the keyboard focus.
    if (busy) return
    setBusy(true)
    setOutcome({ kind: 'none' })
    try {
      setOutcome(await task())
    } catch (error) {
      setOutcome({ kind: 'failed', error })
    } finally {
      setBusy(false)
    }
  }

  const openLogFolder = () =>
    run(async () => {
      const { path } = await callInventory(window.inventory.openLogFolder())
      return { kind: 'said', text: `Opened the log folder: ${path}` }
    })

  const copyDiagnostics = () =>
    run(async () => {
      const { text } = await callInventory(window.inventory.getDiagnostics())
      return copyText(text)
        ? { kind: 'said', text: 'Copied the diagnostics; paste them into your support request.' }
        : { kind: 'not-copied', diagnostics: text }
    })

  return (
    <section className="settings-support" aria-labelledby="support-settings-heading">
      <h3 id="support-settings-heading">Support</h3>
      <p id={hintId} className="field-hint">
        For a support request: the app's log, and a summary to paste with the app's and the system's versions, your settings and the last{' '}
        {DIAGNOSTICS_LOG_LINES} lines of the log. Client secrets and tokens are never in either.
      </p>
      <div className="row">
        <button type="button" aria-describedby={hintId} onClick={() => void openLogFolder()}>
          Open log folder
        </button>
        <button type="button" aria-describedby={hintId} onClick={() => void copyDiagnostics()}>
          Copy diagnostics
        </button>
      </div>
      <p role="status" className="field-hint">
        {outcome.kind === 'said'
          ? outcome.text
          : outcome.kind === 'not-copied'
            ? 'The diagnostics could not be put on the clipboard; select the text below and copy it.'
            : ''}
      </p>
      {outcome.kind === 'not-copied' ? (
        <textarea aria-label="Diagnostics" readOnly rows={10} value={outcome.diagnostics} onFocus={(event) => event.target.select()} />
      ) : null}
      {outcome.kind === 'failed' ? <ErrorAlert error={outcome.error} inSettings /> : null}
    </section>
  )
}
