import { STOCK_STATUS_LABELS, STOCK_STATUSES, type StockStatus } from '../../../shared/stock/stock-status'

/** A line's status on screen: its stock status, or "Retrying" while a retry of its failure is under way. */
export type RowStatus = StockStatus | 'retrying'

export const ROW_STATUS_LABELS: Readonly<Record<RowStatus, string>> = { ...STOCK_STATUS_LABELS, retrying: 'Retrying…' }

/** Sort order of the status column: the most urgent first. */
export const ROW_STATUS_RANK: ReadonlyMap<RowStatus, number> = new Map<RowStatus, number>([
  ...STOCK_STATUSES.map((status, rank): [RowStatus, number] => [status, rank]),
  ['retrying', STOCK_STATUSES.length]
])
