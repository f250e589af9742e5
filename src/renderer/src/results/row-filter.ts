import type { FinalLineStatus } from '../../../shared/domain/line-result'
import { COLUMN_KEYS, NUMERIC_COLUMNS, type ColumnKey, type ResultRow } from './result-row'
import { searchTerms } from './search-term'

export type ColumnFilters = Readonly<Partial<Record<ColumnKey, string>>>

export interface RowFilter {
  readonly columns: ColumnFilters
  /** Statuses to show; empty shows every status. */
  readonly statuses: ReadonlySet<FinalLineStatus>
  readonly quick: string
}

export const NO_FILTER: RowFilter = { columns: {}, statuses: new Set(), quick: '' }

type RowTest = (row: ResultRow) => boolean

const COMPARISON = /^(<=|>=|<|>|=)\s*(-?\d+(?:\.\d+)?)$/

function numberOf(row: ResultRow, column: ColumnKey): number | null {
  if (column === 'line') return row.line
  if (column === 'quantity') return row.quantity
  return row.totalQuantity
}

function comparisonTest(column: ColumnKey, operator: string, bound: number): RowTest {
  return (row) => {
    const value = numberOf(row, column)
    if (value === null) return false
    switch (operator) {
      case '<':
        return value < bound
      case '<=':
        return value <= bound
      case '>':
        return value > bound
      case '>=':
        return value >= bound
      default:
        return value === bound
    }
  }
}

/** A numeric column accepts `>5`, `<=10`, `=0` (an empty cell never matches); anything else is "contains". */
function columnTest(column: ColumnKey, raw: string): RowTest | null {
  const query = raw.trim().toLowerCase()
  if (query === '') return null
  const comparison = NUMERIC_COLUMNS.has(column) ? COMPARISON.exec(query) : null
  if (comparison !== null) return comparisonTest(column, comparison[1] ?? '=', Number(comparison[2]))
  return (row) => row.lower(column).includes(query)
}

function compile(filter: RowFilter): RowTest[] {
  const tests: RowTest[] = []
  if (filter.statuses.size > 0) {
    const statuses = filter.statuses
    tests.push((row) => statuses.has(row.status))
  }
  for (const column of COLUMN_KEYS) {
    const test = columnTest(column, filter.columns[column] ?? '')
    if (test !== null) tests.push(test)
  }
  for (const term of searchTerms(filter.quick)) tests.push((row) => row.contains(term))
  return tests
}

export function isFiltering(filter: RowFilter): boolean {
  return compile(filter).length > 0
}

/**
 * The rows every filter accepts, in their incoming order; `rows` itself when nothing filters.
 * Column filters read the rows' cached lowercase text, filled the first time a filter or the idle
 * warm-up asks; the quick search matches cells' own text case-insensitively.
 */
export function filterRows(rows: readonly ResultRow[], filter: RowFilter): readonly ResultRow[] {
  const tests = compile(filter)
  if (tests.length === 0) return rows
  const [only] = tests
  if (tests.length === 1 && only !== undefined) return rows.filter(only)
  return rows.filter((row) => {
    for (const test of tests) if (!test(row)) return false
    return true
  })
}

/** The distinct line numbers of `rows`, ascending: what "Only rows shown" exports. */
export function linesOf(rows: readonly ResultRow[]): number[] {
  const seen = new Set<number>()
  for (const row of rows) seen.add(row.line)
  return Array.from(seen).sort((a, b) => a - b)
}
