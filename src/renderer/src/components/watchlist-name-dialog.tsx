import { useId, useRef, useState, type FormEvent } from 'react'
import { MAX_WATCHLIST_NAME_CHARS, watchlistNameSchema } from '../../../shared/watchlists/watchlist'
import { ErrorAlert } from '../errors/error-alert'
import { useModalDialog } from './use-modal-dialog'

interface WatchlistNameDialogProps {
  open: boolean
  title: string
  /** The name the field starts with: the watchlist's own when saving over it. */
  initialName: string
  saveLabel: string
  /** What is saved, in words: "180 values in District 12". */
  description: string
  onSave: (name: string) => Promise<void>
  onCancel: () => void
}

/** Names a watchlist before it is saved; main's refusal (a name taken) is shown in the dialog. */
export function WatchlistNameDialog({ open, title, initialName, saveLabel, description, onSave, onCancel }: WatchlistNameDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const ids = useId()
  const [name, setName] = useState(initialName)
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)

  useModalDialog(dialogRef, open, () => {
    setName(initialName)
    setProblem(null)
    setFailure(null)
    inputRef.current?.focus()
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = watchlistNameSchema.safeParse(name)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the name.')
      inputRef.current?.focus()
      return
    }
    setSaving(true)
    setFailure(null)
    onSave(parsed.data)
      .catch((caught: unknown) => {
        setFailure(caught)
        inputRef.current?.focus()
      })
      .finally(() => setSaving(false))
  }

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-what`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <form onSubmit={submit}>
        <h2 id={`${ids}-title`}>{title}</h2>
        <p id={`${ids}-what`}>{description}</p>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Watchlist name</label>
          <input
            id={`${ids}-name`}
            ref={inputRef}
            type="text"
            autoComplete="off"
            placeholder="Morning check"
            maxLength={MAX_WATCHLIST_NAME_CHARS}
            value={name}
            aria-invalid={problem !== null}
            aria-describedby={`${ids}-note`}
            onChange={(event) => {
              setName(event.target.value)
              setProblem(null)
            }}
          />
          <span id={`${ids}-note`} className={problem === null ? 'field-hint' : 'field-error'}>
            {problem ?? 'Run it again any day from Watchlists (Ctrl+Shift+W).'}
          </span>
        </div>
        {failure === null ? null : <ErrorAlert error={failure} onDismiss={() => setFailure(null)} />}
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : saveLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
