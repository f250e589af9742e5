import { useMemo } from 'react'
import type { Trends } from '../../../shared/trends/trend-series'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import { formatDateTime } from '../format/format'
import type { LineSeries } from './line-chart'
import { figuresText, rateText, runLabel, storeLabel, TOTAL_LABEL } from './trend-labels'
import type { ChartExportActions } from './chart-exports'
import { TrendSection } from './trend-section'

interface RateChartProps {
  trends: Trends
  onOpenRun: (jobId: string) => void
  exports: ChartExportActions
}

const TIPS = { rate: columnDescription('inStockRate') ?? '' }

const PERCENT_LABELS = [0, 25, 50, 75, 100].map((value) => ({ value, text: `${value} %` }))

/** In-stock rate per run, all stores together and each store, with its data table. */
export function RateChart({ trends, onOpenRun, exports }: RateChartProps) {
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
    <TrendSection
      heading="In-stock rate per lookup"
      tips={TIPS}
      headingTip="rate"
      exportName="in-stock rate"
      exports={exports}
      hint={
        <>
          {TOTAL_LABEL} is the thick line; the thin lines are the stores. Up and Down choose the line to follow. In stock counts items with
          stock on hand, shelf empty included, out of those found.
        </>
      }
      chart={{
        runs: trends.runs,
        series,
        top: 100,
        yLabels: PERCENT_LABELS,
        describe: (line, run) => `${runLabel(trends, run)} · ${line.label}: ${figuresText(figuresOf(line.key, run))}`,
        onOpenRun
      }}
      table={{
        caption: 'In-stock rate per lookup, all stores and each store',
        columns: [
          { label: 'Lookup' },
          { label: 'When' },
          ...[TOTAL_LABEL, ...trends.stores.map(storeLabel)].map((label) => ({ label, tip: 'rate' as const }))
        ],
        rows
      }}
    />
  )
}
