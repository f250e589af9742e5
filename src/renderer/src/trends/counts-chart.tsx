import { useMemo } from 'react'
import type { Trends } from '../../../shared/trends/trend-series'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import { formatCount, formatDateTime } from '../format/format'
import { niceTop } from './chart-geometry'
import type { LineSeries } from './line-chart'
import { runLabel } from './trend-labels'
import type { ChartExportActions } from './chart-exports'
import { TrendSection } from './trend-section'

interface CountsChartProps {
  trends: Trends
  onOpenRun: (jobId: string) => void
  exports: ChartExportActions
}

const OUT_LABEL = 'Out of stock'
const SHELF_LABEL = 'Shelf empty, backroom has stock'
const OUT = columnDescription('outOfStock') ?? ''
const SHELF = columnDescription('shelfEmpty') ?? ''
/** The heading names both figures, so its tip says what each counts. */
const TIPS = { out: OUT, shelf: SHELF, both: `${OUT_LABEL}: ${OUT} ${SHELF_LABEL}: ${SHELF}` }

/** How many item and store pairs were out of stock, and shelf empty, in each lookup. */
export function CountsChart({ trends, onOpenRun, exports }: CountsChartProps) {
  const out = trends.runs.map((run) => run.total.outOfStock)
  const shelf = trends.runs.map((run) => run.total.shelfEmpty)
  const top = niceTop(Math.max(0, ...out, ...shelf))
  const series: LineSeries[] = [
    { key: 'out', label: OUT_LABEL, tone: 'out', values: out },
    { key: 'shelf', label: SHELF_LABEL, tone: 'shelf', values: shelf }
  ]
  const labels = [0, top / 2, top].map((value) => ({ value, text: formatCount(value) }))
  // Memoised: the chart's section draws again when an export starts or ends, the table need not.
  const rows = useMemo(
    () =>
      trends.runs.map((run) => [run.jobId, formatDateTime(run.at), formatCount(run.total.outOfStock), formatCount(run.total.shelfEmpty)]),
    [trends]
  )
  return (
    <TrendSection
      heading="Out of stock and shelf empty per lookup"
      tips={TIPS}
      headingTip="both"
      exportName="out of stock"
      exports={exports}
      hint={
        <>
          Items counted once per store. <span className="trend-key trend-key-out">Out of stock</span> is the solid line,{' '}
          <span className="trend-key trend-key-shelf">Shelf empty</span> the dashed one.
        </>
      }
      chart={{
        runs: trends.runs,
        series,
        top,
        yLabels: labels,
        describe: (line, run) => `${runLabel(trends, run)} · ${line.label}: ${formatCount(line.values[run] ?? 0)}`,
        onOpenRun
      }}
      table={{
        caption: 'Out of stock and shelf empty per lookup',
        columns: [{ label: 'Lookup' }, { label: 'When' }, { label: OUT_LABEL, tip: 'out' }, { label: SHELF_LABEL, tip: 'shelf' }],
        rows
      }}
    />
  )
}
