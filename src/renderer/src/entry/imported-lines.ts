import type { ImportColumn, ImportSummary, RowNumbers } from '../../../shared/contract'

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
    `Imported ${count.toLocaleString('en-US')} ${noun} from ${summary.fileName} (${summary.format.toUpperCase()}${encoding}${columnText}). Line numbers are the file's row numbers.`
  ]
  if (summary.blankRows.count > 0) {
    sentences.push(`${plural(summary.blankRows.count, 'blank row')} skipped (${rowList(summary.blankRows)}).`)
  }
  if (cells.emptyRows.count > 0) {
    sentences.push(
      `${plural(cells.emptyRows.count, 'row')} without a value in "${columnLabel(summary, column)}" skipped (${rowList(cells.emptyRows)}).`
    )
  }
  return sentences.join(' ')
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`
}

/** "row 5", "rows 3, 7 and 9", or the first ones listed and how many more. */
function rowList(rows: RowNumbers): string {
  const shown = rows.lines.slice(0, 20)
  const more = rows.count - shown.length
  const numbers = shown.map((line) => line.toLocaleString('en-US'))
  const head = rows.count === 1 ? 'row' : 'rows'
  if (more > 0) return `${head} ${numbers.join(', ')} and ${more.toLocaleString('en-US')} more`
  if (numbers.length <= 1) return `${head} ${numbers.join('')}`
  return `${head} ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1) ?? ''}`
}
