import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { InvokeInput } from '../../../shared/contract'
import { callInventory } from '../api/inventory-call'
import { watchlistKeys } from '../api/watchlist-queries'
import { WatchlistNameDialog } from '../components/watchlist-name-dialog'

export type WatchlistForm = Omit<InvokeInput<'saveWatchlist'>, 'name' | 'id'>

interface SaveWatchlistControlProps {
  /** The watchlist the form was loaded from by Edit: saving goes over it. */
  editing: { id: string; name: string } | null
  /** The form as a watchlist, or what is missing from it in one sentence. */
  build: () => { ok: true; form: WatchlistForm; description: string } | { ok: false; message: string }
  onProblem: (message: string) => void
  onSaved: (message: string) => void
}

/** "Save as watchlist" on the lookup form (or "Save watchlist" over the one being edited). */
export function SaveWatchlistControl({ editing, build, onProblem, onSaved }: SaveWatchlistControlProps) {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<{ form: WatchlistForm; description: string } | null>(null)
  const open = () => {
    const built = build()
    if (!built.ok) {
      onProblem(built.message)
      return
    }
    setPending(built)
  }
  const save = async (name: string) => {
    if (pending === null) return
    const saved = await callInventory(
      window.inventory.saveWatchlist({ ...pending.form, name, ...(editing === null ? {} : { id: editing.id }) })
    )
    setPending(null)
    void queryClient.invalidateQueries({ queryKey: watchlistKeys.all })
    onSaved(`Watchlist “${saved.name}” saved: ${saved.items} ${saved.items === 1 ? 'value' : 'values'}.`)
  }
  return (
    <>
      <button type="button" onClick={open}>
        {editing === null ? 'Save as watchlist' : `Save watchlist “${editing.name}”`}
      </button>
      <WatchlistNameDialog
        open={pending !== null}
        title={editing === null ? 'Save as watchlist' : 'Save watchlist'}
        initialName={editing?.name ?? ''}
        saveLabel="Save watchlist"
        description={pending?.description ?? ''}
        onSave={save}
        onCancel={() => setPending(null)}
      />
    </>
  )
}
