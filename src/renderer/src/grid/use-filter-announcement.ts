import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { RowFilter } from './row-filter'

/** Quiet while typing: announces the row count once the filters have been still for a moment. */
const ANNOUNCE_AFTER_MS = 700

/**
 * The row count to speak after a filter or view change. The visible summary also changes ten times
 * a second while a job runs, so it is not a live region itself; only the person's changes are announced.
 */
export function useFilterAnnouncement(filter: RowFilter, view: string, summary: string): string {
  const [announcement, setAnnouncement] = useState('')
  const announce = useEffectEvent(() => setAnnouncement(summary))
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return undefined
    }
    const timer = setTimeout(announce, ANNOUNCE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [filter, view])
  return announcement
}
