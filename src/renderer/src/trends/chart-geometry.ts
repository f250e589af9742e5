/**
 * Where a line chart's points go: runs evenly along x (oldest left), values on y from 0 to the top
 * of the scale, in a viewBox of fixed size that the SVG scales to its box. A missing value (a store
 * a run did not look in, a rate with nothing found) breaks its line instead of dropping to 0.
 */
export const CHART_BOX = { width: 720, height: 260, left: 48, right: 16, top: 12, bottom: 28 } as const

export interface ChartPoint {
  readonly run: number
  readonly x: number
  readonly y: number
  readonly value: number
}

export function xOf(run: number, runs: number): number {
  const span = CHART_BOX.width - CHART_BOX.left - CHART_BOX.right
  return runs <= 1 ? CHART_BOX.left + span / 2 : CHART_BOX.left + (span * run) / (runs - 1)
}

export function yOf(value: number, top: number): number {
  const span = CHART_BOX.height - CHART_BOX.top - CHART_BOX.bottom
  const clamped = Math.min(Math.max(value, 0), top)
  return CHART_BOX.top + span * (1 - (top === 0 ? 0 : clamped / top))
}

/** The points of one series; null values have no point. */
export function seriesPoints(values: readonly (number | null)[], top: number): ChartPoint[] {
  const points: ChartPoint[] = []
  values.forEach((value, run) => {
    if (value !== null) points.push({ run, x: round(xOf(run, values.length)), y: round(yOf(value, top)), value })
  })
  return points
}

/** An SVG path through the points, lifting the pen over a gap (a run without a value). */
export function linePath(points: readonly ChartPoint[]): string {
  let path = ''
  let previous: ChartPoint | null = null
  for (const point of points) {
    path += `${previous !== null && point.run === previous.run + 1 ? 'L' : 'M'}${point.x} ${point.y}`
    previous = point
  }
  return path
}

/** A round top for a count axis (5, 10, 20, 50, 100, ...) at or over the largest value, and never 0. */
export function niceTop(largest: number): number {
  if (largest <= 0) return 5
  const magnitude = 10 ** Math.floor(Math.log10(largest))
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= largest) return step * magnitude
  return 10 * magnitude
}

/** Up to `most` evenly spread run indexes to label on the x axis, always the first and the last. */
export function xTicks(runs: number, most = 6): number[] {
  if (runs <= 0) return []
  if (runs <= most) return Array.from({ length: runs }, (_, index) => index)
  const ticks = Array.from({ length: most }, (_, index) => Math.round((index * (runs - 1)) / (most - 1)))
  return [...new Set(ticks)]
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}
