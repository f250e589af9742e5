import { useCallback, useId, useRef, useState, type ReactNode } from 'react'
import type { ExportFormat } from '../../../shared/contract'
import type { SettingsPatch } from '../../../shared/settings'
import { RESULT_VIEW_LABELS, RESULT_VIEWS } from '../../../shared/views/view-columns'
import { TabList } from '../components/tabs'
import { ExportButton } from '../export/export-button'
import type { ExportScope } from '../export/export-message'
import { formatCount } from '../format/format'
import { DetailPanel } from './detail-panel'
import { exportViewSpec, type ViewState } from './export-view'
import { ColumnFilterFields, QuickSearch } from './filter-bar'
import { LowStockField } from './low-stock-field'
import { PresetChips } from './preset-chips'
import { rowStatus, type ResultSet } from './result-set'
import { ResultsGrid } from './results-grid'
import { useFilterAnnouncement } from './use-filter-announcement'
import { useIdleWarmup } from './use-idle-warmup'
import { useResultsShortcuts } from './use-results-shortcuts'
import { useViewRows } from './use-view-rows'
import type { ViewRow } from './view-rows'
import './results.css'

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
 * filters, sorting, a detail panel and an export of exactly what is shown.
 */
export function ResultsExplorer({ set, carriedColumns, jobId, heading, preferences, onPreferencesChange, emptyText, notice }: ResultsExplorerProps) {
  const headingId = useId()
  const summaryId = useId()
  const tabsId = useId()
  const panelId = useId()
  const filtersId = useId()
  const sectionRef = useRef<HTMLElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  const [activeLine, setActiveLine] = useState<number | null>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [detailOpen, setDetailOpen] = useState(false)
  const [detailWidth, setDetailWidth] = useState(preferences.detailPanelWidth)
  const [announced, setAnnounced] = useState('')
  const [exportRequest, setExportRequest] = useState(0)

  const level = preferences.lowStockLevel
  const rows = useViewRows(set, carriedColumns, level)
  const { view, items, locations, all, columns, shown, selected } = rows
  /** The line the detail panel shows, whichever view it was chosen in. */
  const activeEntry = activeLine === null ? null : (set.byLine[activeLine] ?? null)
  useIdleWarmup(all, rows.baseColumns)

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
  const { sorted } = rows
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
  const activeColumnFilters = Object.values(rows.columnFilters).filter((value) => value.trim() !== '').length
  const summary = rows.filtering
    ? `Showing ${formatCount(shown.length)} of ${formatCount(all.length)} ${noun}`
    : view === 'items'
      ? `${formatCount(items.length)} items`
      : `${formatCount(locations.length)} rows for ${formatCount(items.length)} items`
  const announcement = useFilterAnnouncement(rows.filter, view, summary)
  const selectedText = selected.size > 0 ? `, ${formatCount(selected.size)} selected` : ''

  return (
    <section ref={sectionRef} className="panel results" aria-labelledby={headingId}>
      <div className="results-toolbar">
        <h2 id={headingId}>{heading}</h2>
        <TabList
          label="Results view"
          tabs={RESULT_VIEWS.map((id) => ({ id, label: RESULT_VIEW_LABELS[id] }))}
          selected={view}
          onSelect={rows.setView}
          panelId={panelId}
          idPrefix={tabsId}
        />
        <QuickSearch ref={searchRef} value={rows.quick} onChange={rows.setQuick} />
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
      {filtersOpen ? <ColumnFilterFields id={filtersId} columns={columns} values={rows.columnFilters} onChange={rows.changeColumnFilter} /> : null}
      <div className="results-subbar">
        <PresetChips counts={rows.presetLines} pressed={rows.presets} onToggle={rows.togglePreset} />
        <div className="results-summary">
          <p id={summaryId}>
            {summary}
            {selectedText}
          </p>
          {rows.filtering ? (
            <button type="button" className="link" onClick={rows.clearFilters}>
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
          sortColumns={rows.sortColumns}
          onSortColumnsChange={rows.changeSort}
          onColumnsReorder={rows.reorder}
          selectedRows={selected}
          onSelectedRowsChange={rows.changeSelection}
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
