import type { ItemType } from '../domain/item-type'
import type { LineResult } from '../domain/line-result'
import type { StockFigures } from '../stock/stock-figures'
import { lineFigures, stockStatus, type StockStatus } from '../stock/stock-status'

/** What every view shows of one line: its result, its stock figures (found lines only) and its status. */
export interface LineFacts {
  readonly result: LineResult
  readonly figures: StockFigures | null
  readonly status: StockStatus
}

export function lineFacts(result: LineResult, lowStockLevel: number): LineFacts {
  const figures = lineFigures(result)
  return { result, figures, status: stockStatus(result, figures, lowStockLevel) }
}

/** Without an item, the looked-up value belongs in the column of its item type. */
export function lineGtin(result: LineResult, itemType: ItemType): string {
  const item = result.item
  if (item !== undefined) return item.gtin ?? ''
  return itemType === 'gtin' ? (result.value ?? '') : ''
}

export function lineItemNumber(result: LineResult, itemType: ItemType): string {
  const item = result.item
  if (item !== undefined) return item.wm_item_number ?? ''
  return itemType === 'wm_item_number' ? (result.value ?? '') : ''
}
