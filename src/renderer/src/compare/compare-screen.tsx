import { useCallback, useId, useMemo, useRef, useState } from 'react'
import { compareColumnsFor } from '../../../shared/compare/compare-columns'
import { COMPARE_CATEGORIES, COMPARE_CATEGORY_LABELS } from '../../../shared/compare/compare-lookups'
import type { ExportFormat } from '../../../shared/contract'
import type { LookupSummary } from '../../../shared/domain/lookup-summary'
import { DEFAULT_SETTINGS } from '../../../shared/settings'
import { callInventory } from '../api/inventory-call'
import { useSettings, useUpdateSettings } from '../api/settings-queries'
import { ErrorAlert } from '../errors/error-alert'
import { ExportButton } from '../export/export-button'
import type { ExportChoice } from '../export/export-dialog'
import { formatCount } from '../format/format'
import { lookupLabel, STATE_LABELS } from '../format/lookup-labels'
import { ChipGroup } from '../grid/chip-group'
import { ColumnFilterFields, QuickSearch } from '../grid/filter-bar'
import { useColumnsToggle } from '../grid/columns-control'
import type { GridLayout } from '../grid/grid-columns'
import { LowStockField } from '../grid/low-stock-field'
import { ResultsGrid } from '../grid/results-grid'
import { useFilterAnnouncement } from '../grid/use-filter-announcement'
import { ResultsSummary } from '../grid/results-summary'
import { useResultsShortcuts } from '../grid/use-results-shortcuts'
import { compareExportInput } from './compare-export'
import { useCompareRows } from './use-compare-rows'
import { useComparison } from './use-comparison'
import './compare.css'

interface CompareScreenProps {
  thenJobId: string
  nowJobId: string
  onBack: () => void
}

const LAYOUT: GridLayout = {
  widths: {
    itemName: 200,
    store: 72,
    value: 140,
    line: 60,
    input: 140,
    statusThen: 262,
    statusNow: 262,
    onHandThen: 96,
    onHandNow: 96,
    change: 80,
    category: 'minmax(150px, auto)'
  },
  // The item's name stays in view with its value while the figures scroll.
  frozen: new Set(['itemName', 'store', 'value'])
}

function sideText(lookup: LookupSummary): string {
  const state = lookup.state === 'finished' ? '' : ` (${STATE_LABELS[lookup.state]})`
  return `${lookupLabel(lookup)}${state}`
}

/**
 * Two lookups compared value by value (store and value pair by pair when either covered several
 * stores, with a Store column): stock status then and now, On hand then, now and the change,
 * chips with the count of each kind of change, and the filters, sort and export every view has.
 */
