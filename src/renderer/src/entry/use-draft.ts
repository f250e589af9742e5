import { useEffect, useRef } from 'react'
import { MAX_DRAFT_CHARS, MAX_JOB_LINES } from '../../../shared/limits'
import { callInventory } from '../api/inventory-call'
import { draftOf, type EntryAction, type EntryState } from './entry-state'

/** Saved this long after the last change: typing does not send the list on every key. */
const SAVE_AFTER_MS = 800

/**
 * Keeps the list being entered as a draft in main, so a reload or a restart does not empty it:
 * restored once at the start (unless the person has already typed), then saved shortly after each
 * change. A list too large to keep is not saved; the draft before it stays.
 */
export function useDraft(entry: EntryState, dispatch: (action: EntryAction) => void): void {
  const restored = useRef(false)
  const typedBeforeRestore = useRef(false)
  const saved = useRef<EntryState | null>(null)

  useEffect(() => {
    let current = true
    void callInventory(window.inventory.getDraft())
      .then(({ draft }) => {
        if (current && draft !== null && !typedBeforeRestore.current) dispatch({ type: 'restore', draft })
      })
      .catch(() => undefined)
      .finally(() => {
        restored.current = true
      })
    return () => {
      current = false
    }
  }, [dispatch])

  useEffect(() => {
    if (!restored.current) {
      if (entry.doc.length > 0 || entry.importedLines !== null) typedBeforeRestore.current = true
      return
    }
    if (saved.current === entry) return
    const timer = setTimeout(() => {
      saved.current = entry
      const draft = draftOf(entry)
      if (draft.text.length > MAX_DRAFT_CHARS || (draft.lines?.length ?? 0) > MAX_JOB_LINES) return
      // A draft that could not be kept costs nothing but the draft: the list on screen is unchanged.
      void callInventory(window.inventory.saveDraft(draft)).catch(() => undefined)
    }, SAVE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [entry])
}
