import type { Trends } from '../../../shared/trends/trend-series'
import { formatCount, formatDateTime } from '../format/format'
import type { ChartExportActions } from './chart-exports'
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
  const first = trends.runs[0]
  const last = trends.runs.at(-1)
  const trimmed = trends.runs.filter((run) => run.answersRemovedAt !== null).length
  /** A chart's export buttons: its picture as PNG under `pngName`, its data table as `table`. */
  const chartExports = (pngName: string, table: TrendTableName): ChartExportActions => ({
    onPng: (svg) => exports.png(svg, pngName),
    onData: (format) => exports.data(table, format),
    busy: exports.busy
  })
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
      <RateChart trends={trends} onOpenRun={onOpenRun} exports={chartExports('in-stock-rate', 'rates')} />
      <CountsChart trends={trends} onOpenRun={onOpenRun} exports={chartExports('out-of-stock', 'counts')} />
      <WorstItemsTable trends={trends} busy={exports.busy} onData={(format) => exports.data('worst', format)} />
    </div>
  )
}
