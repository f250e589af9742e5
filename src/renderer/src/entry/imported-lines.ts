import type { ImportColumn, ImportSummary } from '../../../shared/contract'
import { countOf, multiLineNote, rowList, unclosedQuoteWarning } from '../../../shared/import-notes'
import { formatCount } from '../format/format'

export function columnLabel(summary: Pick<ImportSummary, 'columns'>, column: number): string {
  const name = summary.columns.find((candidate) => candidate.index === column)?.name.trim() ?? ''
  return name === '' ? `Column ${column + 1}` : name
}

const ENCODING_LABELS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with BOM',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252'
}

/** Where the values came from, and every row that gave none, so nothing is dropped without a word. */
export function describeImport(summary: ImportSummary, column: number, cells: Pick<ImportColumn, 'lines' | 'emptyRows'>): string {
  const encoding = summary.encoding === null ? '' : `, ${ENCODING_LABELS[summary.encoding] ?? summary.encoding}`
  const columnText = summary.columns.length > 1 ? `, column "${columnLabel(summary, column)}"` : ''
  const count = cells.lines.length
  const noun = count === 1 ? 'value' : 'values'
  const sentences = [
    `Imported ${formatCount(count)} ${noun} from ${summary.fileName} (${summary.format.toUpperCase()}${encoding}${columnText}). Line numbers are the file's row numbers.`
  ]
  const warning = unclosedQuoteWarning(summary)
  if (warning !== null) sentences.push(warning)
  const multiLine = multiLineNote(summary)
  if (multiLine !== null) sentences.push(multiLine)
  if (summary.blankRows.count > 0) {
    sentences.push(`${countOf(summary.blankRows.count, 'blank row')} skipped (${rowList(summary.blankRows)}).`)
  }
  if (cells.emptyRows.count > 0) {
    sentences.push(
      `${countOf(cells.emptyRows.count, 'row')} without a value in "${columnLabel(summary, column)}" skipped (${rowList(cells.emptyRows)}).`
    )
  }
  return sentences.join(' ')
}
