import type { ExportFormat } from '../../../shared/contract'
import { formatCount } from '../format/format'

export const FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  json: 'JSON'
}

/** "Saved 1,234 rows to /home/ana/inventory.csv" */
export function savedMessage(rows: number, path: string): string {
  return `Saved ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'} to ${path}`
}
