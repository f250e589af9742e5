import { COMPARE_CATEGORIES, type CompareRow, type CompareSide } from '../../shared/compare/compare-lookups'
import { STOCK_STATUSES } from '../../shared/stock/stock-status'
import type { ComparedRows } from './compare-reads'

/** One side of every row as columns: its line (0 where the row has no such side), its status's index, its On hand (NaN: none). */
interface PackedSides {
  lines: Float64Array
  statuses: Uint8Array
  onHand: Float64Array
}

/**
 * A comparison's rows on their way from History's reader thread to main, packed as columns and
 * one text: a message copies them in milliseconds, where 100,000 rows of nested objects cost main
 * about as much to take in as the comparison itself. Packed at the thread's boundary only.
 */
export interface PackedComparedRows {
  counts: ComparedRows['counts']
  stores: Float64Array
  /** Index into `COMPARE_CATEGORIES`. */
  categories: Uint8Array
  /** NaN: no change (the item was not found in both). */
  changes: Float64Array
  then: PackedSides
  now: PackedSides
  /** Four texts a row, joined: its value, then's input, now's input, its item name; each one's length, -1 for none. */
  lengths: Int32Array
  text: string
}

const TEXTS_PER_ROW = 4

function packSides(rows: readonly CompareRow[], side: 'then' | 'now'): PackedSides {
  const packed = { lines: new Float64Array(rows.length), statuses: new Uint8Array(rows.length), onHand: new Float64Array(rows.length) }
  rows.forEach((row, index) => {
    const of = row[side]
    packed.lines[index] = of?.line ?? 0
    packed.statuses[index] = of === null ? 0 : STOCK_STATUSES.indexOf(of.status)
    packed.onHand[index] = of?.onHand ?? Number.NaN
  })
  return packed
}

export function packComparedRows({ rows, counts }: ComparedRows): PackedComparedRows {
  const stores = new Float64Array(rows.length)
  const categories = new Uint8Array(rows.length)
  const changes = new Float64Array(rows.length)
  const lengths = new Int32Array(rows.length * TEXTS_PER_ROW)
  const texts: string[] = []
  const text = (at: number, value: string | undefined): void => {
    lengths[at] = value === undefined ? -1 : value.length
    if (value !== undefined) texts.push(value)
  }
  rows.forEach((row, index) => {
    stores[index] = row.store
    categories[index] = COMPARE_CATEGORIES.indexOf(row.category)
    changes[index] = row.change ?? Number.NaN
    const at = index * TEXTS_PER_ROW
    text(at, row.value)
    text(at + 1, row.then?.input)
    text(at + 2, row.now?.input)
    text(at + 3, row.itemName)
  })
  return { counts, stores, categories, changes, then: packSides(rows, 'then'), now: packSides(rows, 'now'), lengths, text: texts.join('') }
}

export function unpackComparedRows(packed: PackedComparedRows): ComparedRows {
  const { stores, categories, changes, lengths, text } = packed
  const rows = new Array<CompareRow>(stores.length)
  let offset = 0
  const next = (at: number): string | undefined => {
    const length = lengths[at] ?? -1
    if (length < 0) return undefined
    offset += length
    return text.slice(offset - length, offset)
  }
  const sideOf = ({ lines, statuses, onHand }: PackedSides, index: number, input: string | undefined): CompareSide | null => {
    if (input === undefined) return null
    const hand = onHand[index] ?? Number.NaN
    return {
      line: lines[index] ?? 0,
      input,
      status: STOCK_STATUSES[statuses[index] ?? 0] ?? 'out_of_stock',
      onHand: Number.isNaN(hand) ? null : hand
    }
  }
  for (let index = 0; index < stores.length; index++) {
    const at = index * TEXTS_PER_ROW
    const value = next(at) ?? ''
    const then = sideOf(packed.then, index, next(at + 1))
    const now = sideOf(packed.now, index, next(at + 2))
    const change = changes[index] ?? Number.NaN
    const row: CompareRow = {
      store: stores[index] ?? 0,
      value,
      then,
      now,
      change: Number.isNaN(change) ? null : change,
      category: COMPARE_CATEGORIES[categories[index] ?? 0] ?? 'only_one'
    }
    const itemName = next(at + 3)
    if (itemName !== undefined) row.itemName = itemName
    rows[index] = row
  }
  return { rows, counts: packed.counts }
}
