import { useId, useRef, useState, type FormEvent } from 'react'
import { useModalDialog } from '../components/use-modal-dialog'
import type { ExportFormat } from '../../../shared/contract'
import { CSV_SEPARATOR_LABELS, CSV_SEPARATORS, type CsvSeparator } from '../../../shared/export/csv-separator'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount } from '../format/format'
import { defaultScope, FORMAT_LABELS, type ExportScope } from './export-message'

export interface ExportChoice {
  format: ExportFormat
  scope: ExportScope
  /** For a CSV: the field separator. */
  csvSeparator: CsvSeparator
}

export interface ExportCounts {
  shown: number
  selected: number
  all: number
}

interface ExportDialogProps {
  open: boolean
  /** "items" or "rows": what the view's rows are. */
  noun: string
  viewLabel: string
  counts: ExportCounts
  /** The format used last, offered first. */
  format: ExportFormat
  /** The CSV separator chosen last, or the one the screen's locale expects. */
  csvSeparator: CsvSeparator
  busy: boolean
  error: unknown
  onExport: (choice: ExportChoice) => void
  onClose: () => void
}

const FORMATS: readonly ExportFormat[] = ['xlsx', 'csv', 'json']

/**
 * Format and rows of an export, on the native modal <dialog> (focus trapped, Escape closes, focus
 * returns to the Export button). The file name and folder are chosen in main's save dialog.
 */
export function ExportDialog({
  open,
  noun,
  viewLabel,
  counts,
  format: lastFormat,
  csvSeparator: lastSeparator,
  busy,
  error,
  onExport,
  onClose
}: ExportDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const firstRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const [format, setFormat] = useState<ExportFormat>(lastFormat)
  const [scope, setScope] = useState<ExportScope>('shown')
  const [separator, setSeparator] = useState<CsvSeparator>(lastSeparator)

  useModalDialog(dialogRef, open, () => {
    setFormat(lastFormat)
    setSeparator(lastSeparator)
    setScope(defaultScope(counts.selected))
    firstRef.current?.focus()
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!busy) onExport({ format, scope, csvSeparator: separator })
  }

  const scopes: Array<{ value: ExportScope; label: string; count: number; note?: string }> = [
    { value: 'shown', label: 'Rows shown', count: counts.shown, note: 'as filtered and sorted' },
    ...(counts.selected > 0 ? [{ value: 'selected' as const, label: 'Selected rows', count: counts.selected }] : []),
    { value: 'all', label: 'All rows', count: counts.all }
  ]

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
        <h2 id={titleId}>Export {viewLabel}</h2>
        <p className="muted">The file has the columns of the {viewLabel} view in the screen&apos;s order, with its labels.</p>
        <fieldset className="export-options">
          <legend>Format</legend>
          {FORMATS.map((value) => (
            <label key={value}>
              <input
                ref={value === format ? firstRef : undefined}
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
        {format === 'csv' ? (
          <fieldset className="export-options">
            <legend>Separator</legend>
            {CSV_SEPARATORS.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="export-separator"
                  value={value}
                  checked={separator === value}
                  onChange={() => setSeparator(value)}
                />
                {CSV_SEPARATOR_LABELS[value]}
              </label>
            ))}
            <p className="muted">Spreadsheets that write numbers as 1.234,5 expect a semicolon; the others a comma.</p>
          </fieldset>
        ) : null}
        <fieldset className="export-options">
          <legend>Rows</legend>
          {scopes.map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name="export-scope"
                value={option.value}
                checked={scope === option.value}
                onChange={() => setScope(option.value)}
              />
              {option.label}
              <span className="muted">
                {' '}
                ({formatCount(option.count)} {noun}
                {option.note === undefined ? '' : `, ${option.note}`})
              </span>
            </label>
          ))}
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
