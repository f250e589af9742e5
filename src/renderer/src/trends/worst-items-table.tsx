import { useDeferredValue, useId, useMemo, useState } from 'react'
import type { Trends } from '../../../shared/trends/trend-series'
import { DEFAULT_WORST_SORT, worstRows, type WorstSort, type WorstSortKey } from '../../../shared/trends/worst-items'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import { formatRate as formatPercent } from '../../../shared/views/store-views'
import { useFigureTips } from '../components/figure-tips'
import { formatCount, SCREEN_LOCALE } from '../format/format'
import { storeLabel } from './trend-labels'

interface WorstItemsTableProps {
  trends: Trends
  onData: (format: 'csv' | 'xlsx') => void
  busy: boolean
}

const PAGE = 100

const TIPS = {
  outRuns: columnDescription('lookupsOutOfStock') ?? '',
  share: columnDescription('shareOutOfStock') ?? ''
}

const COLUMNS: readonly { key: WorstSortKey; label: string; numeric: boolean; tip?: keyof typeof TIPS }[] = [
  { key: 'value', label: 'Item', numeric: false },
  { key: 'store', label: 'Store', numeric: true },
  { key: 'outRuns', label: 'Lookups out of stock', numeric: true, tip: 'outRuns' },
  { key: 'share', label: 'Share out of stock', numeric: true, tip: 'share' }
]

/**
 * Per item and store, the share of lookups that found it there in which it was out of stock,
 * worst first; every column sorts (a header's button, again for the other direction). Pairs never
 * out of stock are left out. Shown a hundred rows at a time. The rows are worked out after the
 * charts are drawn (a deferred value: sorting a year's 100,000 pairs would hold the charts' first
 * frame back), and the table says so meanwhile.
 */
export function WorstItemsTable({ trends, onData, busy }: WorstItemsTableProps) {
  const titleId = useId()
  const tips = useFigureTips(TIPS)
  const [sort, setSort] = useState<WorstSort>(DEFAULT_WORST_SORT)
  const [shown, setShown] = useState(PAGE)
  const deferredTrends = useDeferredValue<Trends | null>(trends, null)
  const rows = useMemo(() => (deferredTrends === null ? null : worstRows(deferredTrends, sort)), [deferredTrends, sort])

  function sortBy(key: WorstSortKey) {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'value' || key === 'store' ? 'ascending' : 'descending' }
    )
  }

  return (
    <section className="trend-section" aria-labelledby={titleId} {...tips.handlers}>
      <div className="trend-heading">
        <h3 id={titleId}>Worst items</h3>
        <div className="trend-exports">
          <button type="button" disabled={busy} aria-label="Export the worst items as CSV" onClick={() => onData('csv')}>
            CSV
          </button>
          <button type="button" disabled={busy} aria-label="Export the worst items as XLSX" onClick={() => onData('xlsx')}>
            XLSX
          </button>
        </div>
      </div>
      {rows === null ? (
        <p role="status">Working out the worst items…</p>
      ) : rows.length === 0 ? (
        <p>No item was out of stock in any of these lookups.</p>
      ) : (
        <>
          <p className="field-hint">
            {formatCount(rows.length)} item and store {rows.length === 1 ? 'pair was' : 'pairs were'} out of stock at least once. The share
            counts the lookups that found the item in that store.
          </p>
          <div className="trend-table-frame">
            <table aria-labelledby={titleId}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sort.key === column.key ? sort.direction : 'none'}
                      className={column.numeric ? 'trend-number' : undefined}
                    >
                      <button
                        type="button"
                        className="trend-sort"
                        aria-describedby={column.tip === undefined ? undefined : tips.describedBy[column.tip]}
                        onClick={() => sortBy(column.key)}
                      >
                        {column.label}
                        <span aria-hidden="true">{sort.key === column.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, shown).map((row) => (
                  <tr key={`${row.storeNbr}:${row.value}`}>
                    <th scope="row">{row.value}</th>
                    <td className="trend-number">{storeLabel(row.storeNbr)}</td>
                    <td className="trend-number">
                      {formatCount(row.outRuns)} of {formatCount(row.answeredRuns)}
                    </td>
                    <td className="trend-number">{formatPercent(row.share, SCREEN_LOCALE)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown < rows.length ? (
            <button type="button" onClick={() => setShown((count) => count + PAGE)}>
              Show {formatCount(Math.min(PAGE, rows.length - shown))} more of {formatCount(rows.length - shown)}
            </button>
          ) : null}
        </>
      )}
      {tips.elements}
    </section>
  )
}
