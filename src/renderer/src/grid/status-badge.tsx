import { ROW_STATUS_LABELS, type RowStatus } from './row-status'

/** A shape per status, so the status reads without its colour (and the label says it in words). */
const ICONS: Readonly<Record<RowStatus, string>> = {
  out_of_stock: '○',
  shelf_empty: '◐',
  low_stock: '◔',
  in_stock: '●',
  not_found: '?',
  invalid: '!',
  duplicate: '=',
  failed: '✕',
  cancelled: '–',
  retrying: '↻'
}

export function StatusIcon({ status }: { status: RowStatus }) {
  return (
    <span className="status-badge-icon" aria-hidden="true">
      {ICONS[status]}
    </span>
  )
}

export function StatusBadge({ status }: { status: RowStatus }) {
  return (
    <span className="status-badge" data-status={status} title={ROW_STATUS_LABELS[status]}>
      <StatusIcon status={status} />
      {ROW_STATUS_LABELS[status]}
    </span>
  )
}
