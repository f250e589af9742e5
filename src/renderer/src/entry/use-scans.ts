import { useCallback, useRef, useState, type RefObject } from 'react'
import { entrySource, type EntryAction, type EntryState } from './entry-state'
import type { ScanFeedback } from './scan-input'
import type { EntryValidation } from './use-list-check'

/**
 * Adds scanned values one at a time, each compared with the list as the scans before it left it:
 * the list check answers in its worker, so a scanner's second read of a code arriving before the
 * first one is rendered still counts as a repeat.
 */
export function useScans(latest: RefObject<EntryState>, dispatch: (action: EntryAction) => void, validation: EntryValidation) {
  const [feedback, setFeedback] = useState<ScanFeedback>(null)
  const queue = useRef(Promise.resolve())
  const { compareScan, checkNow } = validation

  const onScan = useCallback(
    (input: string, fromScanner: boolean) => {
      queue.current = queue.current.then(async () => {
        const match = await compareScan(input)
        if (match.sameAs !== null) {
          setFeedback({ tone: 'warning', text: `Already scanned: line ${match.sameAs}. Not added again.` })
          return
        }
        dispatch({ type: 'append', input })
        checkNow(entrySource(latest.current))
        const line = latest.current.importedLines?.at(-1)?.line ?? match.count + 1
        setFeedback({ tone: 'info', text: `${fromScanner ? 'Scanned' : 'Added'} ${input.trim()} as line ${line}.` })
      })
    },
    [compareScan, checkNow, dispatch, latest]
  )

  const clearFeedback = useCallback(() => setFeedback(null), [])

  return { feedback, onScan, clearFeedback }
}
