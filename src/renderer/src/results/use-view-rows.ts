import { useCallback, useMemo, useState } from 'react'
import type { SortColumn } from 'react-data-grid'
import { presetCounts, presetStatuses, type StockPreset } from '../../../shared/stock/stock-presets'
import { viewColumns, type ResultView, type ViewColumn } from '../../../shared/views/view-columns'
import { itemRowsOf, type ResultSet } from './result-set'
import { filterRows, isFiltering, type ColumnFilters, type RowFilter } from './row-filter'
import { sortRows } from './row-sort'
import { locationRowsOf, statusCounts, type RowStatus, type ViewRow } from './view-rows'

type PerView<T> = Readonly<Record<ResultView, T>>

function perView<T>(make: () => T): PerView<T> {
  return { items: make(), locations: make() }
}

/** The view's columns in the order the person dragged them into. */
function ordered(columns: readonly ViewColumn[], order: readonly string[]): ViewColumn[] {
  if (order.length === 0) return [...columns]
  const rank = new Map(order.map((key, index) => [key, index]))
  return [...columns].sort((a, b) => (rank.get(a.key) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.key) ?? Number.MAX_SAFE_INTEGER))
}

const EMPTY_ROWS: readonly ViewRow[] = []

/**
 * What the results show and how they got there: the view (Items or Locations), each view's sort,
 * column order, column filters and selection, the presets and the quick search shared by both, and
 * the rows that follow from them. Sorting and filtering are memoized apart (sort once, filter the
 * sorted rows), so typing in a filter never re-sorts and a new sort never re-filters from scratch.
 */
export function useViewRows(set: ResultSet, carriedColumns: readonly string[], lowStockLevel: number) {
  const [view, setView] = useState<ResultView>('items')
  const [sorts, setSorts] = useState<PerView<readonly SortColumn[]>>(() => perView(() => []))
  const [orders, setOrders] = useState<PerView<readonly string[]>>(() => perView(() => []))
  const [filters, setFilters] = useState<PerView<ColumnFilters>>(() => perView(() => ({})))
  const [selections, setSelections] = useState<PerView<ReadonlySet<string>>>(() => perView(() => new Set()))
  const [presets, setPresets] = useState<ReadonlySet<StockPreset>>(() => new Set())
  const [quick, setQuick] = useState('')

  const items = useMemo(() => itemRowsOf(set, lowStockLevel), [set, lowStockLevel])
  const locations = useMemo(() => (view === 'locations' ? locationRowsOf(items) : EMPTY_ROWS), [view, items])
  const all: readonly ViewRow[] = view === 'items' ? items : locations
  const baseColumns = useMemo(() => viewColumns(view, carriedColumns), [view, carriedColumns])
  const columns = useMemo(() => ordered(baseColumns, orders[view]), [baseColumns, orders, view])

  const statuses = useMemo<ReadonlySet<RowStatus> | null>(() => {
    const chosen = presetStatuses(presets)
    if (chosen === null) return null
    const shown = new Set<RowStatus>(chosen)
    // A failure being retried is still a failure until its new answer arrives.
    if (chosen.has('failed')) shown.add('retrying')
    return shown
  }, [presets])
  const filter = useMemo<RowFilter>(() => ({ columns: filters[view], statuses, quick }), [filters, view, statuses, quick])
  const filtering = useMemo(() => isFiltering(filter, baseColumns), [filter, baseColumns])
  const sortColumns = sorts[view]
  const sorted = useMemo(() => sortRows(all, sortColumns, baseColumns), [all, sortColumns, baseColumns])
  const shown = useMemo(() => filterRows(sorted, filter, baseColumns), [sorted, filter, baseColumns])
  const presetLines = useMemo(() => {
    const byStatus = statusCounts(items)
    // Counted where the presets show them: a failure being retried still needs attention.
    return presetCounts({ ...byStatus, failed: byStatus.failed + byStatus.retrying })
  }, [items])

  const togglePreset = useCallback((preset: StockPreset) => {
    setPresets((current) => {
      const next = new Set(current)
      if (!next.delete(preset)) next.add(preset)
      return next
    })
  }, [])
  const changeColumnFilter = useCallback(
    (key: string, value: string) => setFilters((current) => ({ ...current, [view]: { ...current[view], [key]: value } })),
    [view]
  )
  const clearFilters = useCallback(() => {
    setFilters((current) => ({ ...current, [view]: {} }))
    setPresets(new Set())
    setQuick('')
  }, [view])
  const changeSort = useCallback((next: SortColumn[]) => setSorts((current) => ({ ...current, [view]: next })), [view])
  const reorder = useCallback(
    (sourceKey: string, targetKey: string) =>
      setOrders((current) => {
        const keys = columns.map((column) => column.key as string)
        const from = keys.indexOf(sourceKey)
        const to = keys.indexOf(targetKey)
        if (from < 0 || to < 0) return current
        keys.splice(to, 0, ...keys.splice(from, 1))
        return { ...current, [view]: keys }
      }),
    [columns, view]
  )
  const changeSelection = useCallback((next: Set<string>) => setSelections((current) => ({ ...current, [view]: next })), [view])

  return {
    view,
    setView,
    items,
    locations,
    all,
    baseColumns,
    columns,
    filter,
    filtering,
    sortColumns,
    sorted,
    shown,
    presetLines,
    presets,
    quick,
    setQuick,
    columnFilters: filters[view],
    selected: selections[view],
    togglePreset,
    changeColumnFilter,
    clearFilters,
    changeSort,
    reorder,
    changeSelection
  }
}
