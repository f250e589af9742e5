import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import type { SortColumn } from 'react-data-grid'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import type { JobProgress } from '../../../shared/domain/job-progress'
import type { FinalLineStatus } from '../../../shared/domain/line-result'
import { ErrorAlert } from '../errors/error-alert'
import { ExportButton } from '../export/export-button'
import { formatCount } from '../format/format'
import { DetailPanel } from './detail-panel'
import { FilterBar } from './filter-bar'
import type { ColumnKey } from './result-row'
import { emptyResultSet } from './result-set'
import { ResultsGrid } from './results-grid'
import { filterRows, isFiltering, linesOf, type ColumnFilters, type RowFilter } from './row-filter'
import { sortRows } from './row-sort'
import { StatusChips } from './status-chips'
import { useIdleWarmup } from './use-idle-warmup'
import { useJobResults } from './use-job-results'
import './results.css'

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Quiet while typing: announces the row count once the filters have been still for a moment. */
const ANNOUNCE_AFTER_MS = 700

/**
 * The row count to speak after a filter change. The visible summary also changes ten times a second
 * while a job runs, so it is not a live region itself; only filter changes are announced.
 */
function useFilterAnnouncement(filter: RowFilter, summary: string): string {
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
  }, [filter])
  return announcement
}

/**
 * The result set of one job: heading, status chips, filters, the virtualized grid, the detail
 * panel and export. Sorting and filtering are memoized separately (sort once, filter the sorted
 * rows), so typing in a filter never re-sorts and a new sort never re-filters from scratch.
 */
export function ResultsView({ progress }: { progress: JobProgress }) {
  const results = useJobResults(progress)
  const empty = useMemo(() => emptyResultSet(progress.jobId, progress.itemType), [progress.jobId, progress.itemType])
  const set = results.data ?? empty
  const headingId = useId()
  const summaryId = useId()

  const [sortColumns, setSortColumns] = useState<readonly SortColumn[]>([])
  const [columnFilters, setColumnFilters] = useState<ColumnFilters>({})
  const [statuses, setStatuses] = useState<ReadonlySet<FinalLineStatus>>(() => new Set())
  const [quick, setQuick] = useState('')
  const [selectedRows, setSelectedRows] = useState<ReadonlySet<string>>(() => new Set())
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const [copied, setCopied] = useState('')

  const filter = useMemo<RowFilter>(() => ({ columns: columnFilters, statuses, quick }), [columnFilters, statuses, quick])
  const filtered = useMemo(() => isFiltering(filter), [filter])
  const { table } = set
  const sorted = useMemo(() => sortRows(table.rows, sortColumns), [table, sortColumns])
  const visible = useMemo(() => filterRows(sorted, filter), [sorted, filter])
  const activeRow = activeKey === null ? null : table.rowByKey(activeKey)
  useIdleWarmup(table)

  const toggleStatus = useCallback((status: FinalLineStatus) => {
    setStatuses((current) => {
      const next = new Set(current)
      if (!next.delete(status)) next.add(status)
      return next
    })
  }, [])
  const changeColumnFilter = useCallback((column: ColumnKey, value: string) => {
    setColumnFilters((current) => ({ ...current, [column]: value }))
  }, [])
  const clearFilters = useCallback(() => {
    setColumnFilters({})
    setStatuses(new Set())
    setQuick('')
  }, [])
  const getShownLines = useCallback(() => linesOf(visible), [visible])

  const summary = filtered
    ? `Showing ${formatCount(visible.length)} of ${formatCount(table.rows.length)} rows`
    : `${formatCount(table.rows.length)} rows for ${formatCount(table.lineCount)} lines`
  const announcement = useFilterAnnouncement(filter, summary)

  const when = progress.finishedAt ?? progress.startedAt
  return (
    <section className="panel results" aria-labelledby={headingId}>
      <div className="results-toolbar">
        <h2 id={headingId}>
          Results · {ENVIRONMENT_LABELS[progress.environment]} · Store {progress.storeNbr} ·{' '}
          <time dateTime={when}>{dateTime.format(new Date(when))}</time>
        </h2>
        <ExportButton jobId={progress.jobId} totalLines={table.lineCount} filtered={filtered} getShownLines={getShownLines} />
      </div>
      {results.isError ? (
        <div className="results-error">
          <ErrorAlert error={results.error} />
          <button type="button" onClick={() => void results.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      <StatusChips counts={set.counts} selected={statuses} onToggle={toggleStatus} />
      <FilterBar quick={quick} onQuickChange={setQuick} columns={columnFilters} onColumnChange={changeColumnFilter} />
      <div className="results-summary">
        <p id={summaryId}>
          {summary}
          {selectedRows.size > 0 ? `, ${formatCount(selectedRows.size)} selected` : ''}
        </p>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {filtered ? (
          <button type="button" className="link" onClick={clearFilters}>
            Clear filters
          </button>
        ) : null}
        <p className="results-copied" role="status">
          {copied}
        </p>
      </div>
      <div className="results-body">
        <ResultsGrid
          rows={visible}
          sortColumns={sortColumns}
          onSortColumnsChange={setSortColumns}
          selectedRows={selectedRows}
          onSelectedRowsChange={setSelectedRows}
          onActiveRowChange={setActiveKey}
          onCopied={setCopied}
          describedBy={summaryId}
          emptyText={
            table.rows.length > 0
              ? 'No rows match the filters.'
              : results.isPending
                ? 'Loading results…'
                : 'No results yet: they appear here as the lookup answers.'
          }
        />
        <DetailPanel row={activeRow} />
      </div>
    </section>
  )
}
