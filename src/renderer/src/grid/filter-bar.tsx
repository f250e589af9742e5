import { useId, type Ref } from 'react'
import type { GridColumn } from './grid-row'
import { NUMBER_FILTER_HINT, NUMBER_FILTER_PLACEHOLDER } from './number-filter'
import { columnTest, type ColumnFilters } from './row-filter'

interface QuickSearchProps {
  value: string
  onChange: (value: string) => void
  ref?: Ref<HTMLInputElement>
}

/** Every word must appear in some cell of the row; Ctrl+F comes here. */
export function QuickSearch({ value, onChange, ref }: QuickSearchProps) {
  return (
    <label className="results-quick">
      <span>Quick search</span>
      <input ref={ref} type="search" value={value} spellCheck={false} onChange={(event) => onChange(event.target.value)} />
    </label>
  )
}

interface ColumnFiltersProps {
  id: string
  columns: readonly GridColumn[]
  values: ColumnFilters
  onChange: (key: string, value: string) => void
}

/** One filter per column of the view: numbers take `0`, `>5`, `<=2`, `2-5`; text is "contains". */
export function ColumnFilterFields({ id, columns, values, onChange }: ColumnFiltersProps) {
  const hintId = useId()
  return (
    <div id={id} className="results-filters" role="group" aria-label="Column filters">
      <p id={hintId} className="visually-hidden">
        {NUMBER_FILTER_HINT}
      </p>
      {columns.map((column) => {
        const value = values[column.key] ?? ''
        const numeric = column.kind === 'number'
        const invalid = columnTest(column, value) === 'invalid'
        return (
          <label key={column.key} className="results-filter">
            <span>
              <span className="visually-hidden">Filter </span>
              {column.label}
            </span>
            <input
              type="text"
              value={value}
              placeholder={numeric ? NUMBER_FILTER_PLACEHOLDER : undefined}
              aria-describedby={numeric ? hintId : undefined}
              aria-invalid={invalid || undefined}
              title={invalid ? NUMBER_FILTER_HINT : undefined}
              spellCheck={false}
              onChange={(event) => onChange(column.key, event.target.value)}
            />
          </label>
        )
      })}
    </div>
  )
}
