import type { ImportColumn, ImportSummary, RowNumbers } from '../../../shared/contract'
import { IMPORT_VALUE_SEPARATOR } from '../../../shared/import-separator'
import { carriedHeader, ITEM_NAME_COLUMN } from '../../../shared/items/item-name-column'
import { MAX_LISTED_ROWS } from '../../../shared/limits'
import type { PackedCells } from '../../workers/packed-cells'

/** Joins a row's cells; the character no imported cell can hold, as for a column's values. */
export const CELL_SEPARATOR = IMPORT_VALUE_SEPARATOR

export type TableShape = Omit<ImportSummary, 'importId' | 'fileName' | 'format' | 'encoding'>

/** Which of a file's other columns travel with each line, and each requested row's cells of them. */
export interface CarriedCells {
  columns: string[]
  /** One entry per requested row number: the row's carried cells joined by `CELL_SEPARATOR`, or null when the file has no such row. */
  rows: (string | null)[]
  /** The file's name when the cells begin with its "Item name" column: what the item catalogue says the names came from. */
  itemNamesFrom?: string
}

/** `CarriedCells` with its rows packed. */
export interface PackedCarriedCells extends Omit<CarriedCells, 'rows'> {
  rows: PackedCells
}

/**
 * An imported file held in memory as compactly as a table of text can be: one string per row
 * (its cells joined), so a 50 MB file costs about 50 MB however many cells it has, instead of an
 * object per cell.
 */
export class ImportedTable {
  private readonly indexOfLine = new Map<number, number>()

  constructor(
    readonly shape: TableShape,
    private readonly lines: readonly number[],
    private readonly texts: readonly string[],
    /** Columns with a header name or at least one value: the ones worth carrying. */
    private readonly filled: ReadonlySet<number>
  ) {
    lines.forEach((line, index) => this.indexOfLine.set(line, index))
  }

  /** Every kept row with its cells (trailing blank cells left off), for inspection. */
  rows(): { line: number; cells: string[] }[] {
    return this.texts.map((text, row) => ({ line: this.lines[row] ?? 0, cells: text.split(CELL_SEPARATOR) }))
  }

  /** One column's non-blank cells, trimmed, with their row numbers; rows without a value are counted. */
  column(index: number): ImportColumn {
    const lines: number[] = []
    const values: string[] = []
    const empty = rowNumbers()
    for (let row = 0; row < this.texts.length; row++) {
      const cell = cellAt(this.texts[row] ?? '', index).trim()
      const line = this.lines[row] ?? 0
      if (cell === '') empty.add(line)
      else {
        lines.push(line)
        values.push(cell)
      }
    }
    return { lines, values: values.join(IMPORT_VALUE_SEPARATOR), emptyRows: empty.done() }
  }

  /**
   * The columns other than `chosen` that have a name or a value; the one naming the items (if it
   * is one of them) first.
   */
  carriedColumns(chosen: number, nameColumn: number | null = null): number[] {
    const others = this.shape.columns.map((column) => column.index).filter((index) => index !== chosen && this.filled.has(index))
    if (nameColumn === null || !others.includes(nameColumn)) return others
    return [nameColumn, ...others.filter((index) => index !== nameColumn)]
  }

  /** The other columns' cells of the `wanted` rows; the column naming the items comes first, headed "Item name". */
  carried(chosen: number, wanted: ArrayLike<number>, nameColumn: number | null = null): CarriedCells {
    const indexes = this.carriedColumns(chosen, nameColumn)
    const names = indexes.map((index) => (index === nameColumn ? ITEM_NAME_COLUMN : carriedHeader(this.shape.columns[index]?.name ?? '')))
    const rows = Array.from(wanted, (line) => {
      const row = this.indexOfLine.get(line)
      if (row === undefined) return null
      const cells = (this.texts[row] ?? '').split(CELL_SEPARATOR)
      return indexes.map((index) => cells[index] ?? '').join(CELL_SEPARATOR)
    })
    return { columns: names, rows }
  }
}

/** The cell at `index` of a joined row, found without splitting the whole row. */
function cellAt(text: string, index: number): string {
  let start = 0
  for (let i = 0; i < index; i++) {
    const next = text.indexOf(CELL_SEPARATOR, start)
    if (next === -1) return ''
    start = next + 1
  }
  const end = text.indexOf(CELL_SEPARATOR, start)
  return end === -1 ? text.slice(start) : text.slice(start, end)
}

/** Counts row numbers and lists the first `MAX_LISTED_ROWS` of them. */
export function rowNumbers(): { add(line: number): void; done(): RowNumbers } {
  const listed: number[] = []
  let count = 0
  return {
    add(line) {
      count += 1
      if (listed.length < MAX_LISTED_ROWS) listed.push(line)
    },
    done: () => ({ count, lines: listed })
  }
}
