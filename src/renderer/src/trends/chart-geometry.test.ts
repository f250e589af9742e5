import { describe, expect, it } from 'vitest'
import { CHART_BOX, linePath, niceTop, seriesPoints, xOf, xTicks, yOf } from './chart-geometry'

describe('chart geometry', () => {
  it('spreads runs across the plot and puts 0 at the bottom, the top at the top', () => {
    expect(xOf(0, 3)).toBe(CHART_BOX.left)
    expect(xOf(2, 3)).toBe(CHART_BOX.width - CHART_BOX.right)
    expect(yOf(0, 100)).toBe(CHART_BOX.height - CHART_BOX.bottom)
    expect(yOf(100, 100)).toBe(CHART_BOX.top)
    expect(yOf(150, 100)).toBe(CHART_BOX.top)
  })

  it('breaks a line where a run has no value', () => {
    const points = seriesPoints([50, null, 100, 0], 100)
    expect(points.map((point) => point.run)).toEqual([0, 2, 3])
    expect(linePath(points)).toMatch(/^M[\d.]+ [\d.]+M[\d.]+ [\d.]+L[\d.]+ [\d.]+$/)
  })

  it('rounds a count axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 51, 2000].map(niceTop)).toEqual([5, 1, 5, 10, 20, 100, 2000])
  })

  it('labels the first and last run and a few between', () => {
    expect(xTicks(0)).toEqual([])
    expect(xTicks(3)).toEqual([0, 1, 2])
    expect(xTicks(90)).toEqual([0, 18, 36, 53, 71, 89])
  })
})
