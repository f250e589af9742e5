import type { TrendFigures, Trends } from '../../../shared/trends/trend-series'
import { formatRate as formatPercent } from '../../../shared/views/store-views'
import { formatCount, formatDateTime, SCREEN_LOCALE } from '../format/format'

/** "93.5 %", or "No stock answers" when the run found nothing there. */
export function rateText(rate: number | null): string {
  return rate === null ? 'No stock answers' : formatPercent(rate, SCREEN_LOCALE)
}

export function runLabel(trends: Trends, run: number): string {
  const entry = trends.runs[run]
  return entry === undefined ? '' : `Lookup ${entry.jobId} · ${formatDateTime(entry.at)}`
}

/** What a store's or the total's figures say, in words: "93.5 % in stock (187 of 200 found), 13 out of stock, 4 shelf empty". */
export function figuresText(figures: TrendFigures | null): string {
  if (figures === null) return 'not looked up in this lookup'
  return `${rateText(figures.rate)} in stock (${formatCount(figures.withStock)} of ${formatCount(figures.found)} found), ${formatCount(
    figures.outOfStock
  )} out of stock, ${formatCount(figures.shelfEmpty)} shelf empty`
}

export const TOTAL_LABEL = 'All stores'
export const storeLabel = (storeNbr: number): string => `Store ${storeNbr}`
