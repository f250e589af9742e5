import type { ItemType } from '../domain/item-type'
import type { LineFacts } from '../views/line-facts'
import { isItemSummaryColumn, itemSummaryExportValue, summarizeItem } from '../views/item-views'
import { cellValue, type ViewColumn } from '../views/view-columns'
import type { ExportCell, ExportSheet } from './export-sheet'
import { matrixLines } from './store-sheets'

function headerOf(columns: readonly ViewColumn[]): ExportSheet['columns'] {
  return columns.map((column) => ({
    label: column.label,
    // "Out of stock in" is written as the screen says it, "4 of 12 stores".
    kind: column.key === 'outOfStockIn' ? 'text' : column.kind === 'number' ? 'number' : column.kind === 'id' ? 'id' : 'text'
  }))
}

/**
 * The By item view: a row per looked-up value, in `order` (the screen's lines) or line order, with
 * its figures across `stores` and its own cells from the answer that names it best.
 */
export function byItemSheet(
  name: string,
  columns: readonly ViewColumn[],
  stores: readonly number[],
  facts: readonly LineFacts[],
  itemType: ItemType,
  order: readonly number[] | null
): ExportSheet {
  const byLine = matrixLines(facts)
  const lines = order ?? [...byLine.keys()].sort((a, b) => a - b)
  const rows = lines.flatMap((line) => {
    const entry = byLine.get(line)
    if (entry === undefined) return []
    const summary = summarizeItem(stores, (store) => entry.cells.get(store))
    return [
      columns.map((column): ExportCell =>
        isItemSummaryColumn(column) ? itemSummaryExportValue(summary, column) : cellValue(entry.facts, column, itemType)
      )
    ]
  })
  return { name, columns: headerOf(columns), rows }
}
