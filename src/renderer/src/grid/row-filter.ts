import type { GridColumn, GridRow } from './grid-row'
import { numberInText, parseNumberFilter, type NumberTest } from './number-filter'
import { searchTerms } from './search-term'

/** Column filter text by column key. */
export type ColumnFilters = Readonly<Record<string, string>>

export interface RowFilter {
  readonly columns: ColumnFilters
  /** What the pressed chips show (asked of each row's `hasStatus`); null shows every row. */
  readonly statuses: ReadonlySet<string> | null
  readonly quick: string
  /** Rows chosen outside the grid ("Since the last run"); absent or null keeps every row. */
  readonly only?: ((row: object) => boolean) | null
}

export const NO_FILTER: RowFilter = { columns: {}, statuses: null, quick: '' }

type RowTest<Column extends GridColumn> = (row: GridRow<Column>) => boolean

const COMPARISON_START = /^\s*[<>=]/

/** How a column's filter text is read: null when it filters nothing, 'invalid' when it cannot be read. */
export function columnTest<Column extends GridColumn>(column: Column, raw: string): RowTest<Column> | 'invalid' | null {
  if (raw.trim() === '') return null
  if (column.kind === 'number') {
    const test = parseNumberFilter(raw)
    if (test === null || test === 'invalid') return test
    return (row) => {
      const value = row.value(column)
      return typeof value === 'number' && test(value)
    }
  }
  // A file's own column may hold numbers (a case pack): `>6` compares them, anything else is "contains".
  if (column.carried !== undefined && COMPARISON_START.test(raw)) {
    const test = parseNumberFilter(raw)
    if (test === null || test === 'invalid') return test
    return (row) => numberTest(test, numberInText(row.text(column)))
  }
  const query = raw.trim().toLowerCase()
  return (row) => row.lower(column).includes(query)
}

function numberTest(test: NumberTest, value: number): boolean {
  return !Number.isNaN(value) && test(value)
}

function compile<Column extends GridColumn>(filter: RowFilter, columns: readonly Column[]): RowTest<Column>[] {
  const tests: RowTest<Column>[] = []
  const statuses = filter.statuses
  if (statuses !== null) tests.push((row) => row.hasStatus(statuses))
  const only = filter.only
  if (only != null) tests.push((row) => only(row))
  for (const column of columns) {
    const test = columnTest(column, filter.columns[column.key] ?? '')
    if (typeof test === 'function') tests.push(test)
  }
  const terms = searchTerms(filter.quick)
  if (terms.length > 0) {
    const { line, location } = searchColumns(columns)
    for (const term of terms) tests.push((row) => row.contains(term, line, location))
  }
  return tests
}

const SEARCH_COLUMNS = new WeakMap<readonly GridColumn[], { line: GridColumn[]; location: GridColumn[] }>()

/**
 * The view's columns split into the line's own and a location row's own (the stock status is the
 * row's), kept per columns array so each line's search text is built once for a view, not per keystroke.
 */
export function searchColumns<Column extends GridColumn>(columns: readonly Column[]): { line: Column[]; location: Column[] } {
  let split = SEARCH_COLUMNS.get(columns)
  if (split === undefined) {
    split = {
      line: columns.filter((column) => column.kind !== 'status' && column.perLocation !== true),
      location: columns.filter((column) => column.perLocation === true)
    }
    SEARCH_COLUMNS.set(columns, split)
  }
  // Kept per columns array, so the split holds that array's own columns.
  return split as { line: Column[]; location: Column[] }
}

export function isFiltering(filter: RowFilter, columns: readonly GridColumn[]): boolean {
  return compile(filter, columns).length > 0
}

/**
 * The rows every filter accepts (presets, column filters, each quick-search word), in their
 * incoming order; `rows` itself when nothing filters.
 */
export function filterRows<Column extends GridColumn, Row extends GridRow<Column>>(
  rows: readonly Row[],
  filter: RowFilter,
  columns: readonly Column[]
): readonly Row[] {
  const tests = compile(filter, columns)
  if (tests.length === 0) return rows
  const [only] = tests
  if (tests.length === 1 && only !== undefined) return rows.filter(only)
  return rows.filter((row) => {
    for (const test of tests) if (!test(row)) return false
    return true
  })
}
