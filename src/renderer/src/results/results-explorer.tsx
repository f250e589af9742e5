import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { ExportFormat } from '../../../shared/contract'
import type { SettingsPatch } from '../../../shared/settings'
import { LOOKUP_VIEW_LABELS, viewsFor, type LookupView } from '../../../shared/views/lookup-views'
import { TabList } from '../components/tabs'
import { ExportButton } from '../export/export-button'
import type { ExportChoice } from '../export/export-dialog'
import { callInventory } from '../api/inventory-call'
import { formatCount } from '../format/format'
import { itemNameOf } from '../../../shared/items/item-name-column'
import { DetailPanel } from './detail-panel'
import { exportViewSpec, type ViewState } from './export-view'
import { ColumnFilterFields, QuickSearch } from '../grid/filter-bar'
import { useColumnsToggle } from '../grid/columns-control'
import { LowStockField } from '../grid/low-stock-field'
import { PresetChips } from './preset-chips'
import { entryAt, rowStatus, type ResultSet } from './result-set'
import { ResultsGrid } from '../grid/results-grid'
import { resultsLayout } from './results-layout'
import { useFilterAnnouncement } from '../grid/use-filter-announcement'
import { ResultsSummary } from '../grid/results-summary'
import { useIdleWarmup } from '../grid/use-idle-warmup'
import { useResultsShortcuts } from '../grid/use-results-shortcuts'
import { useViewRows } from './use-view-rows'
import { MatrixRow, StoreRow } from './store-rows'
import { ByItemRow } from './item-rows'
import { OpenStoreContext } from '../grid/store-links'
import type { ViewColumn } from '../../../shared/views/view-columns'
import type { GridRow } from '../grid/grid-row'
import { isViewRow } from './view-rows'
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
  /** The lookup's input lines (each is looked up in every store): a store is done when it has answered all of them. */
  inputLines: number
  /** The job the results belong to: exports are built by main from its own copy. */
  jobId: string
  heading: ReactNode
  preferences: ResultsPreferences
  onPreferencesChange: (patch: SettingsPatch) => void
  /** What the grid says when there are no rows at all. */
  emptyText: string
  /** Shown between the toolbar and the grid, e.g. a failed read with "Try again". */
  notice?: ReactNode
  /** Buttons beside the heading that act on the whole lookup (Run again, Save as watchlist). */
  actions?: ReactNode
  /** Only these store and value pairs (`store:value`) are shown in Items and Locations: a "Since the last run" count pressed. */
  onlyPairs?: ReadonlySet<string> | null
  /** Clear filters also lets go of `onlyPairs`. */
  onClearOnly?: () => void
}

/** What each view's rows are, in the summary above the grid. */
const NOUNS: Readonly<Record<LookupView, string>> = {
  items: 'items',
  'by-item': 'items',
  locations: 'rows',
  stores: 'stores',
  matrix: 'items'
}

/** The store and line whose answer the detail panel shows. */
interface ActivePair {
  storeNbr: number
  line: number
}

/**
 * Results as the store asks for them, fed by a result set (any job, live or stored): an Items view
 * (one row per input line, per store with several) and a Locations view, and for several stores a
 * By item view (one row per value across the stores, its stores concerned each opening that store's
 * answer), a Stores view (one row per store) and a Matrix (one row per value, a column per store); presets with
 * live counts, quick search, column filters, sorting, a detail panel (a Matrix cell opens that
 * store's answer) and an export of exactly what is shown.
 */
