import { formatCount } from '../format/format'
import { storesLabel } from '../format/lookup-labels'

interface EntrySummaryProps {
  stores: readonly number[]
  values: number
  onEdit: () => void
}

/** What was looked up, in one line, while the results have the window: "Store 1234 · 299 values · Edit", or "20 stores · ...". */
export function EntrySummary({ stores, values, onEdit }: EntrySummaryProps) {
  return (
    <section className="entry-summary" aria-label="What was looked up">
      <p className="entry-summary-text">
        {storesLabel(stores)} · {formatCount(values)} {values === 1 ? 'value' : 'values'}
      </p>
      <span aria-hidden="true">·</span>
      <button type="button" className="link" onClick={onEdit}>
        Edit
      </button>
    </section>
  )
}
