import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { InvokeInput } from '../../../shared/contract'
import { callInventory } from '../api/inventory-call'
import { ExportDialog, type ExportChoice } from './export-dialog'
import { exportRequest, savedMessage } from './export-message'

interface ExportButtonProps {
  jobId: string
  totalLines: number
  /** Whether any filter hides rows; only then does "Only rows shown" send a list of lines. */
  filtered: boolean
  /** The distinct lines of the rows shown, computed only when the dialog opens. */
  getShownLines: () => number[]
}

/** The "Export" button, its dialog, and a status line saying where the file went. */
export function ExportButton({ jobId, totalLines, filtered, getShownLines }: ExportButtonProps) {
  const [open, setOpen] = useState(false)
  const [shownLines, setShownLines] = useState<number[] | null>(null)
  const [status, setStatus] = useState('')
  const exportResults = useMutation({
    mutationFn: (input: InvokeInput<'exportResults'>) => callInventory(window.inventory.exportResults(input)),
    onSuccess: (result) => {
      setOpen(false)
      setStatus(result.saved ? savedMessage(result.rows, result.path) : 'Export cancelled: no file was saved.')
    }
  })

  function start(choice: ExportChoice) {
    setStatus('')
    exportResults.mutate(exportRequest(jobId, choice.format, choice.scope, shownLines))
  }

  return (
    <div className="export-control">
      <button
        type="button"
        onClick={() => {
          exportResults.reset()
          setShownLines(filtered ? getShownLines() : null)
          setOpen(true)
        }}
        disabled={totalLines === 0}
      >
        Export
      </button>
      <p className="export-status" role="status">
        {status}
      </p>
      <ExportDialog
        open={open}
        totalLines={totalLines}
        shownLines={shownLines === null ? totalLines : shownLines.length}
        filtered={shownLines !== null}
        busy={exportResults.isPending}
        error={exportResults.error}
        onExport={start}
        onClose={() => setOpen(false)}
      />
    </div>
  )
}