export function ResultsExplorer({
  set,
  carriedColumns,
  inputLines,
  jobId,
  heading,
  preferences,
  onPreferencesChange,
  emptyText,
  notice,
  actions,
  onlyPairs = null,
  onClearOnly
}: ResultsExplorerProps) {
  const headingId = useId()
  const summaryId = useId()
  const tabsId = useId()
  const panelId = useId()
  const filtersId = useId()
  const sectionRef = useRef<HTMLElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  const [active, setActive] = useState<ActivePair | null>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [detailOpen, setDetailOpen] = useState(false)
  const [detailWidth, setDetailWidth] = useState(preferences.detailPanelWidth)
  const [announced, setAnnounced] = useState('')
  const [exportRequest, setExportRequest] = useState(0)

  const level = preferences.lowStockLevel
  const rows = useViewRows(set, carriedColumns, level, inputLines, onlyPairs)
  const { view, items, locations, all, columns, shown, selected, showFiltered } = rows
  const columnsToggle = useColumnsToggle(LOOKUP_VIEW_LABELS[view], rows)
  const manyStores = set.stores.length > 1
  /** The store and line the detail panel shows, whichever view it was chosen in. */
  const activeEntry = active === null ? null : (entryAt(set, active.storeNbr, active.line) ?? null)
  useIdleWarmup(all, rows.baseColumns)
  const layout = useMemo(() => resultsLayout(view, carriedColumns), [view, carriedColumns])
  const { setView } = rows
  // Pairs are store and item answers: a count pressed in Stores or Matrix shows them in Items.
  useEffect(() => {
    if (onlyPairs !== null) setView((current) => (current === 'locations' ? current : 'items'))
  }, [onlyPairs, setView])

  const changeActive = useCallback(
    (row: GridRow<ViewColumn> | null, open: boolean, columnKey: string | null) => {
      if (row instanceof StoreRow) {
        // A store's row opens its items: the Items view filtered to that store.
        if (open) showFiltered('items', 'store', String(row.storeNbr))
        return
      }
      if (row instanceof ByItemRow) {
        // An item across stores opens the first store that needs a look (its buttons open the others).
        setActive({ storeNbr: row.concerns[0]?.storeNbr ?? row.entry.storeNbr, line: row.line })
      } else if (row instanceof MatrixRow) {
        const store = columnKey?.startsWith('store:') === true ? Number(columnKey.slice('store:'.length)) : row.entry.storeNbr
        setActive({ storeNbr: store, line: row.line })
      } else if (row !== null && isViewRow(row)) {
        setActive({ storeNbr: row.entry.storeNbr, line: row.entry.line })
      } else {
        setActive(null)
      }
      if (open) setDetailOpen(true)
    },
    [showFiltered]
  )
  const openStore = useCallback((row: GridRow, storeNbr: number) => {
    if (!(row instanceof ByItemRow)) return
    setActive({ storeNbr, line: row.line })
    setDetailOpen(true)
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
  const save = useCallback(
    ({ format, scope, csvSeparator }: ExportChoice) => {
      const state: ViewState = { view, columns, lowStockLevel: level, manyStores, all, sorted, shown, selected }
      return callInventory(window.inventory.exportResults({ jobId, format, csvSeparator, view: exportViewSpec(state, scope) }))
    },
    [jobId, view, columns, level, manyStores, all, sorted, shown, selected]
  )

  useResultsShortcuts(sectionRef, {
    find: () => {
      searchRef.current?.focus()
      searchRef.current?.select()
    },
    exportResults: () => setExportRequest((count) => count + 1)
  })

  const noun = NOUNS[view]
  const activeColumnFilters = Object.values(rows.columnFilters).filter((value) => value.trim() !== '').length
  const inStores = manyStores ? ` in ${formatCount(set.stores.length)} stores` : ''
  let summary: string
  if (rows.filtering) summary = `Showing ${formatCount(shown.length)} of ${formatCount(all.length)} ${noun}`
  else if (view === 'locations') summary = `${formatCount(locations.length)} rows for ${formatCount(items.length)} items${inStores}`
  else if (view === 'items')
    summary = manyStores ? `${formatCount(items.length)} store and item pairs` : `${formatCount(items.length)} items`
  else if (view === 'stores') summary = `${formatCount(all.length)} stores`
  else if (view === 'by-item') summary = `${formatCount(all.length)} items across ${formatCount(set.stores.length)} stores`
  else summary = `${formatCount(all.length)} items${inStores}`
  const announcement = useFilterAnnouncement(rows.filter, view, summary)

  return (
    <section ref={sectionRef} className="panel results" aria-labelledby={headingId}>
      <div className="results-toolbar">
        <h2 id={headingId}>{heading}</h2>
        {actions}
        <TabList
          label="Results view"
          tabs={viewsFor(set.stores.length).map((id) => ({ id, label: LOOKUP_VIEW_LABELS[id] }))}
          selected={view}
          onSelect={rows.setView}
          panelId={panelId}
          idPrefix={tabsId}
        />
        <QuickSearch ref={searchRef} value={rows.quick} onChange={rows.setQuick} />
        <button type="button" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((open) => !open)}>
          Column filters{activeColumnFilters > 0 ? ` (${activeColumnFilters})` : ''}
        </button>
        {columnsToggle.button}
        <LowStockField level={level} onChange={changeLevel} />
        <ExportButton
          noun={noun}
          viewLabel={LOOKUP_VIEW_LABELS[view]}
          counts={{ shown: shown.length, selected: selected.size, all: all.length }}
          save={save}
          lastFormat={preferences.exportFormat}
          onFormatUsed={formatUsed}
          openRequest={exportRequest}
        />
      </div>
      {notice}
      {columnsToggle.panel}
      {filtersOpen ? (
        <ColumnFilterFields id={filtersId} columns={columns} values={rows.columnFilters} onChange={rows.changeColumnFilter} />
      ) : null}
      <div className="results-subbar">
        <PresetChips view={view} counts={rows.presetLines} pressed={rows.presets} onToggle={rows.togglePreset} />
        <ResultsSummary
          id={summaryId}
          summary={summary}
          selectedCount={selected.size}
          onClearFilters={
            rows.filtering
              ? () => {
                  rows.clearFilters()
                  onClearOnly?.()
                }
              : null
          }
          announcement={announcement}
          announced={announced}
        />
      </div>
      <div className="results-body" role="tabpanel" id={panelId} aria-labelledby={`${tabsId}-tab-${view}`}>
        <OpenStoreContext.Provider value={openStore}>
          <ResultsGrid
            key={view}
            label="Inventory results"
            rows={shown}
            columns={columns}
            layout={layout}
            sortColumns={rows.sortColumns}
            onSortColumnsChange={rows.changeSort}
            onColumnsReorder={rows.reorder}
            selectedRows={selected}
            onSelectedRowsChange={rows.changeSelection}
            onActiveRowChange={changeActive}
            onAnnounce={setAnnounced}
            describedBy={summaryId}
            asOf={set.asOf}
            emptyText={all.length > 0 ? 'No rows match the filters.' : emptyText}
          />
        </OpenStoreContext.Provider>
        {detailOpen ? (
          <DetailPanel
            entry={activeEntry}
            status={activeEntry === null ? null : rowStatus(set, activeEntry, level)}
            showStore={manyStores}
            itemName={itemNameOf(carriedColumns, activeEntry?.result.carried)}
            width={detailWidth}
            onResize={resizeDetail}
            onClose={() => setDetailOpen(false)}
          />
        ) : null}
      </div>
    </section>
  )
}
