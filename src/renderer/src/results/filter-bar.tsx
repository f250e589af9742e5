import { COLUMN_KEYS, COLUMN_NAMES, NUMERIC_COLUMNS, type ColumnKey } from './result-row'
import type { ColumnFilters } from './row-filter'

const FILTERED_COLUMNS = COLUMN_KEYS.filter((key) => key !== 'status')

interface FilterBarProps {
  quick: string
  onQuickChange: (quick: string) => void
  columns: ColumnFilters
  onColumnChange: (column: ColumnKey, value: string) => void
}

/** Quick search across every column, then one "contains" filter per column (`>5`, `<=10` on numbers). */
export function FilterBar({ quick, onQuickChange, columns, onColumnChange }: FilterBarProps) {
  return (
    <div className="results-filters" role="search" aria-label="Filter results">
      <label className="results-filter results-quick">
        <span>Quick search</span>
        <input type="search" value={quick} onChange={(event) => onQuickChange(event.target.value)} />
      </label>
      {FILTERED_COLUMNS.map((key) => (
        <label key={key} className="results-filter">
          <span>
            <span className="visually-hidden">Filter </span>
            {COLUMN_NAMES[key]}
          </span>
          <input
            type="text"
            value={columns[key] ?? ''}
            placeholder={NUMERIC_COLUMNS.has(key) ? 'e.g. >5' : undefined}
            spellCheck={false}
            onChange={(event) => onColumnChange(key, event.target.value)}
          />
        </label>
      ))}
    </div>
  )
}
