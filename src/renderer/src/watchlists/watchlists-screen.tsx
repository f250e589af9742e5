import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { WatchlistSummary } from '../../../shared/watchlists/watchlist'
import { callInventory } from '../api/inventory-call'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import { ConfirmDialog } from '../components/confirm-dialog'
import { useFigureTips } from '../components/figure-tips'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount } from '../format/format'
import { schedulesQuery, watchlistKeys, watchlistsQuery } from '../api/watchlist-queries'
import { ScheduleDialog } from './schedule-dialog'
import { WatchlistRow } from './watchlist-row'
import '../components/list-screen.css'
import './watchlists.css'

const TIPS = {
  inStockRate: columnDescription('inStockRate') ?? '',
  newlyOutOfStock: columnDescription('newlyOutOfStock') ?? ''
}

interface WatchlistsScreenProps {
  onRun: (id: string) => Promise<void>
  onEdit: (id: string) => Promise<void>
  /** Draws the watchlist's trends over its latest runs. */
  onTrends: (watchlist: { id: string; name: string }) => void
}

/**
 * The watchlists kept: each with its items, stores and last run, run now, its trends drawn, edited,
 * duplicated, exported as a file for a colleague or deleted; a colleague's file imported.
 */
export function WatchlistsScreen({ onRun, onEdit, onTrends }: WatchlistsScreenProps) {
  const queryClient = useQueryClient()
  const list = useQuery(watchlistsQuery)
  const fileRef = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<unknown>(null)
  const [said, setSaid] = useState('')
  const [deleting, setDeleting] = useState<WatchlistSummary | null>(null)
  const [scheduling, setScheduling] = useState<WatchlistSummary | null>(null)
  const schedules = useQuery(schedulesQuery)
  const tips = useFigureTips(TIPS)

  // A run started or ended, a schedule changed, the computer woke: the next runs and last runs are asked again.
  useEffect(
    () =>
      window.inventory.onSchedulesChanged(() => {
        void queryClient.invalidateQueries({ queryKey: schedulesQuery.queryKey })
        void queryClient.invalidateQueries({ queryKey: watchlistKeys.all })
      }),
    [queryClient]
  )
  const scheduleOf = (id: string) => schedules.data?.watchlists.find((state) => state.watchlistId === id)

  async function act(work: () => Promise<string | null>) {
    setBusy(true)
    setProblem(null)
    setSaid('')
    try {
      const message = await work()
      if (message !== null) setSaid(message)
    } catch (error) {
      setProblem(error)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.all })
      void queryClient.invalidateQueries({ queryKey: schedulesQuery.queryKey })
    }
  }

  const importFile = (file: File) =>
    void act(async () => {
      const bytes = new Uint8Array(await file.arrayBuffer())
      const imported = await callInventory(window.inventory.importWatchlist({ fileName: file.name, bytes }))
      return `Imported the watchlist “${imported.name}”: ${formatCount(imported.items)} ${imported.items === 1 ? 'value' : 'values'}.`
    })

  const watchlists = list.data ?? []
  return (
    <section className="panel list-screen" aria-labelledby="watchlists-heading">
      <h2 id="watchlists-heading" tabIndex={-1}>
        Watchlists
      </h2>
      <div className="list-tools">
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file !== undefined) importFile(file)
          }}
        />
        <button type="button" disabled={busy} onClick={() => fileRef.current?.click()}>
          Import watchlist
        </button>
        <p className="field-hint">A watchlist file a colleague exported (JSON).</p>
      </div>
      <p role="status" className="watchlists-size">
        {said}
      </p>
      {problem === null ? null : <ErrorAlert error={problem} onDismiss={() => setProblem(null)} />}
      {list.isError ? <ErrorAlert error={list.error} /> : null}
      {list.isPending ? <p role="status">Loading watchlists…</p> : null}
      {list.isSuccess && watchlists.length === 0 ? (
        <p>No watchlists yet. Save one with “Save as watchlist” on the lookup form or on a lookup’s results.</p>
      ) : null}
      {watchlists.length === 0 ? null : (
        <div className="list-table-frame" {...tips.handlers}>
          <table className="list-table" aria-labelledby="watchlists-heading">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Items</th>
                <th scope="col">Stores</th>
                <th scope="col">Last run</th>
                <th scope="col">Schedule</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {watchlists.map((watchlist) => (
                <WatchlistRow
                  key={watchlist.id}
                  watchlist={watchlist}
                  schedule={scheduleOf(watchlist.id)}
                  busy={busy}
                  tips={tips.describedBy}
                  onSchedule={setScheduling}
                  onTrends={onTrends}
                  onRun={(target) => void act(async () => (await onRun(target.id), null))}
                  onEdit={(target) => void act(async () => (await onEdit(target.id), null))}
                  onDuplicate={(target) =>
                    void act(async () => {
                      const copy = await callInventory(window.inventory.duplicateWatchlist({ id: target.id }))
                      return `Duplicated as “${copy.name}”.`
                    })
                  }
                  onExport={(target) =>
                    void act(async () => {
                      const outcome = await callInventory(window.inventory.exportWatchlist({ id: target.id }))
                      return outcome.saved ? `Exported “${target.name}” to ${outcome.path}.` : null
                    })
                  }
                  onDelete={setDeleting}
                />
              ))}
            </tbody>
          </table>
          {tips.elements}
        </div>
      )}
      <ScheduleDialog
        watchlist={scheduling}
        onCancel={() => setScheduling(null)}
        onSave={async (schedule) => {
          if (scheduling === null) return
          const target = scheduling
          await callInventory(window.inventory.setWatchlistSchedule({ id: target.id, schedule }))
          setScheduling(null)
          void queryClient.invalidateQueries({ queryKey: watchlistKeys.all })
          void queryClient.invalidateQueries({ queryKey: schedulesQuery.queryKey })
          setSaid(schedule === null ? `Removed the schedule of “${target.name}”.` : `Saved the schedule of “${target.name}”.`)
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the watchlist “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete watchlist"
        tone="danger"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting
          setDeleting(null)
          if (target !== null)
            void act(async () => {
              await callInventory(window.inventory.deleteWatchlist({ id: target.id }))
              return `Deleted the watchlist “${target.name}”. Its runs stay in History.`
            })
        }}
      >
        <p>Its runs stay in History.</p>
      </ConfirmDialog>
    </section>
  )
}
