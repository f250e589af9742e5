import { useId, useMemo } from 'react'
import type { Trends } from '../../../shared/trends/trend-series'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import { useFigureTips } from '../components/figure-tips'
import { formatDateTime } from '../format/format'
import { LineChart, type LineSeries } from './line-chart'
import { figuresText, rateText, runLabel, storeLabel, TOTAL_LABEL } from './trend-labels'
import { TrendTable } from './trend-table'
import { ChartExports, type ChartExportActions } from './chart-exports'

interface RateChartProps {
  trends: Trends
  onOpenRun: (jobId: string) => void
  exports: ChartExportActions
}

const TIPS = { rate: columnDescription('inStockRate') ?? '' }

const PERCENT_LABELS = [0, 25, 50, 75, 100].map((value) => ({ value, text: `${value} %` }))

/** In-stock rate per run, all stores together and each store, with its data table. */
export function RateChart({ trends, onOpenRun, exports }: RateChartProps) {
  const titleId = useId()
  const tips = useFigureTips(TIPS)
  const series: LineSeries[] = [
    { key: 'total', label: TOTAL_LABEL, tone: 'total', values: trends.runs.map((run) => run.total.rate) },
    ...trends.stores.map((storeNbr, index): LineSeries => ({
      key: String(storeNbr),
      label: storeLabel(storeNbr),
      tone: 'store',
      values: trends.runs.map((run) => run.stores[index]?.rate ?? null)
    }))
  ]
  const figuresOf = (seriesKey: string, run: number) => {
    const entry = trends.runs[run]
    if (entry === undefined) return null
    return seriesKey === 'total' ? entry.total : (entry.stores[trends.stores.indexOf(Number(seriesKey))] ?? null)
  }
  // Memoised: the chart's section draws again when an export starts or ends, the table need not.
  const rows = useMemo(
    () =>
      trends.runs.map((run) => [
        run.jobId,
        formatDateTime(run.at),
        rateText(run.total.rate),
        ...run.stores.map((s) => (s === null ? '' : rateText(s.rate)))
      ]),
    [trends]
  )
  return (
    <section className="trend-section" aria-labelledby={titleId} {...tips.handlers}>
      <div className="trend-heading">
        <h3 id={titleId} tabIndex={0} aria-describedby={tips.describedBy.rate}>
          In-stock rate per lookup
        </h3>
        <ChartExports name="in-stock rate" {...exports} />
      </div>
      <p className="field-hint">
        {TOTAL_LABEL} is the thick line; the thin lines are the stores. Up and Down choose the line to follow. In stock counts items with
        stock on hand, shelf empty included, out of those found.
      </p>
      <LineChart
        titleId={titleId}
        svgRef={exports.svgRef}
        runs={trends.runs}
        series={series}
        top={100}
        yLabels={PERCENT_LABELS}
        describe={(line, run) => `${runLabel(trends, run)} · ${line.label}: ${figuresText(figuresOf(line.key, run))}`}
        onOpenRun={onOpenRun}
      />
      <TrendTable
        caption="In-stock rate per lookup, all stores and each store"
        columns={[
          { label: 'Lookup' },
          { label: 'When' },
          ...[TOTAL_LABEL, ...trends.stores.map(storeLabel)].map((label) => ({ label, describedBy: tips.describedBy.rate }))
        ]}
        rows={rows}
      />
      {tips.elements}
    </section>
  )
}
