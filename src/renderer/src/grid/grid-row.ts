import type { CellValue, ColumnKind } from '../../../shared/views/view-columns'
import type { SearchTerm } from './search-term'
import type { RowStatus } from './row-status'

/**
 * What the grid, its column filters, its sort and its quick search need of a column, whichever
 * screen shows it: the results' views (`ViewColumn`) or a comparison of two lookups.
 */
export interface GridColumn {
  readonly key: string
  readonly label: string
  /** `status` columns show a stock status badge and sort most urgent first. */
  readonly kind: ColumnKind
  /** For an imported file's column: its position in the carried cells (its numbers are compared and sorted as numbers). */
  readonly carried?: number
  /** Whether the value differs between the rows of one line (the Locations view's location columns). */
  readonly perLocation?: boolean
  /** For a Matrix column: the store whose answers it shows. */
  readonly store?: number
}

/** A store named in a cell (By item's "Stores concerned"): a button that opens that store's answer. */
export interface StoreLink {
  readonly storeNbr: number
  /** Why it is named: its stock status there. */
  readonly status: RowStatus
  /** What the button says, "1234 Out": the cell's text is these joined. */
  readonly text: string
}

/** What the grid, the chips, the filters and the sort need of a row, whichever screen shows it. */
export interface GridRow<Column extends GridColumn = GridColumn> {
  readonly key: string
  /** Who the row is for, in words: what its checkbox and a copy name ("line 5", "store 1234, line 5", "store 1234", "value 00012345678905"). */
  readonly label: string
  value(column: Column): CellValue
  text(column: Column): string
  /** The cell's text in lower case, for the column filters and the sort. */
  lower(column: Column): string
  /**
   * The status a cell shows: a status column's (its badge, its place in a sort) or a store's column
   * in the Matrix (its icon and colour beside the figure); null when it has none.
   */
  statusOf(column: Column): RowStatus | null
  /**
   * Whether the row answers a pressed chip: a line by its own stock status; a store or a value across
   * stores when any of its answers has one; a comparison's row by its change.
   */
  hasStatus(statuses: ReadonlySet<string>): boolean
  /** Whether a cell contains `term`: `lineColumns` are the row's own, `locationColumns` a location row's. */
  contains(term: SearchTerm, lineColumns: readonly Column[], locationColumns: readonly Column[]): boolean
  /** The stores a cell names, each opening that store's answer; absent for a row whose cells name none. */
  storeLinks?(column: Column): readonly StoreLink[]
}
