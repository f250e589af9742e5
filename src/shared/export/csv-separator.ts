/**
 * The field separator of a CSV export. A spreadsheet opens a CSV with its locale's list separator:
 * a comma where the decimal mark is a point, a semicolon where the decimal mark is a comma (the
 * comma is taken by the numbers there), so the export offers the one the person's spreadsheet
 * expects and remembers what they chose.
 */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const
export type CsvSeparator = (typeof CSV_SEPARATORS)[number]

export const CSV_SEPARATOR_CHARS: Readonly<Record<CsvSeparator, ',' | ';'>> = { comma: ',', semicolon: ';' }

export const CSV_SEPARATOR_LABELS: Readonly<Record<CsvSeparator, string>> = {
  comma: 'Comma (,)',
  semicolon: 'Semicolon (;)'
}

/** The separator a spreadsheet expects where numbers are written with `decimalMark`. */
export function csvSeparatorFor(decimalMark: string): CsvSeparator {
  return decimalMark === ',' ? 'semicolon' : 'comma'
}
