import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { SortColumn } from 'react-data-grid'
import type { ExportFormat } from '../../../shared/contract'
import type { SettingsPatch } from '../../../shared/settings'
import { presetCounts, presetStatuses, type StockPreset } from '../../../shared/stock/stock-presets'
import { RESULT_VIEW_LABELS, RESULT_VIEWS, viewColumns, type ResultView, type ViewColumn } from '../../../shared/views/view-columns'
import { TabList } from '../components/tabs'
import { ExportButton } from '../export/export-button'
import type { ExportScope } from '../export/export-message'
import { formatCount } from '../format/format'
import { DetailPanel } from './detail-panel'
import { exportViewSpec, type ViewState } from './export-view'
import { ColumnFilterFields, QuickSearch } from './filter-bar'
import { LowStockField } from './low-stock-field'
import { PresetChips } from './preset-chips'
import { itemRowsOf, rowStatus, type ResultSet } from './result-set'
import { ResultsGrid } from './results-grid'
import { filterRows, isFiltering, type ColumnFilters, type RowFilter } from './row-filter'
import { sortRows } from './row-sort'
import { useIdleWarmup } from './use-idle-warmup'
import { useResultsShortcuts } from './use-results-shortcuts'
import { locationRowsOf, statusCounts, type RowStatus, type ViewRow } from './view-rows'
import './results.css'

/** Quiet while typing: announces the row count once the filters have been still for a moment. */
const ANNOUNCE_AFTER_MS = 700

/**
 * The row count to speak after a filter change. The visible summary also changes ten times a second
 * while a job runs, so it is not a live region itself; only filter changes are announced.
 */
function useFilterAnnouncement(filter: RowFilter, view: ResultView, summary: string): string {
  const [announcement, setAnnouncement] = useState('')
  const announce = useEffectEvent(() => setAnnouncement(summary))
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return undefined
    }
    const timer = setTimeout(announce, ANNOUNCE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [filter, view])
  return announcement
}

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

export interface ResultsPreferences {
  lowStockLevel: number
  exportFormat: ExportFormat
  detailPanelWidth: number
}

export interface ResultsExplorerProps {
  set: ResultSet
  /** Header names of the imported file's other columns. */
  carriedColumns: readonly string[]
  /** The job the results belong to: exports are built by main from its own copy. */
  jobId: string
  heading: ReactNode
  preferences: ResultsPreferences
  onPreferencesChange: (patch: SettingsPatch) => void
  /** What the grid says when there are no rows at all. */
  emptyText: string
  /** Shown between the toolbar and the grid, e.g. a failed read with "Try again". */
  notice?: ReactNode
}

/**
 * Results as the store asks for them, fed by a result set (any job, live or stored): an Items view
 * (one row per input line) and a Locations view, presets with live counts, quick search, column
 * filters, sorting, a detail panel and an export of exactly what is shown. Presets, column filters
 * and quick search combine; the sort is kept while filters change, and the reverse.
 */
