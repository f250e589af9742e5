import { useEffect } from 'react'
import type { GridColumn, GridRow } from './grid-row'

/** Long enough that rows replaced ten times a second by a running job are not warmed in vain. */
const SETTLE_MS = 400

/**
 * Once the rows have stopped changing, fills their text caches (column filters, sorting) while the
 * browser is idle, so the first keystroke in a filter or the first header
 * click only has to scan, not format.
 */
export function useIdleWarmup<Column extends GridColumn>(rows: readonly GridRow<Column>[], columns: readonly Column[]): void {
  useEffect(() => {
    let idle: number | null = null
    let cursor = 0
    const step = (deadline: IdleDeadline) => {
      idle = null
      while (cursor < rows.length) {
        const row = rows[cursor] as GridRow<Column>
        for (const column of columns) if (column.kind !== 'number') row.lower(column)
        cursor += 1
        if (cursor % 500 === 0 && deadline.timeRemaining() < 4) break
      }
      if (cursor < rows.length) idle = requestIdleCallback(step)
    }
    const timer = setTimeout(() => {
      idle = requestIdleCallback(step)
    }, SETTLE_MS)
    return () => {
      clearTimeout(timer)
      if (idle !== null) cancelIdleCallback(idle)
    }
  }, [rows, columns])
}
