import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { CHART_BOX, linePath, seriesPoints, xOf, xTicks, yOf, type ChartPoint } from './chart-geometry'
import { formatDateTime } from '../format/format'

export interface LineSeries {
  readonly key: string
  readonly label: string
  readonly values: readonly (number | null)[]
  /** Its colour and dash: a class the theme colours (`trend-series-total`, `-store`, `-out`, `-shelf`). */
  readonly tone: 'total' | 'store' | 'out' | 'shelf'
}

export interface ChartRun {
  readonly jobId: string
  readonly at: string
}

export interface LineChartProps {
  /** The chart's accessible name, shown as its heading. */
  readonly titleId: string
  readonly runs: readonly ChartRun[]
  readonly series: readonly LineSeries[]
  readonly top: number
  readonly yLabels: readonly { value: number; text: string }[]
  /** "Run 12 · 3 Mar 2025, 14:02 · Total: 93.5 %": what a point says when hovered or focused. */
  readonly describe: (series: LineSeries, run: number) => string
  readonly onOpenRun: (jobId: string) => void
  readonly svgRef?: React.Ref<SVGSVGElement>
}

interface Active {
  series: number
  run: number
}

/**
 * A line chart in plain SVG: one line per series, points on the highlighted series (the first
 * until another is chosen). It is one stop for Tab; the arrow keys move along the runs (Left,
 * Right, Home, End) and between series (Up, Down); Enter opens the run. Hovering a run's band does
 * what focusing does: its point is highlighted and its figures shown. Only the highlighted series
 * has points, so 50 stores over 90 runs are 51 paths and 90 points, not 4,500 elements.
 */
