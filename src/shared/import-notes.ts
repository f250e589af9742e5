import type { ImportSummary, RowNumbers } from './contract'
import { formatNumber } from './format/numbers'

/**
 * What an import summary says about rows a person might miss, in words the app and the headless
 * command both print: so a file never gives fewer values than it has lines without saying why.
 */

export function countOf(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`
}

/** "row 5", "rows 3, 7 and 9", or the first 20 listed and how many more. */
export function rowList(rows: RowNumbers): string {
  const shown = rows.lines.slice(0, 20)
  const more = rows.count - shown.length
  const numbers = shown.map((line) => formatNumber(line))
  const head = rows.count === 1 ? 'row' : 'rows'
  if (more > 0) return `${head} ${numbers.join(', ')} and ${formatNumber(more)} more`
  if (numbers.length <= 1) return `${head} ${numbers.join('')}`
  return `${head} ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1) ?? ''}`
}

/** The warning for cells that open a quote and never close it; null when no row does. */
export function unclosedQuoteWarning(summary: Pick<ImportSummary, 'unclosedQuoteRows'>): string | null {
  const rows = summary.unclosedQuoteRows
  if (rows.count === 0) return null
  const list = rowList(rows)
  if (rows.count === 1) {
    return `${capitalize(list)} opens a quote that is never closed: it was read to the end of its line, with the quote kept as a character; check that row in the file.`
  }
  return `${countOf(rows.count, 'row')} open a quote that is never closed (${list}): each was read to the end of its line, with the quote kept as a character; check those rows in the file.`
}

/** Why there are fewer values than lines when quoted cells hold line breaks; null when none does. */
export function multiLineNote(summary: Pick<ImportSummary, 'multiLineRows'>): string | null {
  const rows = summary.multiLineRows
  if (rows.count === 0) return null
  if (rows.count === 1) return `${capitalize(rowList(rows))} has a quoted cell that runs over several lines of the file; it is one row.`
  return `${countOf(rows.count, 'row')} have quoted cells that run over several lines of the file (${rowList(rows)}); each is one row.`
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