export function ResultsExplorer({ set, carriedColumns, jobId, heading, preferences, onPreferencesChange, emptyText, notice }: ResultsExplorerProps) {
  const headingId = useId()
  const summaryId = useId()
  const tabsId = useId()
  const panelId = useId()
  const filtersId = useId()
  const sectionRef = useRef<HTMLElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  const [view, setView] = useState<ResultView>('items')
  const [sorts, setSorts] = useState<PerView<readonly SortColumn[]>>(() => perView(() => []))
  const [orders, setOrders] = useState<PerView<readonly string[]>>(() => perView(() => []))
  const [filters, setFilters] = useState<PerView<ColumnFilters>>(() => perView(() => ({})))
  const [selections, setSelections] = useState<PerView<ReadonlySet<string>>>(() => perView(() => new Set()))
  /** The line the detail panel shows, whichever view it was chosen in. */
  const [activeLine, setActiveLine] = useState<number | null>(null)
  const [presets, setPresets] = useState<ReadonlySet<StockPreset>>(() => new Set())
  const [quick, setQuick] = useState('')
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [detailOpen, setDetailOpen] = useState(false)
  const [detailWidth, setDetailWidth] = useState(preferences.detailPanelWidth)
  const [announced, setAnnounced] = useState('')
  const [exportRequest, setExportRequest] = useState(0)

  const level = preferences.lowStockLevel
  const items = useMemo(() => itemRowsOf(set, level), [set, level])
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
  const counts = useMemo(() => {
    const byStatus = statusCounts(items)
    // Counted where the presets show them: a failure being retried still needs attention.
    return presetCounts({ ...byStatus, failed: byStatus.failed + byStatus.retrying })
  }, [items])
  const selected = selections[view]
  const activeEntry = activeLine === null ? null : (set.byLine[activeLine] ?? null)
  useIdleWarmup(all, baseColumns)

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
  const changeActive = useCallback((row: ViewRow | null, open: boolean) => {
    setActiveLine(row?.entry.line ?? null)
    if (open) setDetailOpen(true)
  }, [])
  const resizeDetail = useCallback(
    (width: number, done: boolean) => {
      setDetailWidth(width)
      if (done && width !== preferences.detailPanelWidth) onPreferencesChange({ detailPanelWidth: width })
    },
    [preferences.detailPanelWidth, onPreferencesChange]
  )
  const changeLevel = useCallback((lowStockLevel: number) => onPreferencesChange({ lowStockLevel }), [onPreferencesChange])
  const formatUsed = useCallback(
    (exportFormat: ExportFormat) => {
      if (exportFormat !== preferences.exportFormat) onPreferencesChange({ exportFormat })
    },
    [preferences.exportFormat, onPreferencesChange]
  )
  const viewSpec = useCallback(
    (scope: ExportScope) => {
      const state: ViewState = { view, columns, lowStockLevel: level, all, sorted, shown, selected }
      return exportViewSpec(state, scope)
    },
    [view, columns, level, all, sorted, shown, selected]
  )

  useResultsShortcuts(sectionRef, {
    find: () => {
      searchRef.current?.focus()
      searchRef.current?.select()
    },
    exportResults: () => setExportRequest((count) => count + 1)
  })

  const noun = view === 'items' ? 'items' : 'rows'
  const activeColumnFilters = Object.values(filters[view]).filter((value) => value.trim() !== '').length
  const summary = filtering
    ? `Showing ${formatCount(shown.length)} of ${formatCount(all.length)} ${noun}`
    : view === 'items'
      ? `${formatCount(items.length)} items`
      : `${formatCount(locations.length)} rows for ${formatCount(items.length)} items`
  const announcement = useFilterAnnouncement(filter, view, summary)
  const selectedText = selected.size > 0 ? `, ${formatCount(selected.size)} selected` : ''

  return (
    <section ref={sectionRef} className="panel results" aria-labelledby={headingId}>
      <div className="results-toolbar">
        <h2 id={headingId}>{heading}</h2>
        <TabList
          label="Results view"
          tabs={RESULT_VIEWS.map((id) => ({ id, label: RESULT_VIEW_LABELS[id] }))}
          selected={view}
          onSelect={setView}
          panelId={panelId}
          idPrefix={tabsId}
        />
        <QuickSearch ref={searchRef} value={quick} onChange={setQuick} />
        <button type="button" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((open) => !open)}>
          Column filters{activeColumnFilters > 0 ? ` (${activeColumnFilters})` : ''}
        </button>
        <LowStockField level={level} onChange={changeLevel} />
        <ExportButton
          jobId={jobId}
          noun={noun}
          viewLabel={RESULT_VIEW_LABELS[view]}
          counts={{ shown: shown.length, selected: selected.size, all: all.length }}
          viewSpec={viewSpec}
          lastFormat={preferences.exportFormat}
          onFormatUsed={formatUsed}
          openRequest={exportRequest}
        />
      </div>
      {notice}
      {filtersOpen ? <ColumnFilterFields id={filtersId} columns={columns} values={filters[view]} onChange={changeColumnFilter} /> : null}
      <div className="results-subbar">
        <PresetChips counts={counts} pressed={presets} onToggle={togglePreset} />
        <div className="results-summary">
          <p id={summaryId}>
            {summary}
            {selectedText}
          </p>
          {filtering ? (
            <button type="button" className="link" onClick={clearFilters}>
              Clear filters
            </button>
          ) : null}
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
          <p className="results-announce" role="status">
            {announced}
          </p>
        </div>
      </div>
      <div className="results-body" role="tabpanel" id={panelId} aria-labelledby={`${tabsId}-tab-${view}`}>
        <ResultsGrid
          key={view}
          rows={shown}
          columns={columns}
          sortColumns={sortColumns}
          onSortColumnsChange={changeSort}
          onColumnsReorder={reorder}
          selectedRows={selected}
          onSelectedRowsChange={changeSelection}
          onActiveRowChange={changeActive}
          onAnnounce={setAnnounced}
          describedBy={summaryId}
          emptyText={all.length > 0 ? 'No rows match the filters.' : emptyText}
        />
        {detailOpen ? (
          <DetailPanel
            entry={activeEntry}
            status={activeEntry === null ? null : rowStatus(set, activeEntry, level)}
            width={detailWidth}
            onResize={resizeDetail}
            onClose={() => setDetailOpen(false)}
          />
        ) : null}
      </div>
    </section>
  )
}
