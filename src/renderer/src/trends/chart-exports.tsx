import type { RefObject } from 'react'

/** What a chart's export buttons do: the screen owns the calls to main and says where the file went. */
export interface ChartExportActions {
  onPng: (svg: SVGSVGElement) => void
  onData: (format: 'csv' | 'xlsx') => void
  busy: boolean
}

interface ChartExportsProps extends ChartExportActions {
  name: string
  /** The chart drawn, which PNG exports. */
  svgRef: RefObject<SVGSVGElement | null>
}

/** "Export chart as PNG" and its data as CSV or XLSX; named after the chart, since every chart has them. */
export function ChartExports({ name, svgRef, onPng, onData, busy }: ChartExportsProps) {
  return (
    <div className="trend-exports">
      <button
        type="button"
        disabled={busy}
        aria-label={`Export the ${name} chart as PNG`}
        onClick={() => {
          if (svgRef.current !== null) onPng(svgRef.current)
        }}
      >
        PNG
      </button>
      <button type="button" disabled={busy} aria-label={`Export the ${name} data as CSV`} onClick={() => onData('csv')}>
        CSV
      </button>
      <button type="button" disabled={busy} aria-label={`Export the ${name} data as XLSX`} onClick={() => onData('xlsx')}>
        XLSX
      </button>
    </div>
  )
}
