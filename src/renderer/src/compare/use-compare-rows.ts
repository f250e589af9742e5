import { useCallback, useMemo, useState } from 'react'
import type { SortColumn } from 'react-data-grid'
import type { CompareColumn } from '../../../shared/compare/compare-columns'
import { COMPARE_CATEGORIES, type CompareCategory } from '../../../shared/compare/compare-lookups'
import { filterRows, isFiltering, type ColumnFilters, type RowFilter } from '../grid/row-filter'
import { sortRows } from '../grid/row-sort'
import type { CompareViewRow } from './compare-view-row'

/** The comparison's columns in the order the person dragged them into. */
function ordered(base: readonly CompareColumn[], order: readonly string[]): readonly CompareColumn[] {
  if (order.length === 0) return base
  const rank = new Map(order.map((key, index) => [key, index]))
  return [...base].sort((a, b) => (rank.get(a.key) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.key) ?? Number.MAX_SAFE_INTEGER))
}

/**
 * What the Compare view shows and how: its sort, column order, column filters, selection, the
 * pressed chips and the quick search, and the rows that follow from them, sorted once and then
 * filtered, as the results' views do. `base`: the columns the comparison has (with a Store column
 * or without), in their own order.
 */
export function useCompareRows(all: readonly CompareViewRow[], base: readonly CompareColumn[]) {
  const [sortColumns, setSortColumns] = useState<readonly SortColumn[]>([])
  const [order, setOrder] = useState<readonly string[]>([])
  const [columnFilters, setColumnFilters] = useState<ColumnFilters>({})
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const [chips, setChips] = useState<ReadonlySet<CompareCategory>>(() => new Set())
  const [quick, setQuick] = useState('')

  const columns = useMemo(() => ordered(base, order), [base, order])
  const filter = useMemo<RowFilter>(
    () => ({ columns: columnFilters, statuses: chips.size === 0 ? null : chips, quick }),
    [columnFilters, chips, quick]
  )
  const filtering = useMemo(() => isFiltering(filter, base), [filter, base])
  const sorted = useMemo(() => sortRows(all, sortColumns, base), [all, sortColumns, base])
  const shown = useMemo(() => filterRows(sorted, filter, base), [sorted, filter, base])
  const counts = useMemo(() => {
    const byCategory = Object.fromEntries(COMPARE_CATEGORIES.map((category) => [category, 0])) as Record<CompareCategory, number>
    for (const row of all) byCategory[row.status] += 1
    return byCategory
  }, [all])

  const toggleChip = useCallback((category: CompareCategory) => {
    setChips((current) => {
      const next = new Set(current)
      if (!next.delete(category)) next.add(category)
      return next
    })
  }, [])
  const changeColumnFilter = useCallback((key: string, value: string) => setColumnFilters((current) => ({ ...current, [key]: value })), [])
  const clearFilters = useCallback(() => {
    setColumnFilters({})
    setChips(new Set())
    setQuick('')
  }, [])
  const changeSort = useCallback((next: SortColumn[]) => setSortColumns(next), [])
  const reorder = useCallback(
    (sourceKey: string, targetKey: string) =>
      setOrder(() => {
        const keys = columns.map((column) => column.key as string)
        const from = keys.indexOf(sourceKey)
        const to = keys.indexOf(targetKey)
        if (from < 0 || to < 0) return keys
        keys.splice(to, 0, ...keys.splice(from, 1))
        return keys
      }),
    [columns]
  )
  const changeSelection = useCallback((next: Set<string>) => setSelected(next), [])

  return {
    columns,
    filter,
    filtering,
    sortColumns,
    sorted,
    shown,
    counts,
    chips,
    quick,
    setQuick,
    columnFilters,
    selected,
    toggleChip,
    changeColumnFilter,
    clearFilters,
    changeSort,
    reorder,
    changeSelection
  }
}
