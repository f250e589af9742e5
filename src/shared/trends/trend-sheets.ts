import { z } from 'zod'
import type { ExportCell, ExportSheet } from '../export/export-sheet'
import type { Trends } from './trend-series'
import { worstRows } from './worst-items'

/** The trends' tables a person can export: each chart's data and the worst items, as the screen's tables show them. */
export const TREND_TABLES = ['rates', 'counts', 'worst'] as const
export const trendTableSchema = z.enum(TREND_TABLES)
export type TrendTable = z.infer<typeof trendTableSchema>

export const TREND_TABLE_FILE_NAMES: Readonly<Record<TrendTable, string>> = {
  rates: 'in-stock-rate',
  counts: 'out-of-stock',
  worst: 'worst-items'
}

/** A trends table as a sheet: plain numbers (rates in percent, as the Stores view exports them) and ISO times. */
export function trendSheet(trends: Trends, table: TrendTable): ExportSheet {
  switch (table) {
    case 'rates':
      return {
        name: 'In-stock rate',
        columns: [
          { label: 'Lookup', kind: 'id' },
          { label: 'When', kind: 'text' },
          { label: 'All stores', kind: 'percent' },
          ...trends.stores.map((store) => ({ label: `Store ${store}`, kind: 'percent' as const }))
        ],
        rows: trends.runs.map((run): ExportCell[] => [run.jobId, run.at, run.total.rate, ...run.stores.map((store) => store?.rate ?? null)])
      }
    case 'counts':
      return {
        name: 'Out of stock',
        columns: [
          { label: 'Lookup', kind: 'id' },
          { label: 'When', kind: 'text' },
          { label: 'Out of stock', kind: 'number' },
          { label: 'Shelf empty, backroom has stock', kind: 'number' },
          { label: 'Found', kind: 'number' }
        ],
        rows: trends.runs.map((run): ExportCell[] => [run.jobId, run.at, run.total.outOfStock, run.total.shelfEmpty, run.total.found])
      }
    case 'worst':
      return {
        name: 'Worst items',
        columns: [
          { label: 'Item', kind: 'id' },
          { label: 'Store', kind: 'number' },
          { label: 'Lookups out of stock', kind: 'number' },
          { label: 'Lookups that found it', kind: 'number' },
          { label: 'Share out of stock', kind: 'percent' }
        ],
        rows: worstRows(trends).map((row): ExportCell[] => [row.value, row.storeNbr, row.outRuns, row.answeredRuns, row.share])
      }
  }
}
