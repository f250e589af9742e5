import type { DatabaseSync } from 'node:sqlite'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { CELL_SEPARATOR } from '../files/import/imported-table'

/**
 * An imported file's other cells as History keeps them: consecutive lines' rows (each row its cells
 * joined by `CELL_SEPARATOR`, which no cell holds) written as one compressed slice, so a wide file
 * costs about its text compressed instead of a JSON string per cell and a database row per line.
 * A slice is `line,length,row` after `line,length,row`; `length` counts UTF-16 units of `row`, so
 * any text reads back exactly. Lookups stored before slices keep a JSON list per line in
 * `lookup_lines.carried`, which is still read.
 */

/** A slice ends after this many rows or this many characters, whichever comes first: small enough to read for one page. */
const ROWS_PER_SLICE = 1000
const CHARS_PER_SLICE = 256 * 1024

export interface CarriedRow {
  line: number
  /** The row's cells joined by `CELL_SEPARATOR`. */
  text: string
}

export function encodeSlice(rows: readonly CarriedRow[]): Uint8Array {
  let text = ''
  for (const row of rows) text += `${row.line},${row.text.length},${row.text}`
  return deflateRawSync(Buffer.from(text, 'utf8'), { level: 1 })
}

export function decodeSlice(blob: Uint8Array): Map<number, string> {
  const text = inflateRawSync(blob).toString('utf8')
  const rows = new Map<number, string>()
  let at = 0
  while (at < text.length) {
    const afterLine = text.indexOf(',', at)
    const afterLength = afterLine < 0 ? -1 : text.indexOf(',', afterLine + 1)
    const line = Number(text.slice(at, afterLine))
    const length = Number(text.slice(afterLine + 1, afterLength))
    if (afterLength < 0 || !Number.isSafeInteger(line) || !Number.isSafeInteger(length) || afterLength + 1 + length > text.length) {
      throw new Error('a stored slice of carried cells is damaged')
    }
    rows.set(line, text.slice(afterLength + 1, afterLength + 1 + length))
    at = afterLength + 1 + length
  }
  return rows
}

/** A slice as it is stored: the first and last line it holds, and its rows compressed. */
export interface EncodedSlice {
  first: number
  last: number
  cells: Uint8Array
}

/** Rows in line order cut into slices: `ROWS_PER_SLICE` rows or `CHARS_PER_SLICE` characters at most, each compressed as it fills. */
export function* encodeSlices(rows: Iterable<CarriedRow>): Generator<EncodedSlice> {
  let slice: CarriedRow[] = []
  let chars = 0
  for (const row of rows) {
    slice.push(row)
    chars += row.text.length
    if (slice.length >= ROWS_PER_SLICE || chars >= CHARS_PER_SLICE) {
      yield encoded(slice)
      slice = []
      chars = 0
    }
  }
  if (slice.length > 0) yield encoded(slice)
}

function encoded(slice: readonly CarriedRow[]): EncodedSlice {
  return { first: slice[0]?.line ?? 0, last: slice.at(-1)?.line ?? 0, cells: encodeSlice(slice) }
}

/** Writes the rows (in line order) of lookup `id` as slices, or slices already encoded (in line order, none overlapping). */
export function createCarriedSliceWrites(db: DatabaseSync) {
  const insert = db.prepare('INSERT INTO carried_slices (lookup_id, first_line, last_line, cells) VALUES (?, ?, ?, ?)')
  const insertEncoded = (id: number, slices: Iterable<EncodedSlice>) => {
    for (const { first, last, cells } of slices) insert.run(id, first, last, cells)
  }
  return {
    write: (id: number, rows: Iterable<CarriedRow>) => insertEncoded(id, encodeSlices(rows)),
    insertEncoded
  }
}

/** Splits a stored row into `width` cells, blank where the row is short or missing. */
export function cellsOfRow(text: string | null | undefined, width: number): string[] {
  const cells = text == null ? [] : text.split(CELL_SEPARATOR)
  return Array.from({ length: width }, (_, index) => cells[index] ?? '')
}

/** A row's first cell (its item name, when the lookup has them first), without splitting the rest. */
export function firstCellOf(text: string): string {
  const end = text.indexOf(CELL_SEPARATOR)
  return end < 0 ? text : text.slice(0, end)
}

/** A lookup stored before slices: its cells as a JSON list, or null when they are not one. */
export function legacyRow(json: string | null): string | null {
  if (json === null) return null
  try {
    const parsed: unknown = JSON.parse(json)
    if (!Array.isArray(parsed) || !parsed.every((cell) => typeof cell === 'string')) return null
    return parsed.join(CELL_SEPARATOR)
  } catch {
    return null
  }
}

/**
 * Reads carried rows by line. One reader serves one read (a page, an export's slice, a lookup's
 * inputs): it keeps the slice it last opened, and reads go mostly in line order.
 */
export function createCarriedSliceReads(db: DatabaseSync) {
  const sliceAt = db.prepare(
    'SELECT first_line, last_line, cells FROM carried_slices WHERE lookup_id = ? AND first_line <= ? ORDER BY first_line DESC LIMIT 1'
  )
  const slicesOf = db.prepare('SELECT cells FROM carried_slices WHERE lookup_id = ? ORDER BY first_line')
  const hasSlices = db.prepare('SELECT 1 FROM carried_slices WHERE lookup_id = ? LIMIT 1')

  return {
    /** A reader of lookup `id`'s rows: the row of a line, or null when the file had none for it. */
    reader(id: number): (line: number) => string | null {
      if (hasSlices.get(id) === undefined) return () => null
      let open: { first: number; last: number; rows: Map<number, string> } | null = null
      return (line) => {
        if (open === null || line < open.first || line > open.last) {
          const row = sliceAt.get(id, line) as { first_line: number; last_line: number; cells: Uint8Array } | undefined
          if (row === undefined || line > row.last_line) return null
          open = { first: row.first_line, last: row.last_line, rows: decodeSlice(row.cells) }
        }
        return open.rows.get(line) ?? null
      }
    },

    /** Every row of lookup `id`, slice by slice in line order, each slice decoded only when reached. */
    *rows(id: number): Generator<CarriedRow> {
      for (const { cells } of slicesOf.iterate(id) as Iterable<{ cells: Uint8Array }>) {
        for (const [line, text] of decodeSlice(cells)) yield { line, text }
      }
    }
  }
}

export type CarriedSliceReads = ReturnType<typeof createCarriedSliceReads>
