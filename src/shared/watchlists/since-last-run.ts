import { z } from 'zod'
import type { CompareRow } from '../compare/compare-lookups'
import { inStockRate, isFound } from '../views/store-views'

/**
 * "Since the last run": what a finished lookup found against the run it follows (the watchlist's
 * run before, or the lookup a Run again came from), by store and item. It is read off Compare's
 * rows, so a row counts here exactly when Compare says so; only the groups differ.
 */
export const SINCE_LAST_RUN_KINDS = ['newly_out_of_stock', 'newly_shelf_empty', 'back_in_stock', 'still_out_of_stock'] as const
export const sinceLastRunKindSchema = z.enum(SINCE_LAST_RUN_KINDS)
export type SinceLastRunKind = z.infer<typeof sinceLastRunKindSchema>

export const SINCE_LAST_RUN_LABELS: Readonly<Record<SinceLastRunKind, string>> = {
  newly_out_of_stock: 'Newly out of stock',
  newly_shelf_empty: 'Newly shelf empty',
  back_in_stock: 'Back in stock',
  still_out_of_stock: 'Still out of stock'
}

/** Said beside a count's button, so the word "shelf empty" is never read as "out of stock". */
export const SINCE_LAST_RUN_DESCRIPTIONS: Readonly<Record<SinceLastRunKind, string>> = {
  newly_out_of_stock: 'Had stock at the last run and has none now.',
  newly_shelf_empty: 'Not shelf empty at the last run; now the shelf is empty and the backroom has stock.',
  back_in_stock: 'Out of stock at the last run and has stock now.',
  still_out_of_stock: 'Out of stock at the last run and still out of stock.'
}

/** The kind a compared store and item falls in, or null when it is none of them (unchanged stock, or in one run only). */
export function sinceLastRunKind(row: CompareRow): SinceLastRunKind | null {
  if (row.category === 'newly_out') return 'newly_out_of_stock'
  if (row.category === 'back_in') return 'back_in_stock'
  if (row.then === null || row.now === null) return null
  if (row.then.status === 'out_of_stock' && row.now.status === 'out_of_stock') return 'still_out_of_stock'
  if (row.now.status === 'shelf_empty' && row.then.status !== 'shelf_empty') return 'newly_shelf_empty'
  return null
}

export type SinceLastRunCounts = Record<SinceLastRunKind, number>

export function emptySinceLastRunCounts(): SinceLastRunCounts {
  return { newly_out_of_stock: 0, newly_shelf_empty: 0, back_in_stock: 0, still_out_of_stock: 0 }
}

/** Store and value of each row in a kind, keyed `store:value` as the grid's rows are matched. */
export interface SinceLastRun {
  counts: SinceLastRunCounts
  /** Per kind, the pairs in it, `store:value` (value as Compare normalised it). */
  pairs: Record<SinceLastRunKind, string[]>
  /** Every store and item whose status or On hand changed, the kinds above included. */
  changed: number
}

export function sinceLastRunPairKey(store: number, value: string): string {
  return `${store}:${value}`
}

export function sinceLastRun(rows: readonly CompareRow[]): SinceLastRun {
  const counts = emptySinceLastRunCounts()
  const pairs: Record<SinceLastRunKind, string[]> = {
    newly_out_of_stock: [],
    newly_shelf_empty: [],
    back_in_stock: [],
    still_out_of_stock: []
  }
  let changed = 0
  for (const row of rows) {
    if (row.category === 'newly_out' || row.category === 'back_in' || row.category === 'changed') changed += 1
    const kind = sinceLastRunKind(row)
    if (kind === null) continue
    counts[kind] += 1
    pairs[kind].push(sinceLastRunPairKey(row.store, row.value))
  }
  return { counts, pairs, changed }
}

/** The later run's in-stock rate over the compared pairs, as the Stores view counts it (found, and On hand above zero). */
export function comparedInStockRate(rows: readonly CompareRow[]): number | null {
  let found = 0
  let withStock = 0
  for (const row of rows) {
    const now = row.now
    if (now === null || !isFound(now.status)) continue
    found += 1
    if ((now.onHand ?? 0) > 0) withStock += 1
  }
  return inStockRate(found, withStock)
}
