import { useRef } from 'react'
import type { Trends } from '../../../shared/trends/trend-series'
import { formatCount, formatDateTime } from '../format/format'
import { CountsChart } from './counts-chart'
import { RateChart } from './rate-chart'
import { WorstItemsTable } from './worst-items-table'
import './trends.css'

/** The tables a person can export: each chart's data, and the worst items. */
export type TrendTableName = 'rates' | 'counts' | 'worst'

export interface TrendExports {
  png: (svg: SVGSVGElement, name: string) => void
  data: (table: TrendTableName, format: 'csv' | 'xlsx') => void
  busy: boolean
}

interface TrendsViewProps {
  trends: Trends
  onOpenRun: (jobId: string) => void
  exports: TrendExports
}

/** Trends drawn from plain data: what the Trends screen (and a watchlist's) shows for a set of runs. */
export function TrendsView({ trends, onOpenRun, exports }: TrendsViewProps) {
  const rateSvg = useRef<SVGSVGElement | null>(null)
  const countsSvg = useRef<SVGSVGElement | null>(null)
  const first = trends.runs[0]
  const last = trends.runs.at(-1)
  const trimmed = trends.runs.filter((run) => run.answersRemovedAt !== null).length
  function png(svg: React.RefObject<SVGSVGElement | null>, name: string): void {
    if (svg.current !== null) exports.png(svg.current, name)
  }
  if (first === undefined || last === undefined) {
    return <p>None of these lookups has finished yet: trends are drawn from finished, cancelled or interrupted lookups.</p>
  }
  return (
    <div className="trends-view">
      <p>
        {formatCount(trends.runs.length)} {trends.runs.length === 1 ? 'lookup' : 'lookups'} from {formatDateTime(first.at)} to{' '}
        {formatDateTime(last.at)}, {formatCount(trends.stores.length)} {trends.stores.length === 1 ? 'store' : 'stores'},{' '}
        {formatCount(trends.items.length)} {trends.items.length === 1 ? 'item' : 'items'}.
        {trimmed > 0 ? ` ${formatCount(trimmed)} of them kept as summaries only: their full answers were removed.` : ''}
      </p>
      <RateChart
        trends={trends}
        onOpenRun={onOpenRun}
        exports={{
          svgRef: rateSvg,
          onPng: () => png(rateSvg, 'in-stock-rate'),
          onData: (format) => exports.data('rates', format),
          busy: exports.busy
        }}
      />
      <CountsChart
        trends={trends}
        onOpenRun={onOpenRun}
        exports={{
          svgRef: countsSvg,
          onPng: () => png(countsSvg, 'out-of-stock'),
          onData: (format) => exports.data('counts', format),
          busy: exports.busy
        }}
      />
      <WorstItemsTable trends={trends} busy={exports.busy} onData={(format) => exports.data('worst', format)} />
    </div>
  )
}
