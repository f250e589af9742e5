import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { callInventory } from '../api/inventory-call'
import type { LookupJob } from '../run/use-lookup-job'
import { watchlistKeys } from '../api/watchlist-queries'
import type { FormLoad } from '../entry/form-load'

/**
 * What the app does for watchlists and Run again: runs start as the window's own lookup and show
 * on the lookup screen (`show`); Edit puts a lookup's or a watchlist's list into the form.
 */
export function useWatchlistActions(job: LookupJob, show: () => void, showForm: () => void) {
  const queryClient = useQueryClient()
  const [load, setLoad] = useState<FormLoad | null>(null)
  const { launch } = job

  const runWatchlist = useCallback(
    async (id: string) => {
      await launch(() => callInventory(window.inventory.runWatchlist({ id })))
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.all })
      show()
    },
    [launch, queryClient, show]
  )
  const runAgain = useCallback(
    async (jobId: string) => {
      await launch(() => callInventory(window.inventory.runAgain({ jobId })))
      show()
    },
    [launch, show]
  )
  const editLookup = useCallback(
    async (jobId: string) => {
      const list = await callInventory(window.inventory.lookupList({ jobId }))
      setLoad((current) => ({ request: (current?.request ?? 0) + 1, ...list, watchlist: null }))
      showForm()
    },
    [showForm]
  )
  const editWatchlist = useCallback(
    async (id: string) => {
      const { summary, definition } = await callInventory(window.inventory.getWatchlist({ id }))
      const lines = definition.items.map((item, index) => ({ line: index + 1, input: item.input }))
      setLoad((current) => ({
        request: (current?.request ?? 0) + 1,
        lines,
        stores: summary.storesNow,
        itemType: definition.itemType,
        environment: definition.environment,
        watchlist: { id: summary.id, name: summary.name }
      }))
      showForm()
    },
    [showForm]
  )

  return useMemo(
    () => ({
      load,
      runAgain,
      editLookup,
      runWatchlist,
      editWatchlist
    }),
    [load, runAgain, editLookup, runWatchlist, editWatchlist]
  )
}
