import { useMutation } from '@tanstack/react-query'
import { useState, type Ref } from 'react'
import type { ExportFormat, InvokeValue } from '../../../shared/contract'
import { useSettings, useUpdateSettings } from '../api/settings-queries'
import { screenCsvSeparator } from '../format/format'
import { ExportDialog, type ExportChoice, type ExportCounts } from './export-dialog'
import { savedMessage } from './export-message'
import './export.css'

/** Where an export went, or that the person cancelled the save dialog. */
export type ExportOutcome = InvokeValue<'exportResults'>

interface ExportButtonProps {
  noun: string
  viewLabel: string
  counts: ExportCounts
  /** Asks main to write what the screen shows for a scope (built only when the person saves). */
  save: (choice: ExportChoice) => Promise<ExportOutcome>
  lastFormat: ExportFormat
  onFormatUsed: (format: ExportFormat) => void
  /** Set by a keyboard shortcut (Ctrl+E): open the dialog. */
  openRequest: number
  buttonRef?: Ref<HTMLButtonElement>
}

/** The "Export" button, its dialog, and a status line saying where the file went and how many rows it holds. */
export function ExportButton({ noun, viewLabel, counts, save, lastFormat, onFormatUsed, openRequest, buttonRef }: ExportButtonProps) {
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState('')
  const [handledRequest, setHandledRequest] = useState(openRequest)
  // The separator chosen last is kept in settings; until one is chosen, the one the screen's locale expects.
  const savedSeparator = useSettings().data?.settings.csvSeparator ?? null
  const { mutate: updateSettings } = useUpdateSettings()
  const exportResults = useMutation({
    mutationFn: save,
    onSuccess: (result) => {
      setOpen(false)
      setStatus(result.saved ? savedMessage(result.rows, result.path) : 'Export cancelled: no file was saved.')
    }
  })
  const disabled = counts.all === 0

  if (openRequest !== handledRequest) {
    setHandledRequest(openRequest)
    if (!disabled && !open) {
      exportResults.reset()
      setOpen(true)
    }
  }

  function start(choice: ExportChoice) {
    setStatus('')
    onFormatUsed(choice.format)
    if (choice.format === 'csv' && choice.csvSeparator !== savedSeparator) updateSettings({ csvSeparator: choice.csvSeparator })
    exportResults.mutate(choice)
  }

  return (
    <div className="export-control">
      <button
        ref={buttonRef}
        type="button"
        aria-keyshortcuts="Control+E"
        onClick={() => {
          exportResults.reset()
          setOpen(true)
        }}
        disabled={disabled}
      >
        Export
      </button>
      <p className="export-status" role="status">
        {status}
      </p>
      <ExportDialog
        open={open}
        noun={noun}
        viewLabel={viewLabel}
        counts={counts}
        format={lastFormat}
        csvSeparator={savedSeparator ?? screenCsvSeparator()}
        busy={exportResults.isPending}
        error={exportResults.error}
        onExport={start}
        onClose={() => setOpen(false)}
      />
    </div>
  )
}
