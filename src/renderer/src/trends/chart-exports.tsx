import type { RefObject } from 'react'

/** What a chart's export buttons do: the screen owns the calls to main and says where the file went. */
export interface ChartExportActions {
  svgRef: RefObject<SVGSVGElement | null>
  onPng: () => void
  onData: (format: 'csv' | 'xlsx') => void
  busy: boolean
}

/** "Export chart as PNG" and its data as CSV or XLSX; named after the chart, since every chart has them. */
export function ChartExports({ name, onPng, onData, busy }: ChartExportActions & { name: string }) {
  return (
    <div className="trend-exports">
      <button type="button" disabled={busy} aria-label={`Export the ${name} chart as PNG`} onClick={onPng}>
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
