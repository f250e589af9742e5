import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { ChosenColumn } from '../../../shared/views/column-choice'
import type { GridColumn } from './grid-row'
import type { ChosenColumns } from './use-column-choices'

interface ColumnsControlProps<C extends GridColumn> {
  id: string
  /** The view's name, for the group's accessible name ("Columns of Items"). */
  viewLabel: string
  lines: readonly ChosenColumn<C>[]
  onShow: (id: string, shown: boolean) => void
  onMove: (id: string, by: number) => void
  onReset: () => void
  onClose: () => void
}

/**
 * The view's columns in their order, each with a box to show or hide it and buttons to move it
 * earlier or later: the keyboard's way to do what dragging a header does. Escape closes it.
 */
export function ColumnsControl<C extends GridColumn>({ id, viewLabel, lines, onShow, onMove, onReset, onClose }: ColumnsControlProps<C>) {
  const shownCount = lines.filter((line) => line.shown).length
  const listRef = useRef<HTMLOListElement>(null)
  // The button pressed moves with its column; the keyboard stays on it (or on its twin at the list's end).
  const [moved, setMoved] = useState<{ id: string; by: number } | null>(null)
  useLayoutEffect(() => {
    if (moved === null) return
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(`[data-column="${CSS.escape(moved.id)}"] button`)
    const [earlier, later] = [buttons?.[0], buttons?.[1]]
    const wanted = moved.by < 0 ? earlier : later
    ;(wanted?.disabled === false ? wanted : moved.by < 0 ? later : earlier)?.focus()
  }, [moved, lines])
  const move = (columnId: string, by: number) => {
    onMove(columnId, by)
    setMoved({ id: columnId, by })
  }
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    onClose()
  }
  return (
    <div id={id} className="columns-control" role="group" aria-label={`Columns of ${viewLabel}`} onKeyDown={closeOnEscape}>
      <ol ref={listRef} className="columns-control-list">
        {lines.map(({ column, id: columnId, shown }, index) => (
          <li key={columnId} className="columns-control-line" data-column={columnId}>
            <label>
              <input
                type="checkbox"
                checked={shown}
                // A view keeps at least one column.
                disabled={shown && shownCount === 1}
                onChange={(event) => onShow(columnId, event.target.checked)}
              />
              {column.label}
            </label>
            <button type="button" aria-label={`Move ${column.label} earlier`} disabled={index === 0} onClick={() => move(columnId, -1)}>
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${column.label} later`}
              disabled={index === lines.length - 1}
              onClick={() => move(columnId, 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={onReset}>
        Reset columns
      </button>
    </div>
  )
}

/**
 * A view's Columns: the toolbar's button, which opens and closes the control, and the control
 * itself, shown below the toolbar while open; closing it (Escape too) puts the keyboard back on the
 * button. The screen places both.
 */
export function useColumnsToggle<C extends GridColumn>(
  viewLabel: string,
  chosen: ChosenColumns<C>
): { button: ReactNode; panel: ReactNode } {
  const id = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const button = (
    <button ref={buttonRef} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((current) => !current)}>
      Columns
    </button>
  )
  const panel = open ? (
    <ColumnsControl
      id={id}
      viewLabel={viewLabel}
      lines={chosen.columnLines}
      onShow={chosen.showColumn}
      onMove={chosen.moveColumn}
      onReset={chosen.resetColumns}
      onClose={() => {
        setOpen(false)
        buttonRef.current?.focus()
      }}
    />
  ) : null
  return { button, panel }
}
