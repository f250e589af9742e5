import { useEffect, useId, useRef } from 'react'
import type { ImportSummary } from '../../../shared/contract'
import { columnLabel } from './imported-lines'

interface ColumnPickerProps {
  summary: ImportSummary
  /** What the column should hold, as the question names it: "values" by default, "store numbers". */
  what?: string
  column: number
  onChange: (column: number) => void
  onConfirm: () => void
  onCancel: () => void
}

export function ColumnPicker({ summary, what = 'values', column, onChange, onConfirm, onCancel }: ColumnPickerProps) {
  const ids = useId()
  const selectRef = useRef<HTMLSelectElement>(null)
  const samples = summary.columns.find((candidate) => candidate.index === column)?.samples ?? []

  useEffect(() => {
    selectRef.current?.focus()
  }, [])

  return (
    <section className="column-picker notice notice-info" aria-labelledby={`${ids}-heading`}>
      <div>
        <h3 id={`${ids}-heading`}>Which column holds the {what}?</h3>
        <p>
          {summary.fileName} has {summary.columns.length} columns. The suggested one is selected.
        </p>
        <div className="row">
          <div className="field">
            <label htmlFor={`${ids}-column`}>Column</label>
            <select
              id={`${ids}-column`}
              ref={selectRef}
              value={column}
              aria-describedby={`${ids}-samples`}
              onChange={(event) => onChange(Number(event.target.value))}
            >
              {summary.columns.map((candidate) => (
                <option key={candidate.index} value={candidate.index}>
                  {columnLabel(summary, candidate.index)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="primary" onClick={onConfirm}>
            Use this column
          </button>
          <button type="button" onClick={onCancel}>
            Cancel import
          </button>
        </div>
        <div id={`${ids}-samples`} className="column-samples">
          <span className="muted">Sample values: </span>
          {samples.length === 0 ? (
            <span className="muted">(empty)</span>
          ) : (
            <ul aria-label="Sample values">
              {samples.map((sample, index) => (
                <li key={index} className="mono">
                  {sample}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  )
}
