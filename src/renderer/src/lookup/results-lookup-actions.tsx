import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { DEFAULT_SETTINGS } from '../../../shared/settings'
import { callInventory } from '../api/inventory-call'
import { useSettings } from '../api/settings-queries'
import { watchlistKeys } from '../api/watchlist-queries'
import { WatchlistNameDialog } from '../components/watchlist-name-dialog'
import { groupWithStores } from '../entry/store-groups'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount } from '../format/format'
import { storesLabel } from '../format/lookup-labels'
import './lookup-actions.css'

interface ResultsLookupActionsProps {
  progress: JobProgress
  /** Starts the lookup again (its lines, columns and stores) and shows the new run. */
  onRunAgain: (jobId: string) => Promise<void>
}

/** The results header's "Run again" and "Save as watchlist", for the lookup on screen. */
export function ResultsLookupActions({ progress, onRunAgain }: ResultsLookupActionsProps) {
  const queryClient = useQueryClient()
  const settings = useSettings().data?.settings ?? DEFAULT_SETTINGS
  const [naming, setNaming] = useState(false)
  const [problem, setProblem] = useState<unknown>(null)
  const [said, setSaid] = useState('')
  const running = progress.state === 'running' || progress.state === 'throttled'
  const group = groupWithStores(settings.storeGroups, progress.stores)

  const save = async (name: string) => {
    const saved = await callInventory(
      window.inventory.saveLookupAsWatchlist({
        jobId: progress.jobId,
        name,
        group: group?.name ?? null,
        lowStockLevel: settings.lowStockLevel
      })
    )
    setNaming(false)
    void queryClient.invalidateQueries({ queryKey: watchlistKeys.all })
    setSaid(`Watchlist “${saved.name}” saved.`)
  }

  return (
    <div className="results-lookup-actions">
      <button
        type="button"
        disabled={running}
        title={running ? 'Wait for the lookup to finish, or cancel it, to run it again.' : undefined}
        onClick={() => {
          setProblem(null)
          onRunAgain(progress.jobId).catch(setProblem)
        }}
      >
        Run again
      </button>
      <button type="button" onClick={() => setNaming(true)}>
        Save as watchlist
      </button>
      <span role="status" className="visually-hidden">
        {said}
      </span>
      {problem === null ? null : <ErrorAlert error={problem} onDismiss={() => setProblem(null)} />}
      <WatchlistNameDialog
        open={naming}
        title="Save this lookup as a watchlist"
        initialName=""
        saveLabel="Save watchlist"
        description={`Its ${formatCount(progress.lines)} ${progress.lines === 1 ? 'value' : 'values'} with their columns, in ${group === null ? storesLabel(progress.stores) : `the store group ${group.name}`}.`}
        onSave={save}
        onCancel={() => setNaming(false)}
      />
    </div>
  )
}
