import { AppError } from '../../../shared/domain/app-error'
import type { PackedTrends } from '../../../shared/trends/packed-trends'
import { unpackTrends } from '../../../shared/trends/trend-series'
import { TREND_TABLE_FILE_NAMES, trendSheet, type TrendTable } from '../../../shared/trends/trend-sheets'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import { writeFileAtomic } from '../atomic-write'
import { stamp } from './export-file-names'

/** A PNG starts with these eight bytes: anything else the window sends is not written. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** "trends-in-stock-rate-20250110-0900.csv": what the save dialog offers for a trends table, stamped when it is saved. */
export function trendsFileName(table: TrendTable, format: 'csv' | 'xlsx', now: number): string {
  return `trends-${TREND_TABLE_FILE_NAMES[table]}-${stamp(now)}.${format}`
}

/** "trends-in-stock-rate-20250110-0900.png": a chart the window drew. */
export function chartFileName(name: string, now: number): string {
  return `trends-${name}-${stamp(now)}.png`
}

/** A trends table, as the window unpacks and shows it, as the one sheet of one chunk: a year of runs is a few hundred rows. */
export function trendChunks(trends: PackedTrends, table: TrendTable): ExportSheet[][] {
  return [[trendSheet(unpackTrends(trends), table)]]
}

/** The chart's image as the window sent it, refused unless it is a PNG. */
export function chartImage(pngBase64: string): Uint8Array {
  const png = Buffer.from(pngBase64, 'base64')
  if (!PNG_SIGNATURE.every((byte, index) => png[index] === byte)) {
    throw new AppError('invalid_input', 'The chart image could not be made; try the export again.')
  }
  return png
}

/** Written whole or not at all, as every export is. */
export async function writeChartImage(png: Uint8Array, path: string): Promise<{ rows: number }> {
  await writeFileAtomic(path, png)
  return { rows: 1 }
}