export function LineChart({ titleId, runs, series, top, yLabels, describe, onOpenRun, svgRef }: LineChartProps) {
  const [active, setActive] = useState<Active | null>(null)
  const [chosenSeries, setChosenSeries] = useState(0)
  const pointRefs = useRef(new Map<number, SVGCircleElement>())
  const tipId = useId()
  const highlighted = Math.min(active?.series ?? chosenSeries, Math.max(0, series.length - 1))
  const lines = series.map((line) => ({ line, points: seriesPoints(line.values, top) }))
  const points = lines[highlighted]?.points ?? []

  function moveTo(next: Active | null) {
    if (next === null) return
    setActive(next)
    setChosenSeries(next.series)
    // The point exists once React has drawn the series it belongs to.
    requestAnimationFrame(() => pointRefs.current.get(next.run)?.focus())
  }

  function nearest(seriesIndex: number, run: number): Active | null {
    const candidates = lines[seriesIndex]?.points ?? []
    if (candidates.length === 0) return null
    const best = candidates.reduce((a, b) => (Math.abs(b.run - run) < Math.abs(a.run - run) ? b : a))
    return { series: seriesIndex, run: best.run }
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    const current = active ?? { series: highlighted, run: points[0]?.run ?? 0 }
    const index = points.findIndex((point) => point.run === current.run)
    let next: Active | null = null
    switch (event.key) {
      case 'ArrowRight':
        next = points[index + 1] === undefined ? null : { series: highlighted, run: points[index + 1]?.run ?? 0 }
        break
      case 'ArrowLeft':
        next = index <= 0 ? null : { series: highlighted, run: points[index - 1]?.run ?? 0 }
        break
      case 'Home':
        next = points[0] === undefined ? null : { series: highlighted, run: points[0].run }
        break
      case 'End':
        next = points.at(-1) === undefined ? null : { series: highlighted, run: points.at(-1)?.run ?? 0 }
        break
      case 'ArrowDown':
        next = nearest((highlighted + 1) % series.length, current.run)
        break
      case 'ArrowUp':
        next = nearest((highlighted - 1 + series.length) % series.length, current.run)
        break
      case 'Enter':
      case ' ': {
        const jobId = runs[current.run]?.jobId
        if (jobId !== undefined) onOpenRun(jobId)
        break
      }
      default:
        return
    }
    event.preventDefault()
    moveTo(next)
  }

  const activeLine = active === null ? undefined : series[active.series]
  const tip = active === null || activeLine === undefined ? null : describe(activeLine, active.run)
  const tabStop = active?.run ?? points[0]?.run
  const bandWidth = runs.length <= 1 ? CHART_BOX.width : xOf(1, runs.length) - xOf(0, runs.length)

  return (
    <div className="trend-chart">
      <svg
        ref={svgRef}
        role="group"
        aria-labelledby={titleId}
        aria-describedby={tip === null ? undefined : tipId}
        viewBox={`0 0 ${CHART_BOX.width} ${CHART_BOX.height}`}
        className="trend-svg"
        onKeyDown={onKeyDown}
        onMouseLeave={() => setActive(null)}
      >
        <g className="trend-axis" aria-hidden="true">
          {yLabels.map(({ value, text }) => (
            <g key={value}>
              <line x1={CHART_BOX.left} x2={CHART_BOX.width - CHART_BOX.right} y1={yOf(value, top)} y2={yOf(value, top)} />
              <text x={CHART_BOX.left - 6} y={yOf(value, top) + 4} textAnchor="end">
                {text}
              </text>
            </g>
          ))}
          {xTicks(runs.length).map((run) => (
            <text key={run} x={xOf(run, runs.length)} y={CHART_BOX.height - 8} textAnchor="middle">
              {formatDateTime(runs[run]?.at ?? '')}
            </text>
          ))}
        </g>
        <g aria-hidden="true">
          {runs.map((run, index) => (
            <rect
              key={run.jobId}
              className="trend-band"
              x={xOf(index, runs.length) - bandWidth / 2}
              y={CHART_BOX.top}
              width={bandWidth}
              height={CHART_BOX.height - CHART_BOX.top - CHART_BOX.bottom}
              onMouseEnter={() => setActive(nearest(highlighted, index))}
              onClick={() => onOpenRun(run.jobId)}
            />
          ))}
        </g>
        {lines.map(({ line, points: linePoints }, index) =>
          index === highlighted ? null : (
            <path key={line.key} className={`trend-line trend-series-${line.tone}`} d={linePath(linePoints)} aria-hidden="true" />
          )
        )}
        {lines[highlighted] === undefined ? null : (
          <HighlightedSeries
            line={lines[highlighted].line}
            points={points}
            seriesIndex={highlighted}
            active={active}
            tabStop={tabStop}
            describe={describe}
            pointRefs={pointRefs}
            onActivate={setActive}
            onOpen={(run) => {
              const jobId = runs[run]?.jobId
              if (jobId !== undefined) onOpenRun(jobId)
            }}
          />
        )}
      </svg>
      <p id={tipId} className="trend-tip" aria-hidden={tip === null}>
        {tip ?? 'Hover over or focus a point (Tab, then the arrow keys) to see its run; click it or press Enter to open that run.'}
      </p>
    </div>
  )
}

interface HighlightedSeriesProps {
  line: LineSeries
  points: readonly ChartPoint[]
  seriesIndex: number
  active: Active | null
  tabStop: number | undefined
  describe: (series: LineSeries, run: number) => string
  pointRefs: React.RefObject<Map<number, SVGCircleElement>>
  onActivate: (active: Active) => void
  onOpen: (run: number) => void
}

function HighlightedSeries({
  line,
  points,
  seriesIndex,
  active,
  tabStop,
  describe,
  pointRefs,
  onActivate,
  onOpen
}: HighlightedSeriesProps) {
  return (
    <g>
      <path className={`trend-line trend-line-highlighted trend-series-${line.tone}`} d={linePath(points)} aria-hidden="true" />
      {points.map((point) => (
        <circle
          key={point.run}
          ref={(element) => {
            if (element === null) return
            pointRefs.current.set(point.run, element)
            return () => {
              pointRefs.current.delete(point.run)
            }
          }}
          role="button"
          tabIndex={point.run === tabStop ? 0 : -1}
          aria-label={describe(line, point.run)}
          className={`trend-point trend-series-${line.tone}${active?.run === point.run ? ' trend-point-active' : ''}`}
          cx={point.x}
          cy={point.y}
          r={active?.run === point.run ? 6 : 3.5}
          onFocus={() => onActivate({ series: seriesIndex, run: point.run })}
          onMouseEnter={() => onActivate({ series: seriesIndex, run: point.run })}
          onClick={() => onOpen(point.run)}
        />
      ))}
    </g>
  )
}
