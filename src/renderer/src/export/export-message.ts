import type { ExportFormat } from '../../../shared/contract'
import { formatCount } from '../format/format'

export const FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  json: 'JSON'
}

/** Which rows of the view: as shown (filtered and sorted), the selected ones, or every row. */
export type ExportScope = 'shown' | 'selected' | 'all'

/** "Saved 1,234 rows to /home/ana/inventory.xlsx" */
export function savedMessage(rows: number, path: string): string {
  return `Saved ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'} to ${path}`
}

/** The scope the dialog offers first: the selection when there is one, else what the screen shows. */
export function defaultScope(selected: number): ExportScope {
  return selected > 0 ? 'selected' : 'shown'
}
