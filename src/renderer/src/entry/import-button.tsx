import { useRef } from 'react'
import { MAX_IMPORT_MB } from '../../../shared/limits'

const ACCEPT =
  '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export function ImportButton({
  onFile,
  busy,
  label = 'Import file',
  hint = true
}: {
  onFile: (file: File) => void
  busy: boolean
  label?: string
  hint?: boolean
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <div className="field import-field">
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Cleared so choosing the same file again still fires a change.
          event.target.value = ''
          if (file !== undefined) onFile(file)
        }}
      />
      <button type="button" onClick={() => inputRef.current?.click()} disabled={busy}>
        {label}
      </button>
      {hint ? <span className="field-hint">{`CSV, TSV, TXT or XLSX, up to ${MAX_IMPORT_MB} MB`}</span> : null}
    </div>
  )
}
