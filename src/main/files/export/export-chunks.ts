import type { LineResult } from '../../../shared/domain/line-result'
import { buildExportSheets, pairKey, type ExportSource } from '../../../shared/export/build-export'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { ExportViewSpec } from '../../../shared/export/export-spec'
import type { CurrentAfter, StoreLine } from '../../history/history-types'

/** Lines built into sheets at a time: a few milliseconds of a thread's time each, and one message to the files worker. */
export const EXPORT_CHUNK_LINES = 500

/** What an export reads of its lookup, a slice at a time: History's reads where the export is built. */
export interface ExportReads {
  /** Current results store by store in the lookup's order, lines in input order, after `after`, at most `limit`. */
  current(after: CurrentAfter, limit: number, options: { carried: boolean }): LineResult[]
  /** The current results of these pairs with their carried cells, in the order asked; a pair without one is left out. */
  currentOf(pairs: readonly StoreLine[]): LineResult[]
  /** The lines after `after` with a current result in any store, in input order, at most `limit`. */
  answeredLines(after: number, limit: number): number[]
}

/** The lookup an export is of: everything `buildExportSheets` needs but its results. */
export type ExportLookup = Omit<ExportSource, 'results'>

/**
 * The export's sheets a slice of rows at a time, in the order `buildExportSheets` gives them all
 * at once, each slice's results read as it is built: no more than a slice of the lookup is held at
 * once (the Stores view, a row per store summing every line, reads every result without its carried cells).
 */
export function* exportChunks(
  lookup: ExportLookup,
  reads: ExportReads,
  spec: ExportViewSpec,
  linesPerChunk = EXPORT_CHUNK_LINES
): Generator<ExportSheet[]> {
  const build = (results: LineResult[], chunkSpec: ExportViewSpec) => buildExportSheets({ ...lookup, results }, chunkSpec)
  if (spec.view === 'stores') {
    yield build([...everyResult(reads, linesPerChunk, false)].flat(), spec)
    return
  }
  if (spec.view === 'matrix' || spec.view === 'by-item') {
    yield* matrixChunks(lookup, reads, spec, linesPerChunk)
    return
  }
  const rows = spec.rows
  if (rows === null) {
    let built = false
    for (const page of everyResult(reads, linesPerChunk, true)) {
      built = true
      yield build(page, spec)
    }
    if (!built) yield build([], spec)
    return
  }
  const firstStore = lookup.stores[0] ?? 0
  const lines = rows.lines ?? []
  for (let start = 0; start === 0 || start < lines.length; start += linesPerChunk) {
    const end = start + linesPerChunk
    const slice = { ...rows, lines: lines.slice(start, end) }
    if (rows.stores !== undefined) slice.stores = rows.stores.slice(start, end)
    if (rows.locations !== undefined) slice.locations = rows.locations.slice(start, end)
    const pairs = new Map<string, StoreLine>()
    slice.lines.forEach((line, index) => {
      const storeNbr = slice.stores?.[index] ?? firstStore
      pairs.set(pairKey(storeNbr, line), { storeNbr, line })
    })
    yield build(reads.currentOf([...pairs.values()]), { ...spec, rows: slice })
  }
}

/** Every current result in the lookup's order, a page at a time. */
function* everyResult(reads: ExportReads, limit: number, carried: boolean): Generator<LineResult[]> {
  for (let after: CurrentAfter = null; ;) {
    const page = reads.current(after, limit, { carried })
    if (page.length > 0) yield page
    const last = page.at(-1)
    if (last === undefined || page.length < limit) return
    after = { storeNbr: last.storeNbr, line: last.line }
  }
}

/** The Matrix or By item a slice of values at a time: each slice holds every store's answers for its lines. */
function* matrixChunks(lookup: ExportLookup, reads: ExportReads, spec: ExportViewSpec, linesPerChunk: number): Generator<ExportSheet[]> {
  const chosen = spec.rows?.lines
  const slices = chosen === undefined ? answeredSlices(reads, linesPerChunk) : slicesOf(chosen, linesPerChunk)
  for (const slice of slices) {
    const pairs = [...new Set(slice)].flatMap((line) => lookup.stores.map((storeNbr) => ({ storeNbr, line })))
    yield buildExportSheets({ ...lookup, results: reads.currentOf(pairs) }, { ...spec, rows: { lines: slice } })
  }
}

function* slicesOf(lines: readonly number[], size: number): Generator<number[]> {
  for (let start = 0; start === 0 || start < lines.length; start += size) yield lines.slice(start, start + size)
}

/** Every answered line in input order, a slice at a time; one empty slice when there is none. */
function* answeredSlices(reads: ExportReads, size: number): Generator<number[]> {
  for (let after = 0, first = true; ; first = false) {
    const slice = reads.answeredLines(after, size)
    if (slice.length > 0 || first) yield slice
    const last = slice.at(-1)
    if (last === undefined || slice.length < size) return
    after = last
  }
}
