import { useCallback, useMemo, type ReactNode } from 'react'
import { renderHeaderCell, type RenderHeaderCellProps } from 'react-data-grid'
import type { AsOfRange } from '../../../shared/domain/as-of'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import type { FigureTip } from '../components/figure-tips'
import { formatDateTime } from '../format/format'
import type { GridColumn } from './grid-row'

/** A header's description: the id its columnheader is described by and the words, which its tooltip shows. */
export type ColumnTip = FigureTip

/** The id of a column's description within one grid: its key made safe for an id (`store:1234`, `carried:2`). */
function tipId(gridId: string, key: string): string {
  return `${gridId}-tip-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

/** Each described column's tip by key: the figures say what they count, and as of when, in the screen's locale. */
export function useColumnTips(gridId: string, columns: readonly GridColumn[], asOf: AsOfRange | null): ReadonlyMap<string, ColumnTip> {
  return useMemo(() => {
    const tips = new Map<string, ColumnTip>()
    for (const column of columns) {
      const text = columnDescription(column.key, { asOf, formatTime: formatDateTime })
      if (text !== null) tips.set(column.key, { id: tipId(gridId, column.key), text })
    }
    return tips
  }, [gridId, columns, asOf])
}

/**
 * A described column's header: the grid's own (its name and sort mark), and its columnheader
 * described by the tip. The grid offers no way to put attributes on the columnheader it draws, so
 * the header's content sets it once mounted; React leaves an attribute it does not manage alone.
 */
export function DescribedHeader<R>({ tip, ...props }: RenderHeaderCellProps<R> & { tip: ColumnTip }): ReactNode {
  const describe = useCallback(
    (node: HTMLSpanElement | null) => node?.closest('[role="columnheader"]')?.setAttribute('aria-describedby', tip.id),
    [tip.id]
  )
  return (
    <span ref={describe} className="grid-header-label">
      {renderHeaderCell(props)}
    </span>
  )
}
