import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { callInventory } from '../api/inventory-call'
import { useSettings } from '../api/settings-queries'
import { trendsQuery } from '../api/trends-queries'
import { ErrorAlert } from '../errors/error-alert'
import { savedMessage } from '../export/export-message'
import { formatCount, screenCsvSeparator } from '../format/format'
import { WATCHLIST_TREND_RUNS, type TrendRuns } from '../../../shared/trends/trend-questions'
import { chartPng } from './chart-png'
import { TrendsView, type TrendTableName } from './trends-view'

interface TrendsScreenProps {
  /** The runs to draw: lookups chosen in History, or a watchlist's latest runs, which main picks. */
  runs: TrendRuns
  /** The watchlist's name, when these are a watchlist's runs. */
  watchlistName?: string
  onOpenRun: (jobId: string) => void
  /** Back where the trends were opened from, History or Watchlists. */
  back: { label: string; onBack: () => void }
}

/** A watchlist's trends compare its runs with each other: drawn from two runs on. */
const FEWEST_RUNS = 2

type ExportRequest = { kind: 'png'; svg: SVGSVGElement; name: string } | { kind: 'data'; table: TrendTableName; format: 'csv' | 'xlsx' }

/** The Trends screen: the runs' trends read from History's summaries, their charts and tables, and their exports. */
export function TrendsScreen({ runs, watchlistName, onOpenRun, back }: TrendsScreenProps) {
  const trends = useQuery(trendsQuery(runs))
  const separator = useSettings().data?.settings.csvSeparator ?? screenCsvSeparator()
  const [status, setStatus] = useState('')
  const exporting = useMutation({
    mutationFn: async (request: ExportRequest) => {
      if (request.kind === 'png') {
        const pngBase64 = await chartPng(request.svg)
        return callInventory(window.inventory.exportChartImage({ name: request.name, pngBase64 }))
      }
      return callInventory(window.inventory.exportTrends({ runs, table: request.table, format: request.format, csvSeparator: separator }))
    },
    onMutate: () => setStatus(''),
    onSuccess: (result, request) =>
      setStatus(
        !result.saved
          ? 'Export cancelled: no file was saved.'
          : request.kind === 'png'
            ? `Chart saved to ${result.path}.`
            : savedMessage(result.rows, result.path)
      )
  })

  const ofWatchlist = 'watchlistId' in runs
  const drawn = trends.data?.runs.length ?? 0
  const tooFew = ofWatchlist && trends.data !== undefined && drawn < FEWEST_RUNS
  return (
    <section className="panel trends-screen" aria-labelledby="trends-heading">
      <div className="section-heading">
        <h2 id="trends-heading" tabIndex={-1}>
          {watchlistName === undefined ? 'Trends' : `Trends: ${watchlistName}`}
        </h2>
        <button type="button" onClick={back.onBack}>
          {back.label}
        </button>
      </div>
      <p role="status">{trends.isPending ? 'Reading the lookups’ summaries…' : status}</p>
      {exporting.isError ? <ErrorAlert error={exporting.error} onDismiss={() => exporting.reset()} /> : null}
      {trends.isError ? <ErrorAlert error={trends.error} /> : null}
      {tooFew ? <p>Trends need at least two runs; Run now to add one.</p> : null}
      {ofWatchlist && drawn === WATCHLIST_TREND_RUNS ? <p>The watchlist’s latest {formatCount(drawn)} runs are drawn.</p> : null}
      {trends.data === undefined || tooFew ? null : (
        <TrendsView
          trends={trends.data}
          onOpenRun={onOpenRun}
          exports={{
            png: (svg, name) => exporting.mutate({ kind: 'png', svg, name }),
            data: (table, format) => exporting.mutate({ kind: 'data', table, format }),
            busy: exporting.isPending
          }}
        />
      )}
    </section>
  )
}
