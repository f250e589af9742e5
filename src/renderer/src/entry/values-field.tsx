import { useId } from 'react'

interface ValuesFieldProps {
  text: string
  count: number
  importNote: string | null
  onChange: (text: string) => void
  onClear: () => void
}

export function ValuesField({ text, count, importNote, onChange, onClear }: ValuesFieldProps) {
  const ids = useId()
  return (
    <div className="field values-field">
      <div className="section-heading">
        <label htmlFor={`${ids}-values`}>Values to look up</label>
        <span className="muted" aria-live="off">
          {count === 1 ? '1 value' : `${count.toLocaleString()} values`}
        </span>
      </div>
      <textarea
        id={`${ids}-values`}
        className="values-textarea"
        rows={8}
        spellCheck={false}
        autoComplete="off"
        value={text}
        aria-describedby={`${ids}-values-hint${importNote === null ? '' : ` ${ids}-import-note`}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${ids}-values-hint`} className="field-hint">
        Paste a list: values may be separated by new lines, commas, semicolons, tabs or spaces. Or drop a CSV, TSV, TXT
        or XLSX file here.
      </span>
      {importNote === null ? null : (
        <p id={`${ids}-import-note`} className="import-note">
          {importNote}
        </p>
      )}
      {count > 0 ? (
        <div>
          <button type="button" onClick={onClear}>
            Clear list
          </button>
        </div>
      ) : null}
    </div>
  )
}
