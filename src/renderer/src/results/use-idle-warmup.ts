import { useEffect } from 'react'
import type { ResultTable } from './result-table'

/** Long enough that a table replaced ten times a second by a running job is not warmed in vain. */
const SETTLE_MS = 400

/**
 * Once a table has stopped changing, fills its rows' filter caches while the browser is idle, so
 * the first keystroke in a filter or the quick search only has to scan, not format.
 */
export function useIdleWarmup(table: ResultTable): void {
  useEffect(() => {
    let idle: number | null = null
    let cursor = 0
    const step = (deadline: IdleDeadline) => {
      idle = null
      cursor = table.warm(cursor, () => deadline.timeRemaining() < 4)
      if (cursor < table.rows.length) idle = requestIdleCallback(step)
    }
    const timer = setTimeout(() => {
      idle = requestIdleCallback(step)
    }, SETTLE_MS)
    return () => {
      clearTimeout(timer)
      if (idle !== null) cancelIdleCallback(idle)
    }
  }, [table])
}
