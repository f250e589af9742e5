import { useId, useMemo, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { itemAsOf } from '../../../shared/domain/as-of'
import { DETAIL_PANEL_WIDTH } from '../../../shared/settings'
import { BUCKET_LABELS, humaneName, stockBucket } from '../../../shared/stock/stock-figures'
import { columnDescription } from '../../../shared/views/figure-descriptions'
import { lineMessage } from '../../../shared/views/line-message'
import { formatCount, formatDateTime } from '../format/format'
import { StatusBadge } from '../grid/status-badge'
import type { LineEntry } from './line-entry'
import type { RowStatus } from '../grid/row-status'

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null'
  } catch {
    return 'The raw item could not be shown.'
  }
}

const FIGURES = [
  ['onShelf', 'On shelf'],
  ['backroom', 'Backroom'],
  ['onHand', 'On hand'],
  ['onOrder', 'On order'],
  ['inTransit', 'In transit'],
  ['unavailable', 'Unavailable']
] as const

const RESIZE_STEP = 24

/**
 * A figure's name in the panel, titled by the words its column's header says, from the one place
 * they are written: the title is the pointer's tooltip and, as the name comes from the text, the
 * term's accessible description.
 */
function Described({ as: Tag, figure, children, className }: { as: 'dt' | 'th'; figure: string; children: ReactNode; className?: string }) {
  return (
    <Tag className={className} title={columnDescription(figure) ?? undefined} {...(Tag === 'th' ? { scope: 'col' } : {})}>
      {children}
    </Tag>
  )
}

interface DetailPanelProps {
  entry: LineEntry | null
  status: RowStatus | null
  /** A lookup of several stores: the title says which store's answer this is. */
  showStore?: boolean
  /** The line's item name, from its file or the item catalogue; '' when it has none. */
  itemName?: string
  width: number
  /** While dragging or pressing arrow keys on the edge; `done` when the width should be kept. */
  onResize: (width: number, done: boolean) => void
  onClose: () => void
}

function clampWidth(width: number): number {
  return Math.round(Math.min(DETAIL_PANEL_WIDTH.max, Math.max(DETAIL_PANEL_WIDTH.min, width)))
}

/**
 * The selected line: its status and figures, every inventory location with humane names and where
 * it is counted (unknown areas and states included), and the item exactly as the server sent it.
 * Its left edge resizes it (pointer or arrow keys); the width is kept in settings.
 */
export function DetailPanel({ entry, status, showStore = false, itemName = '', width, onResize, onClose }: DetailPanelProps) {
  const headingId = useId()
  const result = entry?.result
  const item = result?.item
  const raw = useMemo(() => (item === undefined ? null : prettyJson(item.raw)), [item])
  const asOf = itemAsOf(item)
  const drag = useRef<{ startX: number; startWidth: number } | null>(null)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { startX: event.clientX, startWidth: width }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (start !== null) onResize(clampWidth(start.startWidth + start.startX - event.clientX), false)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    drag.current = null
    if (start !== null) onResize(clampWidth(start.startWidth + start.startX - event.clientX), true)
  }
  const onSeparatorKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowLeft'
        ? width + RESIZE_STEP
        : event.key === 'ArrowRight'
          ? width - RESIZE_STEP
          : event.key === 'Home'
            ? DETAIL_PANEL_WIDTH.max
            : event.key === 'End'
              ? DETAIL_PANEL_WIDTH.min
              : null
    if (next === null) return
    event.preventDefault()
    onResize(clampWidth(next), true)
  }

  return (
    <aside
      className="results-detail"
      aria-labelledby={headingId}
      style={{ width }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <div
        className="results-detail-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize item details"
        aria-valuemin={DETAIL_PANEL_WIDTH.min}
        aria-valuemax={DETAIL_PANEL_WIDTH.max}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onSeparatorKey}
      />
      <div className="results-detail-content">
        <div className="results-detail-heading">
          <h3 id={headingId}>Item details</h3>
          <button type="button" className="link" onClick={onClose}>
            Close details
          </button>
        </div>
        {entry === null || status === null || result === undefined ? (
          <p className="muted">Select a row to see its details.</p>
        ) : (
          <>
            <p className="results-detail-title">
              <StatusBadge status={status} /> ·{showStore ? ` Store ${result.storeNbr} ·` : ''} Line {result.line}
            </p>
            <dl className="results-detail-fields">
              {itemName === '' ? null : (
                <div>
                  <dt>Item name</dt>
                  <dd>{itemName}</dd>
                </div>
              )}
              <div>
                <dt>Input</dt>
                <dd>{result.input}</dd>
              </div>
              {result.value !== null && result.value !== result.input ? (
                <div>
                  <dt>Looked up as</dt>
                  <dd>{result.value}</dd>
                </div>
              ) : null}
              {item?.gtin == null ? null : (
                <div>
                  <dt>GTIN</dt>
                  <dd>{item.gtin}</dd>
                </div>
              )}
              {item?.wm_item_number == null ? null : (
                <div>
                  <dt>Walmart item number</dt>
                  <dd>{item.wm_item_number}</dd>
                </div>
              )}
              {item?.supplier_name == null ? null : (
                <div>
                  <dt>Supplier</dt>
                  <dd>{item.supplier_name}</dd>
                </div>
              )}
              {item?.store_nbr == null ? null : (
                <div>
                  <dt>Store</dt>
                  <dd>{item.store_nbr}</dd>
                </div>
              )}
              {asOf === null ? null : (
                <div>
                  <Described as="dt" figure="asOf">
                    As of
                  </Described>
                  <dd>{formatDateTime(asOf)}</dd>
                </div>
              )}
              {lineMessage(result, entry.itemType) === '' ? null : (
                <div>
                  <dt>Message</dt>
                  <dd>{lineMessage(result, entry.itemType)}</dd>
                </div>
              )}
            </dl>
            {entry.figures === null ? null : (
              <>
                <h4>Stock</h4>
                <dl className="results-detail-figures">
                  {FIGURES.map(([key, label]) => (
                    <div key={key}>
                      <Described as="dt" figure={key}>
                        {label}
                      </Described>
                      <dd>{formatCount(entry.figures?.[key] ?? 0)}</dd>
                    </div>
                  ))}
                </dl>
                <h4>Locations</h4>
                {item === undefined || item.inventory_locations.length === 0 ? (
                  <p className="muted">The server listed no inventory locations for this item.</p>
                ) : (
                  <table className="results-detail-locations">
                    <thead>
                      <tr>
                        <th scope="col">Area</th>
                        <th scope="col">State</th>
                        <Described as="th" figure="quantity" className="results-cell-number">
                          Quantity
                        </Described>
                        <Described as="th" figure="countedAs">
                          Counted as
                        </Described>
                      </tr>
                    </thead>
                    <tbody>
                      {item.inventory_locations.map((location, index) => (
                        <tr key={index}>
                          <td>{humaneName(location.location_area)}</td>
                          <td>{humaneName(location.state)}</td>
                          <td className="results-cell-number">{formatCount(location.quantity)}</td>
                          <td>{BUCKET_LABELS[stockBucket(location)]}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </>
            )}
            <h4>Raw item (JSON)</h4>
            {raw === null ? (
              <p className="muted">The server returned no item for this line.</p>
            ) : (
              <pre className="results-detail-json" tabIndex={0} aria-label="Raw item JSON">
                {raw}
              </pre>
            )}
          </>
        )}
      </div>
    </aside>
  )
}
