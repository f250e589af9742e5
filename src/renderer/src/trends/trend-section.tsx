import { useId, useRef, type ReactNode } from 'react'
import { useFigureTips } from '../components/figure-tips'
import { ChartExports, type ChartExportActions } from './chart-exports'
import { LineChart, type LineChartProps } from './line-chart'
import { TrendTable } from './trend-table'

/** A column of the section's data table, and the tip that says what its figures count (none for Lookup and When). */
export interface TrendSectionColumn<Tip extends string> {
  readonly label: string
  readonly tip?: Tip
}

interface TrendSectionProps<Tip extends string> {
  /** The heading, which is also the chart's accessible name. */
  heading: string
  /** What each figure counts, by name (a constant of the chart's module): the heading's tip and its columns'. */
  tips: Readonly<Record<Tip, string>>
  headingTip: Tip
  /** The chart as its export buttons name it: "Export the in-stock rate chart as PNG". */
  exportName: string
  exports: ChartExportActions
  /** How to read the chart, under the heading. */
  hint: ReactNode
  chart: Omit<LineChartProps, 'titleId' | 'svgRef'>
  table: { caption: string; columns: readonly TrendSectionColumn<Tip>[]; rows: readonly (readonly string[])[] }
}

/**
 * One chart of Trends as a section: its heading (with the tip of what it counts) and export buttons,
 * how to read it, the chart, and its figures as a data table whose headers have their tips too.
 */
export function TrendSection<Tip extends string>({
  heading,
  tips,
  headingTip,
  exportName,
  exports,
  hint,
  chart,
  table
}: TrendSectionProps<Tip>) {
  const titleId = useId()
  const svgRef = useRef<SVGSVGElement | null>(null)
  const figureTips = useFigureTips(tips)
  const columns = table.columns.map(({ label, tip }) => ({
    label,
    describedBy: tip === undefined ? undefined : figureTips.describedBy[tip]
  }))
  return (
    <section className="trend-section" aria-labelledby={titleId} {...figureTips.handlers}>
      <div className="trend-heading">
        <h3 id={titleId} tabIndex={0} aria-describedby={figureTips.describedBy[headingTip]}>
          {heading}
        </h3>
        <ChartExports name={exportName} svgRef={svgRef} {...exports} />
      </div>
      <p className="field-hint">{hint}</p>
      <LineChart titleId={titleId} svgRef={svgRef} {...chart} />
      <TrendTable caption={table.caption} columns={columns} rows={table.rows} />
      {figureTips.elements}
    </section>
  )
}
