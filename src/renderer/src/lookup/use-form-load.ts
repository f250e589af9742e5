import { Text } from '@codemirror/state'
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { ItemType } from '../../../shared/domain/item-type'
import type { Settings } from '../../../shared/settings'
import { useUpdateSettings } from '../api/settings-queries'
import { entryLines, type EntryAction, type EntryState } from '../entry/entry-state'
import type { StoresEntry } from '../entry/use-stores'
import { formatCount } from '../format/format'
import type { FormLoad } from '../entry/form-load'
import type { WatchlistForm } from './save-watchlist-control'

interface FormLoadParts {
  load: FormLoad | null
  settings: Settings
  dispatch: (action: EntryAction) => void
  stores: StoresEntry
  itemType: ItemType
  setItemType: (itemType: ItemType) => void
  latest: RefObject<EntryState>
  openEntry: () => void
}

/**
 * The lookup form's side of watchlists: a list Edit loads (its values, stores, item type and
 * environment; a watchlist's is then the one saving goes over), and the form read as a watchlist.
 */
export function useFormLoad({ load, settings, dispatch, stores, itemType, setItemType, latest, openEntry }: FormLoadParts) {
  const update = useUpdateSettings()
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null)
  const [savedNote, setSavedNote] = useState<string | null>(null)
  const applied = useRef(0)

  useEffect(() => {
    if (load === null || load.request === applied.current) return
    applied.current = load.request
    const inputs = load.lines.map((line) => line.input)
    dispatch(inputs.length === 0 ? { type: 'clear' } : { type: 'edit-text', doc: Text.of(inputs) })
    stores.choose(load.stores)
    setItemType(load.itemType)
    const patch = { itemType: load.itemType, ...(load.environment === settings.environment ? {} : { environment: load.environment }) }
    update.mutate(patch)
    setEditing(load.watchlist)
    setSavedNote(
      load.watchlist === null ? null : `Editing the watchlist “${load.watchlist.name}”: change the list or the stores, then save it.`
    )
    openEntry()
  }, [load, dispatch, stores, setItemType, settings.environment, update, openEntry])

  const build = (): { ok: true; form: WatchlistForm; description: string } | { ok: false; message: string } => {
    const check = stores.check
    if (!check.ok) return { ok: false, message: `Check the stores first: ${check.message}` }
    const list = latest.current
    const lines = entryLines(list).map((line) => ({ ...line }))
    if (lines.length === 0) return { ok: false, message: 'Enter, scan or import at least one value to save as a watchlist.' }
    const group = stores.savedGroup
    const form: WatchlistForm = {
      environment: settings.environment,
      itemType,
      stores: group === null ? { kind: 'list', stores: check.stores } : { kind: 'group', group: group.name, stores: group.stores },
      lowStockLevel: settings.lowStockLevel,
      lines,
      ...(list.source === null ? {} : { source: list.source })
    }
    const where =
      group === null
        ? `${formatCount(check.stores.length)} ${check.stores.length === 1 ? 'store' : 'stores'}`
        : `the store group ${group.name}`
    return { ok: true, form, description: `${formatCount(lines.length)} ${lines.length === 1 ? 'value' : 'values'} in ${where}.` }
  }

  return { editing, savedNote, setSavedNote, build }
}
