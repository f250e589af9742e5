import { useEffect, useId, useRef } from 'react'
import type { ImportSummary } from '../../../shared/contract'
import { columnLabel } from './imported-lines'

interface ColumnPickerProps {
  summary: ImportSummary
  /** What the column should hold, as the question names it: "values" by default, "store numbers". */
  what?: string
  column: number
  onChange: (column: number) => void
  /** The column naming the items (null: none), asked when the list's items can have names. */
  nameColumn?: number | null | undefined
  onNameChange?: (column: number | null) => void
  onConfirm: () => void
  onCancel: () => void
}

export function ColumnPicker({
  summary,
  what = 'values',
  column,
  onChange,
  nameColumn,
  onNameChange,
  onConfirm,
  onCancel
}: ColumnPickerProps) {
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
          {nameColumn === undefined || onNameChange === undefined ? null : (
            <div className="field">
              <label htmlFor={`${ids}-name`}>Item names from</label>
              <select
                id={`${ids}-name`}
                value={nameColumn ?? ''}
                aria-describedby={`${ids}-name-hint`}
                onChange={(event) => onNameChange(event.target.value === '' ? null : Number(event.target.value))}
              >
                <option value="">None</option>
                {summary.columns
                  .filter((candidate) => candidate.index !== column)
                  .map((candidate) => (
                    <option key={candidate.index} value={candidate.index}>
                      {columnLabel(summary, candidate.index)}
                    </option>
                  ))}
              </select>
              <span id={`${ids}-name-hint`} className="field-hint">
                Shown as Item name, and remembered for these items.
              </span>
            </div>
          )}
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
