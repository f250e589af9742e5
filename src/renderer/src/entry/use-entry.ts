import { useCallback, useRef, useState, type RefObject } from 'react'
import { EMPTY_ENTRY, entryReducer, type EntryAction, type EntryState } from './entry-state'

/**
 * The list being entered. `latest` is the list after every action so far, rendered or not: a scan
 * is compared with the scan just before it, and Ctrl+Enter pressed in a field that commits its fix on
 * that same key runs the lookup on the fixed list.
 */
export function useEntry(): { entry: EntryState; dispatch: (action: EntryAction) => void; latest: RefObject<EntryState> } {
  const [entry, setEntry] = useState(EMPTY_ENTRY)
  const latest = useRef(entry)
  const dispatch = useCallback((action: EntryAction) => {
    latest.current = entryReducer(latest.current, action)
    setEntry(latest.current)
  }, [])
  return { entry, dispatch, latest }
}
