import type { Text } from '@codemirror/state'
import { useId } from 'react'
import { formatCount } from '../format/format'
import type { TextEdit } from './use-list-check'
import { ValuesEditor } from './values-editor'

interface ValuesFieldProps {
  doc: Text
  /** The number of values, once the list check has counted them; null while it has not. */
  count: number | null
  importNote: string | null
  onEdit: (edit: TextEdit) => void
  onClear: () => void
  hasValues: boolean
}

export function ValuesField({ doc, count, importNote, onEdit, onClear, hasValues }: ValuesFieldProps) {
  const ids = useId()
  return (
    <div className="field values-field">
      <div className="section-heading">
        <span className="field-label" id={`${ids}-values-label`}>
          Values to look up
        </span>
        <span className="muted" aria-live="off">
          {count === null ? (hasValues ? 'Counting…' : '') : count === 1 ? '1 value' : `${formatCount(count)} values`}
        </span>
      </div>
      <ValuesEditor
        doc={doc}
        onEdit={onEdit}
        labelledBy={`${ids}-values-label`}
        describedBy={`${ids}-values-hint${importNote === null ? '' : ` ${ids}-import-note`}`}
      />
      <span id={`${ids}-values-hint`} className="field-hint">
        Paste a list: values may be separated by new lines, commas, semicolons, tabs or spaces. Or drop a CSV, TSV, TXT or XLSX file here.
      </span>
      {importNote === null ? null : (
        <p id={`${ids}-import-note`} className="import-note">
          {importNote}
        </p>
      )}
      {hasValues ? (
        <div>
          <button type="button" onClick={onClear}>
            Clear list
          </button>
        </div>
      ) : null}
    </div>
  )
}
