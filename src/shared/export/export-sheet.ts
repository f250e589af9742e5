/**
 * What an export contains, independent of the file format: sheets of cells in screen order with the
 * screen's labels. `answers` builds them (build-export.ts); the file writers only lay them out.
 */
export type ExportCell = string | number | null

export interface ExportColumn {
  readonly label: string
  /**
   * `id` cells are identifiers written as text so leading zeros survive; `number` cells stay numbers;
   * `percent` cells are numbers in percent (80 means 80 %, as a spreadsheet can average them) that
   * an XLSX shows with " %" after them, as the screen does.
   */
  readonly kind: 'text' | 'id' | 'number' | 'percent'
}

/** A fill colour (ARGB, e.g. `FFF4C7C3`) per row for one column; null leaves the cell unfilled. */
export interface ExportFill {
  readonly column: number
  readonly colors: readonly (string | null)[]
}

export interface ExportSheet {
  readonly name: string
  readonly columns: readonly ExportColumn[]
  readonly rows: readonly (readonly ExportCell[])[]
  readonly fills?: readonly ExportFill[]
}
