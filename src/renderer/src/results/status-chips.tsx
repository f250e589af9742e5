import type { FinalLineStatus } from '../../../shared/domain/line-result'
import { STATUS_LABELS, STATUS_ORDER } from './result-row'
import type { StatusCounts } from './result-set'

interface StatusChipsProps {
  counts: StatusCounts
  selected: ReadonlySet<FinalLineStatus>
  onToggle: (status: FinalLineStatus) => void
}

/** One toggle per status with its line count; pressed chips show only their statuses, none pressed shows all. */
export function StatusChips({ counts, selected, onToggle }: StatusChipsProps) {
  return (
    <div className="results-chips" role="group" aria-label="Show statuses">
      {STATUS_ORDER.map((status) => (
        <button
          key={status}
          type="button"
          className={`results-chip results-chip-${status}`}
          aria-pressed={selected.has(status)}
          onClick={() => onToggle(status)}
        >
          {STATUS_LABELS[status]} <span className="results-chip-count">{counts[status].toLocaleString()}</span>
        </button>
      ))}
    </div>
  )
}
