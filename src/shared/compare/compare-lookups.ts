import { z } from 'zod'
import type { FinalLineStatus } from '../domain/line-result'
import { MAX_IMPORT_CELL_CHARS } from '../limits'
import { storeNumberSchema } from '../domain/store-list'
import { stockFigures, type StockLocation } from '../stock/stock-figures'
import { STOCK_STATUSES, statusFromFigures, type StockStatus } from '../stock/stock-status'

/** Where a value's stock went between two lookups: every compared value is in exactly one. */
export const COMPARE_CATEGORIES = ['newly_out', 'back_in', 'changed', 'unchanged', 'only_one'] as const
export const compareCategorySchema = z.enum(COMPARE_CATEGORIES)
export type CompareCategory = z.infer<typeof compareCategorySchema>

export const COMPARE_CATEGORY_LABELS: Readonly<Record<CompareCategory, string>> = {
  newly_out: 'Newly out of stock',
  back_in: 'Back in stock',
  changed: 'Changed',
  unchanged: 'Unchanged',
  only_one: 'Only in one'
}

/** One side of a compared value: the line that looked it up, its status and, for a found item, its On hand. */
export const compareSideSchema = z.object({
  line: z.number().int().positive(),
  input: z.string(),
  status: z.enum(STOCK_STATUSES),
  onHand: z.number().nullable()
})
export type CompareSide = z.infer<typeof compareSideSchema>

export const compareRowSchema = z.object({
  /** The store the value was looked up in (the later lookup's when two one-store lookups are compared). */
  store: storeNumberSchema,
  value: z.string(),
  then: compareSideSchema.nullable(),
  now: compareSideSchema.nullable(),
  /** On hand now minus then, when both lookups found the item. */
  change: z.number().nullable(),
  category: compareCategorySchema,
  /** The item's name, from the later lookup's list, else the earlier one's; left out when neither named it. */
  itemName: z.string().max(MAX_IMPORT_CELL_CHARS).optional()
})
export type CompareRow = z.infer<typeof compareRowSchema>

const HAS_STOCK: ReadonlySet<StockStatus> = new Set(['shelf_empty', 'low_stock', 'in_stock'])

/** What a comparison needs of a store's answer for a line: its value, its outcome and, when found, its location rows. */
export interface StockInput {
  storeNbr: number
  line: number
  input: string
  value: string | null
  status: FinalLineStatus
  locations: readonly StockLocation[]
}

/**
 * One row per store and value looked up in either lookup, matched by store and normalised value (a
 * GTIN typed with or without its leading zeros is one value): in the later lookup's order (store by
 * store, line by line), then the pairs only the earlier one had. Two lookups of one store each are
 * compared store to store, whichever stores they were (the rows name the later one's store), so a
 * store can still be compared with another. Invalid lines have no value and duplicates repeat one,
 * so neither is compared.
 */
export function compareResults(then: readonly StockInput[], now: readonly StockInput[], lowStockLevel: number): CompareRow[] {
  const byValueOnly = storeCount(then) <= 1 && storeCount(now) <= 1
  const thenSides = sidesByPair(then, lowStockLevel, byValueOnly)
  const nowSides = sidesByPair(now, lowStockLevel, byValueOnly)
  const rows: CompareRow[] = []
  for (const [key, nowSide] of nowSides) rows.push(rowOf(nowSide, thenSides.get(key)?.side ?? null, nowSide.side))
  for (const [key, thenSide] of thenSides) if (!nowSides.has(key)) rows.push(rowOf(thenSide, thenSide.side, null))
  return rows
}

export function countCategories(rows: readonly CompareRow[]): Record<CompareCategory, number> {
  const counts: Record<CompareCategory, number> = { newly_out: 0, back_in: 0, changed: 0, unchanged: 0, only_one: 0 }
  for (const row of rows) counts[row.category] += 1
  return counts
}

function storeCount(results: readonly StockInput[]): number {
  return new Set(results.map((result) => result.storeNbr)).size
}

/** A compared side with the store and value it stands for. */
interface Keyed {
  readonly store: number
  readonly value: string
  readonly side: CompareSide
}

function sidesByPair(results: readonly StockInput[], lowStockLevel: number, byValueOnly: boolean): Map<string, Keyed> {
  const sides = new Map<string, Keyed>()
  for (const result of results) {
    if (result.value === null || result.status === 'invalid' || result.status === 'duplicate') continue
    const key = byValueOnly ? result.value : `${result.storeNbr}:${result.value}`
    if (sides.has(key)) continue
    const base = { line: result.line, input: result.input }
    let side: CompareSide
    if (result.status === 'found') {
      const figures = stockFigures(result.locations)
      side = { ...base, status: statusFromFigures(figures, lowStockLevel), onHand: figures.onHand }
    } else {
      side = { ...base, status: result.status, onHand: null }
    }
    sides.set(key, { store: result.storeNbr, value: result.value, side })
  }
  return sides
}

function rowOf({ store, value }: Keyed, then: CompareSide | null, now: CompareSide | null): CompareRow {
  const change = then?.onHand != null && now?.onHand != null ? roundQuantity(now.onHand - then.onHand) : null
  return { store, value, then, now, change, category: categoryOf(then, now) }
}

function categoryOf(then: CompareSide | null, now: CompareSide | null): CompareCategory {
  if (then === null || now === null) return 'only_one'
  if (HAS_STOCK.has(then.status) && now.status === 'out_of_stock') return 'newly_out'
  if (then.status === 'out_of_stock' && HAS_STOCK.has(now.status)) return 'back_in'
  return then.status === now.status && then.onHand === now.onHand ? 'unchanged' : 'changed'
}

/** Quantities may be fractional (sold by weight): a difference keeps two decimals, without float noise. */
function roundQuantity(quantity: number): number {
  return Math.round(quantity * 100) / 100
}

/** Gives each row the name its line had in the later lookup, else in the earlier one. */
export function nameCompareRows(
  rows: CompareRow[],
  names: { then: ReadonlyMap<number, string>; now: ReadonlyMap<number, string> }
): CompareRow[] {
  if (names.then.size === 0 && names.now.size === 0) return rows
  for (const row of rows) {
    const name =
      (row.now === null ? undefined : names.now.get(row.now.line)) ?? (row.then === null ? undefined : names.then.get(row.then.line))
    if (name !== undefined) row.itemName = name
  }
  return rows
}
