import type { Text } from '@codemirror/state'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ItemType } from '../../../shared/domain/item-type'
import type { ListCheck, ListSource, ScanMatch, TextChange } from './list-check'
import { createListChecker, type ListChecker } from './list-checker'

/** A person's edit of the typed list, as the editor reports it. */
export interface TextEdit {
  before: Text
  after: Text
  changes: readonly TextChange[]
}

export interface EntryValidation {
  /** The newest answer; null until the first one comes. */
  check: ListCheck | null
  /** A newer list than the one `check` describes waits for its answer. */
  checking: boolean
  /** Compares a scan with the newest list sent. */
  compareScan: (input: string) => Promise<ScanMatch>
  /** Sends a list at once, before React renders it: a scan must be compared with the scan before it. */
  checkNow: (source: ListSource) => void
  /** Sends an edit as a change, not the whole text: a key press in a 200,000-value list costs what it changes. */
  checkEdit: (edit: TextEdit) => void
}

/**
 * Validates the list live, off the main thread, with the same rules main applies when the job
 * starts. The list rendered is sent whenever it is not the one sent last.
 */
export function useListCheck(source: ListSource, itemType: ItemType): EntryValidation {
  const checker = useRef<ListChecker | null>(null)
  const sent = useRef<{ source: ListSource; itemType: ItemType } | null>(null)
  const [asked, setAsked] = useState(0)
  const [answer, setAnswer] = useState<{ version: number; check: ListCheck } | null>(null)

  const send = useCallback((next: ListSource, nextItemType: ItemType) => {
    const current = checker.current
    if (current === null || (sent.current?.source === next && sent.current.itemType === nextItemType)) return
    sent.current = { source: next, itemType: nextItemType }
    setAsked(current.sendList(next, nextItemType))
  }, [])

  useEffect(() => {
    const created = createListChecker((version, check) =>
      setAnswer((previous) => (previous !== null && previous.version > version ? previous : { version, check }))
    )
    checker.current = created
    return () => {
      created.dispose()
      checker.current = null
      sent.current = null
    }
  }, [])

  useEffect(() => send(source, itemType), [send, source, itemType])

  const compareScan = useCallback((input: string) => checker.current?.compareScan(input) ?? Promise.resolve({ sameAs: null, count: 0 }), [])
  const checkNow = useCallback((next: ListSource) => send(next, itemType), [send, itemType])
  const checkEdit = useCallback(
    (edit: TextEdit) => {
      const current = checker.current
      if (current === null || sent.current?.source !== edit.before || sent.current.itemType !== itemType) {
        send(edit.after, itemType)
        return
      }
      sent.current = { source: edit.after, itemType }
      setAsked(current.sendEdit(edit.changes, edit.after))
    },
    [send, itemType]
  )

  return { check: answer?.check ?? null, checking: asked > (answer?.version ?? 0), compareScan, checkNow, checkEdit }
}
