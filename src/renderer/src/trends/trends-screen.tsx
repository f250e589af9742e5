import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { callInventory } from '../api/inventory-call'
import { useSettings } from '../api/settings-queries'
import { trendsQuery } from '../api/trends-queries'
import { ErrorAlert } from '../errors/error-alert'
import { savedMessage } from '../export/export-message'
import { screenCsvSeparator } from '../format/format'
import { chartPng } from './chart-png'
import { TrendsView, type TrendTableName } from './trends-view'

interface TrendsScreenProps {
  /** The runs to draw: lookups chosen in History (a watchlist's runs, once watchlists have a screen). */
  jobIds: readonly string[]
  onOpenRun: (jobId: string) => void
  onBack: () => void
}

type ExportRequest = { kind: 'png'; svg: SVGSVGElement; name: string } | { kind: 'data'; table: TrendTableName; format: 'csv' | 'xlsx' }

/** The Trends screen: the runs' trends read from History's summaries, their charts and tables, and their exports. */
export function TrendsScreen({ jobIds, onOpenRun, onBack }: TrendsScreenProps) {
  const trends = useQuery(trendsQuery(jobIds))
  const separator = useSettings().data?.settings.csvSeparator ?? screenCsvSeparator()
  const [status, setStatus] = useState('')
  const exporting = useMutation({
    mutationFn: async (request: ExportRequest) => {
      if (request.kind === 'png') {
        const pngBase64 = await chartPng(request.svg)
        return callInventory(window.inventory.exportChartImage({ name: request.name, pngBase64 }))
      }
      return callInventory(
        window.inventory.exportTrends({ jobIds: [...jobIds], table: request.table, format: request.format, csvSeparator: separator })
      )
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

  return (
    <section className="panel trends-screen" aria-labelledby="trends-heading">
      <div className="section-heading">
        <h2 id="trends-heading" tabIndex={-1}>
          Trends
        </h2>
        <button type="button" onClick={onBack}>
          Back to History
        </button>
      </div>
      <p role="status">{trends.isPending ? 'Reading the lookups’ summaries…' : status}</p>
      {exporting.isError ? <ErrorAlert error={exporting.error} onDismiss={() => exporting.reset()} /> : null}
      {trends.isError ? <ErrorAlert error={trends.error} /> : null}
      {trends.data === undefined ? null : (
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
