import type { ExportFormat, InvokeInput } from '../../../shared/contract'
import { defaultExportSpec } from '../../../shared/export/build-export'
import { DEFAULT_LOW_STOCK_LEVEL } from '../../../shared/stock/stock-status'
import { formatCount } from '../format/format'

export const FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  json: 'JSON'
}

export type ExportScope = 'all' | 'shown'

/**
 * What to ask main for. "Only rows shown" sends the distinct lines of the visible rows, but only
 * when a filter hides something (`shownLines` is null otherwise): then it is the same as all rows.
 */
export function exportRequest(
  jobId: string,
  format: ExportFormat,
  scope: ExportScope,
  shownLines: readonly number[] | null
): InvokeInput<'exportResults'> {
  const view = defaultExportSpec('locations', [], DEFAULT_LOW_STOCK_LEVEL)
  return { jobId, format, view: scope === 'shown' && shownLines !== null ? { ...view, rows: { lines: [...shownLines] } } : view }
}

/** "Saved 1,234 rows to /home/ana/inventory.csv" */
export function savedMessage(rows: number, path: string): string {
  return `Saved ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'} to ${path}`
}
