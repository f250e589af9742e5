import { AppError } from '../../shared/domain/app-error'
import { ITEM_NAME_COLUMN } from '../../shared/items/item-name-column'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import { unpackCells, type PackedCells } from '../workers/packed-cells'
import { decodeSlice, encodeSlices, firstCellOf, type CarriedRow, type EncodedSlice } from './carried-slices'
import type { NewLookup } from './history-types'
import { catalogueNames, type ItemCatalogue } from './item-catalogue'

/**
 * An imported file's other cells on their way to a lookup not stored yet: sent to History's writer
 * a part at a time and compressed there into the slices History keeps, so neither main nor the
 * writer ever holds every row's cells (a 130,000 x 100 workbook's 50 MB of text) at once, nor does
 * one message carry them. Creating the lookup takes the staged slices by their key.
 */

/** One part of the cells staged: the rows of these lines, in line order; null where the file has no row. */
export interface CarriedRowsPart {
  lines: readonly number[]
  rows: readonly (string | null)[]
}

/**
 * The same, packed: as the files worker reads an imported file's rows, so that main passes them on
 * to History's writer without holding a string per row.
 */
export interface PackedCarriedPart {
  lines: Float64Array
  rows: PackedCells
}

export type CarriedPart = CarriedRowsPart | PackedCarriedPart

export function isPackedPart(part: CarriedPart): part is PackedCarriedPart {
  return part.lines instanceof Float64Array
}

/** Staged sets kept at once: one per lookup being started; one left behind by a start that failed goes first. */
const MAX_STAGED = 8

export const STAGED_CELLS_GONE_MESSAGE =
  "The imported file's other columns were lost before the lookup could be saved (History restarted); run it again."

export function createCarriedStaging() {
  const staged = new Map<string, { slices: EncodedSlice[]; last: number }>()

  return {
    add(key: string, part: CarriedPart): void {
      const { lines, rows: cells } = isPackedPart(part) ? { lines: part.lines, rows: unpackCells(part.rows) } : part
      let set = staged.get(key)
      if (set === undefined) {
        set = { slices: [], last: Number.NEGATIVE_INFINITY }
        staged.set(key, set)
        for (const old of staged.keys()) {
          if (staged.size <= MAX_STAGED) break
          staged.delete(old)
        }
      }
      const rows: CarriedRow[] = []
      for (let index = 0; index < lines.length; index++) {
        const line = lines[index] ?? 0
        const text = cells[index]
        if (text == null) continue
        // Slices are found by their first line: they must come in line order and never overlap.
        if (line <= set.last) throw new Error('carried cells were staged out of line order')
        set.last = line
        rows.push({ line, text })
      }
      for (const slice of encodeSlices(rows)) set.slices.push(slice)
    },

    /** The slices staged under `key`, let go of here. */
    take(key: string): EncodedSlice[] {
      const set = staged.get(key)
      if (set === undefined) throw new AppError('not_found', STAGED_CELLS_GONE_MESSAGE)
      staged.delete(key)
      return set.slices
    },

    drop(key: string): void {
      staged.delete(key)
    }
  }
}

export type CarriedStaging = ReturnType<typeof createCarriedStaging>

/** What `namesOfLookup` gives for a lookup whose cells are staged: its valid lines' values with the names their file gave them. */
export function namesOfStaged(lookup: Pick<NewLookup, 'lines'>, slices: readonly EncodedSlice[]): { value: string; name: string }[] {
  const byLine = new Map(lookup.lines.map((line) => [line.line, line]))
  const names: { value: string; name: string }[] = []
  for (const slice of slices) {
    for (const [line, text] of decodeSlice(slice.cells)) {
      const stored = byLine.get(line)
      const name = firstCellOf(text)
      if (stored?.value != null && stored.invalidReason === undefined && name.trim() !== '') names.push({ value: stored.value, name })
    }
  }
  return names
}

/**
 * `nameFromCatalogue` for a lookup whose cells are staged: each slice is opened, its rows given
 * their name first, and compressed again, one slice at a time. A line the file had no row for
 * gets a row of its name alone, as `nameFromCatalogue` gives it (those are merged in line order).
 */
export function nameStagedFromCatalogue<T extends Pick<NewLookup, 'carriedColumns' | 'lines' | 'itemType'>>(
  lookup: T,
  slices: readonly EncodedSlice[],
  catalogue: ItemCatalogue
): { lookup: T; slices: readonly EncodedSlice[] } {
  const nameOf = catalogueNames(lookup, catalogue)
  if (nameOf === null) return { lookup, slices }
  const byLine = new Map(lookup.lines.map((line) => [line.line, line]))
  const withRow = new Set<number>()
  const named: EncodedSlice[] = []
  for (const slice of slices) {
    const rows: CarriedRow[] = []
    for (const [line, text] of decodeSlice(slice.cells)) {
      withRow.add(line)
      const stored = byLine.get(line)
      rows.push({ line, text: `${stored === undefined ? '' : nameOf(stored)}${CELL_SEPARATOR}${text}` })
    }
    named.push(...encodeSlices(rows))
  }
  const nameOnly: CarriedRow[] = []
  for (const line of lookup.lines) {
    const name = withRow.has(line.line) ? '' : nameOf(line)
    // A blank row reads back as no row: only names need one.
    if (name !== '') nameOnly.push({ line: line.line, text: name })
  }
  const columns = [ITEM_NAME_COLUMN, ...lookup.carriedColumns]
  if (nameOnly.length === 0) return { lookup: { ...lookup, carriedColumns: columns }, slices: named }
  const rows = [...named.flatMap((slice) => [...decodeSlice(slice.cells)].map(([line, text]) => ({ line, text }))), ...nameOnly]
  rows.sort((a, b) => a.line - b.line)
  return { lookup: { ...lookup, carriedColumns: columns }, slices: [...encodeSlices(rows)] }
}