export function CompareScreen({ thenJobId, nowJobId, onBack }: CompareScreenProps) {
  const settings = useSettings().data?.settings ?? DEFAULT_SETTINGS
  const { mutate } = useUpdateSettings()
  const level = settings.lowStockLevel
  const comparison = useComparison(thenJobId, nowJobId, level)
  const all = comparison.data?.rows ?? EMPTY
  const rows = useCompareRows(all, compareColumnsFor(comparison.data?.manyStores ?? false, comparison.data?.named ?? false))
  const { columns, sorted, shown, selected } = rows
  const summaryId = useId()
  const filtersId = useId()
  const columnsToggle = useColumnsToggle('Compare', rows)
  const sectionRef = useRef<HTMLElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [exportRequest, setExportRequest] = useState(0)
  const [announced, setAnnounced] = useState('')

  const chips = useMemo(
    () => COMPARE_CATEGORIES.map((category) => ({ id: category, label: COMPARE_CATEGORY_LABELS[category], count: rows.counts[category] })),
    [rows.counts]
  )
  const save = useCallback(
    (choice: ExportChoice) =>
      callInventory(
        window.inventory.exportComparison(
          compareExportInput({ thenJobId, nowJobId, columns, lowStockLevel: level, all, sorted, shown, selected }, choice)
        )
      ),
    [thenJobId, nowJobId, columns, level, all, sorted, shown, selected]
  )
  const formatUsed = useCallback(
    (exportFormat: ExportFormat) => {
      if (exportFormat !== settings.exportFormat) mutate({ exportFormat })
    },
    [settings.exportFormat, mutate]
  )
  useResultsShortcuts(sectionRef, {
    find: () => {
      searchRef.current?.focus()
      searchRef.current?.select()
    },
    exportResults: () => setExportRequest((count) => count + 1)
  })

  const noun = comparison.data?.manyStores === true ? 'store and value pairs' : 'values'
  const summary = rows.filtering
    ? `Showing ${formatCount(shown.length)} of ${formatCount(all.length)} ${noun}`
    : `${formatCount(all.length)} ${noun} compared`
  const announcement = useFilterAnnouncement(rows.filter, 'compare', summary)
  const activeColumnFilters = Object.values(rows.columnFilters).filter((value) => value.trim() !== '').length
  const data = comparison.data

  return (
    <section ref={sectionRef} className="panel results compare-screen" aria-labelledby="compare-heading">
      <div className="section-heading">
        <h2 id="compare-heading" tabIndex={-1}>
          Compare
        </h2>
        <button type="button" onClick={onBack}>
          Back to History
        </button>
      </div>
      {data === undefined ? null : (
        <dl className="compare-sides">
          <div>
            <dt>Then</dt>
            <dd>
              Lookup {data.then.jobId} · {sideText(data.then)}
            </dd>
          </div>
          <div>
            <dt>Now</dt>
            <dd>
              Lookup {data.now.jobId} · {sideText(data.now)}
            </dd>
          </div>
        </dl>
      )}
      {comparison.isError ? (
        <div className="results-error">
          <ErrorAlert error={comparison.error} />
          <button type="button" onClick={() => void comparison.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      <div className="results-toolbar">
        <QuickSearch ref={searchRef} value={rows.quick} onChange={rows.setQuick} />
        <button type="button" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((open) => !open)}>
          Column filters{activeColumnFilters > 0 ? ` (${activeColumnFilters})` : ''}
        </button>
        {columnsToggle.button}
        <LowStockField level={level} onChange={(lowStockLevel) => mutate({ lowStockLevel })} />
        <ExportButton
          noun={noun}
          viewLabel="Compare"
          counts={{ shown: shown.length, selected: selected.size, all: all.length }}
          save={save}
          lastFormat={settings.exportFormat}
          onFormatUsed={formatUsed}
          openRequest={exportRequest}
        />
      </div>
      {columnsToggle.panel}
      {filtersOpen ? (
        <ColumnFilterFields id={filtersId} columns={columns} values={rows.columnFilters} onChange={rows.changeColumnFilter} />
      ) : null}
      <div className="results-subbar">
        <ChipGroup label="Changes" chips={chips} pressed={rows.chips} onToggle={rows.toggleChip} />
        <ResultsSummary
          id={summaryId}
          summary={summary}
          selectedCount={selected.size}
          onClearFilters={rows.filtering ? rows.clearFilters : null}
          announcement={announcement}
          announced={announced}
        />
      </div>
      <div className="results-body">
        <ResultsGrid
          label="Compared values"
          rows={shown}
          columns={columns}
          layout={LAYOUT}
          sortColumns={rows.sortColumns}
          onSortColumnsChange={rows.changeSort}
          onColumnsReorder={rows.reorder}
          selectedRows={selected}
          onSelectedRowsChange={rows.changeSelection}
          onActiveRowChange={noDetails}
          onAnnounce={setAnnounced}
          describedBy={summaryId}
          emptyText={
            comparison.isPending ? 'Comparing…' : all.length > 0 ? 'No rows match the filters.' : 'Neither lookup has a value to compare.'
          }
        />
      </div>
    </section>
  )
}

const EMPTY: readonly never[] = []

/** The Compare view has no detail panel: every figure it compares is in its row. */
function noDetails(): void {}
