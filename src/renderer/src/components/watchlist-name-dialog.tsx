import { useId, useRef, useState, type FormEvent } from 'react'
import { MAX_WATCHLIST_NAME_CHARS, watchlistNameSchema } from '../../../shared/watchlists/watchlist'
import { ErrorAlert } from '../errors/error-alert'
import { NameField, type NameFieldWords } from './name-field'
import { useModalDialog } from './use-modal-dialog'

const NAME_WORDS: NameFieldWords = { label: 'Watchlist name', example: 'Morning check', maxLength: MAX_WATCHLIST_NAME_CHARS }
const HINT = 'Run it again any day from Watchlists (Ctrl+Shift+W).'

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

  const rename = (typed: string) => {
    setName(typed)
    setProblem(null)
  }
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
        <NameField ids={ids} words={NAME_WORDS} value={name} problem={problem} hint={HINT} inputRef={inputRef} onChange={rename} />
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
