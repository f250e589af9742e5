import type { ItemType } from '../domain/item-type'
import { STOCK_STATUS_FILLS } from '../stock/stock-status'
import type { LineFacts } from '../views/line-facts'
import {
  isFound,
  isLookedUp,
  matrixCellValue,
  matrixRowRate,
  storeSummaryValue,
  summarizeStores,
  type MatrixCell,
  type PairFacts
} from '../views/store-views'
import { cellValue, type ViewColumn } from '../views/view-columns'
import type { ExportCell, ExportFill, ExportSheet } from './export-sheet'

export function pairOf(facts: LineFacts): PairFacts {
  return { storeNbr: facts.result.storeNbr, line: facts.result.line, status: facts.status, onHand: facts.figures?.onHand ?? null }
}

function headerOf(columns: readonly ViewColumn[]): ExportSheet['columns'] {
  return columns.map((column) => ({
    label: column.label,
    kind: column.key === 'inStockRate' ? 'percent' : column.kind === 'number' ? 'number' : column.kind === 'id' ? 'id' : 'text'
  }))
}

/** How many values each store looks up: the lines that are neither invalid nor a duplicate. */
export function valuesPerStore(lines: number, facts: readonly LineFacts[]): number {
  const skipped = new Set<number>()
  for (const one of facts) if (!isLookedUp(one.status)) skipped.add(one.result.line)
  return lines - skipped.size
}

/** The Stores view: a row per store, in `order` (the screen's) or the lookup's order. */
export function storesSheet(
  name: string,
  columns: readonly ViewColumn[],
  stores: readonly number[],
  lines: number,
  facts: readonly LineFacts[],
  order: readonly number[] | null
): ExportSheet {
  const summaries = summarizeStores(stores, valuesPerStore(lines, facts), facts.map(pairOf))
  const byStore = new Map(summaries.map((summary) => [summary.storeNbr, summary]))
  const rows = (order ?? stores).flatMap((store) => {
    const summary = byStore.get(store)
    return summary === undefined ? [] : [columns.map((column) => storeSummaryValue(summary, column))]
  })
  return { name, columns: headerOf(columns), rows }
}

export interface MatrixLine {
  /** The result that names the value best: one that found the item, else the first. */
  facts: LineFacts
  cells: Map<number, MatrixCell>
}

/** Each looked-up value's answers across the stores, by line; `byLine` gathers them a page at a time (the headless command's). */
export function matrixLines(facts: readonly LineFacts[], byLine = new Map<number, MatrixLine>()): Map<number, MatrixLine> {
  for (const one of facts) {
    if (!isLookedUp(one.status)) continue
    const { line, storeNbr } = one.result
    let entry = byLine.get(line)
    if (entry === undefined) {
      entry = { facts: one, cells: new Map() }
      byLine.set(line, entry)
    } else if (!isFound(entry.facts.status) && isFound(one.status)) {
      entry.facts = one
    }
    entry.cells.set(storeNbr, { status: one.status, onHand: one.figures?.onHand ?? null })
  }
  return byLine
}

/**
 * The Matrix view: a row per looked-up value, in `order` (the screen's lines) or line order; each
 * store's cell holds On hand (or the status in words) and is filled with its stock status's colour.
 */
export function matrixSheet(
  name: string,
  columns: readonly ViewColumn[],
  facts: readonly LineFacts[],
  itemType: ItemType,
  order: readonly number[] | null
): ExportSheet {
  const byLine = matrixLines(facts)
  const lines = order ?? [...byLine.keys()].sort((a, b) => a - b)
  const chosen = lines.flatMap((line) => {
    const entry = byLine.get(line)
    return entry === undefined ? [] : [entry]
  })
  const rows = chosen.map(({ facts: first, cells }) =>
    columns.map((column): ExportCell => {
      if (column.store !== undefined) return matrixCellValue(cells.get(column.store))
      if (column.key === 'inStockRate') return matrixRowRate(cells.values())
      return cellValue(first, column, itemType)
    })
  )
  const fills: ExportFill[] = []
  columns.forEach((column, index) => {
    const store = column.store
    if (store === undefined) return
    fills.push({
      column: index,
      colors: chosen.map(({ cells }) => {
        const cell = cells.get(store)
        return cell === undefined ? null : STOCK_STATUS_FILLS[cell.status]
      })
    })
  })
  return { name, columns: headerOf(columns), rows, ...(fills.length === 0 ? {} : { fills }) }
}
