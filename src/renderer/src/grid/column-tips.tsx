import { useCallback, useMemo, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { renderHeaderCell, type RenderHeaderCellProps } from 'react-data-grid'
import type { AsOfRange } from '../../../shared/domain/as-of'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import { formatDateTime } from '../format/format'
import type { GridColumn } from './grid-row'

/** A header's description: the id its columnheader is described by and the words, which its tooltip shows. */
export interface ColumnTip {
  readonly id: string
  readonly text: string
}

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

interface Shown {
  readonly id: string
  /** What showed it: a tip the keyboard showed stays while its header has focus, whatever the pointer does. */
  readonly by: 'pointer' | 'focus'
  readonly left: number
  readonly top: number
}

const TIP_WIDTH = 320

/**
 * The tips of one grid: each is the description its columnheader names, hidden until the header is
 * pointed at or focused, then shown below it (WCAG 1.4.13: it stays while pointed at, and Escape
 * hides it). The handlers go on the element around the grid.
 */
export function useTipDisplay(tips: ReadonlyMap<string, ColumnTip>) {
  const [shown, setShown] = useState<Shown | null>(null)
  const ids = useMemo(() => new Set([...tips.values()].map((tip) => tip.id)), [tips])

  const showFor = useCallback(
    (target: EventTarget | null, by: Shown['by']) => {
      if (!(target instanceof Element)) return
      if (target.closest('[role="tooltip"]') !== null) return
      const header = target.closest('[role="columnheader"]')
      const id = header?.getAttribute('aria-describedby') ?? null
      if (header === null || header === undefined || id === null || !ids.has(id)) {
        setShown((current) => (current?.by === by ? null : current))
        return
      }
      const rect = header.getBoundingClientRect()
      const left = Math.max(0, Math.min(rect.left, window.innerWidth - TIP_WIDTH - 8))
      setShown((current) => (current?.id === id ? current : { id, by, left, top: rect.bottom + 4 }))
    },
    [ids]
  )

  const handlers = {
    onPointerOver: (event: PointerEvent<HTMLElement>) => showFor(event.target, 'pointer'),
    onPointerLeave: () => setShown((current) => (current?.by === 'pointer' ? null : current)),
    onFocus: (event: FocusEvent<HTMLElement>) => showFor(event.target, 'focus'),
    onBlur: () => setShown((current) => (current?.by === 'focus' ? null : current)),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') setShown(null)
    }
  }

  const elements = [...tips.values()].map((tip) => (
    <div
      key={tip.id}
      id={tip.id}
      role="tooltip"
      className="grid-header-tip"
      hidden={shown?.id !== tip.id}
      style={shown?.id === tip.id ? { left: shown.left, top: shown.top, maxWidth: TIP_WIDTH } : undefined}
    >
      {tip.text}
    </div>
  ))
  return { handlers, elements }
}
