import { formatCount } from '../format/format'

interface ResultsSummaryProps {
  id: string
  /** "300 items", "Showing 19 of 300 items": what the grid holds now. */
  summary: string
  selectedCount: number
  /** Null when nothing filters, so there is nothing to clear. */
  onClearFilters: (() => void) | null
  /** What a filter change did, for screen readers. */
  announcement: string
  /** What an action on the rows did (copied, exported), shown and read out. */
  announced: string
}

/** The line above a results grid: what it shows, what is selected, and the live regions that say what changed. */
export function ResultsSummary({ id, summary, selectedCount, onClearFilters, announcement, announced }: ResultsSummaryProps) {
  return (
    <div className="results-summary">
      <p id={id}>
        {summary}
        {selectedCount > 0 ? `, ${formatCount(selectedCount)} selected` : ''}
      </p>
      {onClearFilters === null ? null : (
        <button type="button" className="link" onClick={onClearFilters}>
          Clear filters
        </button>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <p className="results-announce" role="status">
        {announced}
      </p>
    </div>
  )
}
