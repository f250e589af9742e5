import { useCallback, useMemo, useState } from 'react'
import type { SortColumn } from 'react-data-grid'
import type { CompareColumn } from '../../../shared/compare/compare-columns'
import { COMPARE_CATEGORIES, type CompareCategory } from '../../../shared/compare/compare-lookups'
import { filterRows, isFiltering, type ColumnFilters, type RowFilter } from '../grid/row-filter'
import { sortRows } from '../grid/row-sort'
import { useChosenColumns } from '../grid/use-column-choices'
import type { CompareViewRow } from './compare-view-row'

/**
 * What the Compare view shows and how: its sort, column order, column filters, selection, the
 * pressed chips and the quick search, and the rows that follow from them, sorted once and then
 * filtered, as the results' views do. `base`: the columns the comparison has (with a Store column
 * or without), in their own order.
 */
export function useCompareRows(all: readonly CompareViewRow[], base: readonly CompareColumn[]) {
  const [sortColumns, setSortColumns] = useState<readonly SortColumn[]>([])
  const chosen = useChosenColumns('compare', base)
  const [columnFilters, setColumnFilters] = useState<ColumnFilters>({})
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const [chips, setChips] = useState<ReadonlySet<CompareCategory>>(() => new Set())
  const [quick, setQuick] = useState('')

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
  const changeSelection = useCallback((next: Set<string>) => setSelected(next), [])

  return {
    ...chosen,
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
    changeSelection
  }
}
