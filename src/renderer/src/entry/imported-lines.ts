import type { ImportTable } from '../../../shared/contract'

export function columnLabel(table: ImportTable, column: number): string {
  const name = table.columns.find((candidate) => candidate.index === column)?.name.trim() ?? ''
  return name === '' ? `Column ${column + 1}` : name
}

const ENCODING_LABELS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with BOM',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252'
}

export function describeImport(table: ImportTable, column: number, count: number): string {
  const encoding = table.encoding === null ? '' : `, ${ENCODING_LABELS[table.encoding] ?? table.encoding}`
  const columnText = table.columns.length > 1 ? `, column "${columnLabel(table, column)}"` : ''
  const noun = count === 1 ? 'value' : 'values'
  return `Imported ${count} ${noun} from ${table.fileName} (${table.format.toUpperCase()}${encoding}${columnText}). Line numbers are the file's row numbers.`
}
