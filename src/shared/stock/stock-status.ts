import type { LineResult } from '../domain/line-result'
import { stockFigures, type StockFigures } from './stock-figures'

/**
 * The answer for one line of the input. Found items are judged by their figures, in this order:
 * nothing on hand; nothing on the shelf while the backroom has some; on hand at or under the
 * low-stock level; otherwise in stock. Every other outcome keeps its own name.
 */
export const STOCK_STATUSES = [
  'out_of_stock',
  'shelf_empty',
  'low_stock',
  'in_stock',
  'not_found',
  'invalid',
  'duplicate',
  'failed',
  'cancelled'
] as const
export type StockStatus = (typeof STOCK_STATUSES)[number]

export const STOCK_STATUS_LABELS: Readonly<Record<StockStatus, string>> = {
  out_of_stock: 'Out of stock',
  shelf_empty: 'Shelf empty, backroom has stock',
  low_stock: 'Low stock',
  in_stock: 'In stock',
  not_found: 'Not found',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
  failed: 'Failed',
  cancelled: 'Cancelled'
}

/**
 * Fill colours (ARGB) for spreadsheet cells, light enough for black text at well above 4.5:1.
 * The screen uses its own theme tokens for light and dark; these are for files.
 */
export const STOCK_STATUS_FILLS: Readonly<Record<StockStatus, string>> = {
  out_of_stock: 'FFF4C7C3',
  shelf_empty: 'FFFFE0B2',
  low_stock: 'FFFFF3C4',
  in_stock: 'FFD7F0DD',
  not_found: 'FFE3E6EA',
  invalid: 'FFF9D6E4',
  duplicate: 'FFE3E6EA',
  failed: 'FFF4C7C3',
  cancelled: 'FFE3E6EA'
}

export const DEFAULT_LOW_STOCK_LEVEL = 3
export const MAX_LOW_STOCK_LEVEL = 1_000_000

export function statusFromFigures(figures: StockFigures, lowStockLevel: number): StockStatus {
  if (figures.onHand <= 0) return 'out_of_stock'
  if (figures.onShelf <= 0 && figures.backroom > 0) return 'shelf_empty'
  if (figures.onHand <= lowStockLevel) return 'low_stock'
  return 'in_stock'
}

/** A found line's figures; null for every other outcome, which has no stock to count. */
export function lineFigures(result: LineResult): StockFigures | null {
  if (result.status !== 'found') return null
  return stockFigures(result.item?.inventory_locations ?? [])
}

export function stockStatus(result: LineResult, figures: StockFigures | null, lowStockLevel: number): StockStatus {
  if (result.status === 'found') return statusFromFigures(figures ?? stockFigures(result.item?.inventory_locations ?? []), lowStockLevel)
  return result.status
}
