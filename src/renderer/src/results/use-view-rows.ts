import { useCallback, useMemo, useState } from 'react'
import type { SortColumn } from 'react-data-grid'
import { presetCounts, presetStatuses, STOCK_PRESET_STATUSES, STOCK_PRESETS, type StockPreset } from '../../../shared/stock/stock-presets'
import { LOOKUP_VIEWS, lookupColumns, type LookupView } from '../../../shared/views/lookup-views'
import type { ViewColumn } from '../../../shared/views/view-columns'
import { useChosenColumns } from '../grid/use-column-choices'
import { itemRowsOf, type ResultSet } from './result-set'
import { filterRows, isFiltering, type ColumnFilters, type RowFilter } from '../grid/row-filter'
import { sortRows } from '../grid/row-sort'
import { matrixRowsOf, storeRowsOf } from './store-rows'
import { byItemRowsOf } from './item-rows'
import type { GridRow } from '../grid/grid-row'
import type { RowStatus } from '../grid/row-status'
import { locationRowsOf, statusCounts } from './view-rows'
import type { LineEntry } from './line-entry'

type PerView<T> = Readonly<Record<LookupView, T>>

function perView<T>(make: () => T): PerView<T> {
  return Object.fromEntries(LOOKUP_VIEWS.map((view) => [view, make()])) as Record<LookupView, T>
}

const EMPTY_ROWS: readonly GridRow<ViewColumn>[] = []

/** The statuses a set of pressed presets shows; a failure being retried is still a failure until its new answer arrives. */
function shownStatuses(presets: Iterable<StockPreset>): ReadonlySet<RowStatus> | null {
  const chosen = presetStatuses(presets)
  if (chosen === null) return null
  const shown = new Set<RowStatus>(chosen)
  if (chosen.has('failed')) shown.add('retrying')
  return shown
}

/**
 * What the results show and how they got there: the view (Items, Locations, and for several stores
 * By item, Stores and Matrix), each view's sort, column order, column filters, selection and pressed
 * presets (a chip belongs to the view it was pressed in), the quick search shared by all, and the
 * rows that follow from them. Sorting and filtering are
 * memoized apart (sort once, filter the sorted rows), so typing in a filter never re-sorts and a new
 * sort never re-filters from scratch. `inputLines` is the lookup's count of input lines.
 */
export function useViewRows(
  set: ResultSet,
  carriedColumns: readonly string[],
  lowStockLevel: number,
  inputLines: number,
  onlyPairs: ReadonlySet<string> | null = null
) {
  const [view, setView] = useState<LookupView>('items')
  const [sorts, setSorts] = useState<PerView<readonly SortColumn[]>>(() => perView(() => []))
  const [filters, setFilters] = useState<PerView<ColumnFilters>>(() => perView(() => ({})))
  const [selections, setSelections] = useState<PerView<ReadonlySet<string>>>(() => perView(() => new Set()))
  const [presetsByView, setPresets] = useState<PerView<ReadonlySet<StockPreset>>>(() => perView(() => new Set()))
  const presets = presetsByView[view]
  const [quick, setQuick] = useState('')

  const items = useMemo(() => itemRowsOf(set, lowStockLevel), [set, lowStockLevel])
  const locations = useMemo(() => (view === 'locations' ? locationRowsOf(items) : EMPTY_ROWS), [view, items])
  const stores = useMemo(
    () => (view === 'stores' ? storeRowsOf(set, inputLines, lowStockLevel) : EMPTY_ROWS),
    [view, set, inputLines, lowStockLevel]
  )
  const matrix = useMemo(() => (view === 'matrix' ? matrixRowsOf(set, lowStockLevel) : EMPTY_ROWS), [view, set, lowStockLevel])
  // Worked out once per answer and level: a read of new results or another level makes a new set.
  const byItem = useMemo(() => (view === 'by-item' ? byItemRowsOf(set, lowStockLevel) : EMPTY_ROWS), [view, set, lowStockLevel])
  const rowsOf: Readonly<Record<LookupView, readonly GridRow<ViewColumn>[]>> = { items, locations, stores, matrix, 'by-item': byItem }
  const all = rowsOf[view]
  const baseColumns = useMemo(() => lookupColumns(view, carriedColumns, set.stores), [view, carriedColumns, set.stores])
  const chosen = useChosenColumns(view, baseColumns)

  const statuses = useMemo(() => shownStatuses(presets), [presets])
  const only = useMemo(() => (onlyPairs === null ? null : pairTest(onlyPairs)), [onlyPairs])
  const filter = useMemo<RowFilter>(() => ({ columns: filters[view], statuses, quick, only }), [filters, view, statuses, quick, only])
  const filtering = useMemo(() => isFiltering(filter, baseColumns), [filter, baseColumns])
  const sortColumns = sorts[view]
  const sorted = useMemo(() => sortRows(all, sortColumns, baseColumns), [all, sortColumns, baseColumns])
  const shown = useMemo(() => filterRows(sorted, filter, baseColumns), [sorted, filter, baseColumns])
  const presetLines = useMemo(() => {
    if (view === 'items' || view === 'locations') {
      const byStatus = statusCounts(items)
      // Counted where the presets show them: a failure being retried still needs attention.
      return presetCounts({ ...byStatus, failed: byStatus.failed + byStatus.retrying })
    }
    // A store or a value answers a preset when any of its answers does: count the rows the chip would show.
    const counts = {} as Record<StockPreset, number>
    for (const preset of STOCK_PRESETS) {
      const wanted = shownStatuses([preset]) ?? STOCK_PRESET_STATUSES[preset]
      counts[preset] = all.reduce((total, row) => (row.hasStatus(wanted) ? total + 1 : total), 0)
    }
    return counts
  }, [view, items, all])

  const togglePreset = useCallback(
    (preset: StockPreset) => {
      setPresets((current) => {
        const next = new Set(current[view])
        if (!next.delete(preset)) next.add(preset)
        return { ...current, [view]: next }
      })
    },
    [view]
  )
  const changeColumnFilter = useCallback(
    (key: string, value: string) => setFilters((current) => ({ ...current, [view]: { ...current[view], [key]: value } })),
    [view]
  )
  /** Opens a view with one column filtered, e.g. the Items of one store from the Stores view. */
  const showFiltered = useCallback((next: LookupView, key: string, value: string) => {
    setFilters((current) => ({ ...current, [next]: { ...current[next], [key]: value } }))
    setView(next)
  }, [])
  const clearFilters = useCallback(() => {
    setFilters((current) => ({ ...current, [view]: {} }))
    setPresets((current) => ({ ...current, [view]: new Set() }))
    setQuick('')
  }, [view])
  const changeSort = useCallback((next: SortColumn[]) => setSorts((current) => ({ ...current, [view]: next })), [view])
  const changeSelection = useCallback((next: Set<string>) => setSelections((current) => ({ ...current, [view]: next })), [view])

  return {
    view,
    setView,
    items,
    locations,
    all,
    baseColumns,
    ...chosen,
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
    showFiltered,
    clearFilters,
    changeSort,
    changeSelection
  }
}

/** A line (or its location rows) by its store and value, as "Since the last run" names them (`store:value`). */
function pairTest(pairs: ReadonlySet<string>): (row: object) => boolean {
  return (row) => {
    const entry = (row as Partial<{ entry: LineEntry }>).entry
    return entry !== undefined && entry.result.value !== null && pairs.has(`${entry.storeNbr}:${entry.result.value}`)
  }
}
