import { useId, useMemo } from 'react'
import type { Trends } from '../../../shared/trends/trend-series'
import { formatCount, formatDateTime } from '../format/format'
import { niceTop } from './chart-geometry'
import { LineChart, type LineSeries } from './line-chart'
import { runLabel } from './trend-labels'
import { TrendTable } from './trend-table'
import { ChartExports, type ChartExportActions } from './chart-exports'

interface CountsChartProps {
  trends: Trends
  onOpenRun: (jobId: string) => void
  exports: ChartExportActions
}

/** How many item and store pairs were out of stock, and shelf empty, in each lookup. */
export function CountsChart({ trends, onOpenRun, exports }: CountsChartProps) {
  const titleId = useId()
  const out = trends.runs.map((run) => run.total.outOfStock)
  const shelf = trends.runs.map((run) => run.total.shelfEmpty)
  const top = niceTop(Math.max(0, ...out, ...shelf))
  const series: LineSeries[] = [
    { key: 'out', label: 'Out of stock', tone: 'out', values: out },
    { key: 'shelf', label: 'Shelf empty, backroom has stock', tone: 'shelf', values: shelf }
  ]
  const labels = [0, top / 2, top].map((value) => ({ value, text: formatCount(value) }))
  // Memoised: the chart's section draws again when an export starts or ends, the table need not.
  const rows = useMemo(
    () =>
      trends.runs.map((run) => [run.jobId, formatDateTime(run.at), formatCount(run.total.outOfStock), formatCount(run.total.shelfEmpty)]),
    [trends]
  )
  return (
    <section className="trend-section" aria-labelledby={titleId}>
      <div className="trend-heading">
        <h3 id={titleId}>Out of stock and shelf empty per lookup</h3>
        <ChartExports name="out of stock" {...exports} />
      </div>
      <p className="field-hint">
        Items counted once per store. <span className="trend-key trend-key-out">Out of stock</span> is the solid line,{' '}
        <span className="trend-key trend-key-shelf">Shelf empty</span> the dashed one.
      </p>
      <LineChart
        titleId={titleId}
        svgRef={exports.svgRef}
        runs={trends.runs}
        series={series}
        top={top}
        yLabels={labels}
        describe={(line, run) => `${runLabel(trends, run)} · ${line.label}: ${formatCount(line.values[run] ?? 0)}`}
        onOpenRun={onOpenRun}
      />
      <TrendTable
        caption="Out of stock and shelf empty per lookup"
        columns={['Lookup', 'When', 'Out of stock', 'Shelf empty, backroom has stock']}
        rows={rows}
      />
    </section>
  )
}
