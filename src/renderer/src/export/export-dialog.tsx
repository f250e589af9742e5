import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { ExportFormat } from '../../../shared/contract'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount } from '../format/format'
import { FORMAT_LABELS, type ExportScope } from './export-message'

export interface ExportChoice {
  format: ExportFormat
  scope: ExportScope
}

interface ExportDialogProps {
  open: boolean
  /** Lines in the result set, and lines among the rows the grid shows now. */
  totalLines: number
  shownLines: number
  filtered: boolean
  busy: boolean
  error: unknown
  onExport: (choice: ExportChoice) => void
  onClose: () => void
}

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'json']

/**
 * Format and scope of an export, on the native modal <dialog> (focus trapped, Escape closes, focus
 * returns to the Export button). The file name and folder are chosen in main's save dialog.
 */
export function ExportDialog({ open, totalLines, shownLines, filtered, busy, error, onExport, onClose }: ExportDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const firstRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const [format, setFormat] = useState<ExportFormat>('csv')
  const [scope, setScope] = useState<ExportScope>('all')

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) {
      setScope(filtered ? 'shown' : 'all')
      dialog.showModal()
      firstRef.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open, filtered])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!busy) onExport({ format, scope })
  }

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog export-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onClose()
      }}
    >
      <form onSubmit={submit}>
        <h2 id={titleId}>Export results</h2>
        <fieldset className="export-options">
          <legend>Format</legend>
          {FORMATS.map((value, index) => (
            <label key={value}>
              <input
                ref={index === 0 ? firstRef : undefined}
                type="radio"
                name="export-format"
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {FORMAT_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <fieldset className="export-options">
          <legend>Rows</legend>
          <label>
            <input type="radio" name="export-scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} />
            All rows
            <span className="muted"> ({formatCount(totalLines)} lines)</span>
          </label>
          <label>
            <input
              type="radio"
              name="export-scope"
              value="shown"
              checked={scope === 'shown'}
              onChange={() => setScope('shown')}
            />
            Only rows shown
            <span className="muted">
              {' '}
              ({formatCount(shownLines)} lines{filtered ? '' : ', nothing is filtered'})
            </span>
          </label>
        </fieldset>
        {error === null ? null : <ErrorAlert error={error} />}
        <div className="dialog-actions">
          <button type="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save file'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
