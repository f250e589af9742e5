import { COLUMN_KEYS, type ResultRow } from './result-row'

/**
 * The rows of a result set, by line then location. Rows (and their text caches) are shared with
 * the previous table for every line whose result did not change, so a running job's updates only
 * pay for new lines.
 */
export class ResultTable {
  readonly rows: readonly ResultRow[]
  readonly rowsByLine: ReadonlyMap<number, readonly ResultRow[]>

  constructor(rowsByLine: ReadonlyMap<number, readonly ResultRow[]>) {
    this.rowsByLine = rowsByLine
    const lines = Float64Array.from(rowsByLine.keys()).sort()
    const rows: ResultRow[] = []
    for (const line of lines) for (const row of rowsByLine.get(line) ?? []) rows.push(row)
    this.rows = rows
  }

  get lineCount(): number {
    return this.rowsByLine.size
  }

  /** The row for `${line}:${locationIndex}`, or null when the table has no such row. */
  rowByKey(key: string): ResultRow | null {
    const [line, locationIndex] = key.split(':').map(Number)
    if (line === undefined || locationIndex === undefined) return null
    return this.rowsByLine.get(line)?.[locationIndex] ?? null
  }

  /**
   * Fills the sort and column-filter caches of rows from `from` on, until `stop()` says so; returns where
   * it stopped (`rows.length` when done). Caches live on the rows, so no work is ever done twice.
   */
  warm(from: number, stop: () => boolean): number {
    let index = from
    while (index < this.rows.length) {
      const row = this.rows[index] as ResultRow
      for (const column of COLUMN_KEYS) row.lower(column)
      index += 1
      if (index % 500 === 0 && stop()) break
    }
    return index
  }
}
