import type { LineResult } from '../../../shared/domain/line-result'
import { buildExportSheets, pairKey, type ExportSource } from '../../../shared/export/build-export'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { ExportViewSpec } from '../../../shared/export/export-spec'

/** Lines built into sheets at a time: a few milliseconds of main's time each, and one message to the worker. */
export const EXPORT_CHUNK_LINES = 500

type Prepare = (results: LineResult[]) => LineResult[] | Promise<LineResult[]>

interface ChunkOptions {
  linesPerChunk?: number
  prepare?: Prepare
}

/**
 * The export's sheets a slice of rows at a time, in the order `buildExportSheets` gives them all
 * at once: main builds a slice, hands it to the worker, and is free between slices. `prepare`
 * completes a slice's results first (History's reader adds their carried cells).
 */
export async function* exportChunks(source: ExportSource, spec: ExportViewSpec, options: ChunkOptions = {}): AsyncGenerator<ExportSheet[]> {
  const linesPerChunk = options.linesPerChunk ?? EXPORT_CHUNK_LINES
  const prepare = options.prepare ?? ((results: LineResult[]) => results)
  if (spec.view === 'stores') {
    // A row per store (at most 500), each summing every line: one chunk, of results that need no carried cells.
    yield buildExportSheets(source, spec)
    return
  }
  if (spec.view === 'matrix' || spec.view === 'by-item') {
    yield* matrixChunks(source, spec, linesPerChunk, prepare)
    return
  }
  const rows = spec.rows
  if (rows === null) {
    for (let start = 0; start === 0 || start < source.results.length; start += linesPerChunk) {
      yield buildExportSheets({ ...source, results: await prepare(source.results.slice(start, start + linesPerChunk)) }, spec)
    }
    return
  }
  const firstStore = source.stores[0] ?? 0
  const byPair = new Map<string, LineResult>()
  for (const result of source.results) byPair.set(pairKey(result.storeNbr, result.line), result)
  const lines = rows.lines ?? []
  for (let start = 0; start === 0 || start < lines.length; start += linesPerChunk) {
    const end = start + linesPerChunk
    const slice = { ...rows, lines: lines.slice(start, end) }
    if (rows.stores !== undefined) slice.stores = rows.stores.slice(start, end)
    if (rows.locations !== undefined) slice.locations = rows.locations.slice(start, end)
    const results: LineResult[] = []
    for (const key of new Set(slice.lines.map((line, index) => pairKey(slice.stores?.[index] ?? firstStore, line)))) {
      const result = byPair.get(key)
      if (result !== undefined) results.push(result)
    }
    yield buildExportSheets({ ...source, results: await prepare(results) }, { ...spec, rows: slice })
  }
}

/** The Matrix or By item a slice of values at a time: each slice holds every store's answers for its lines. */
async function* matrixChunks(
  source: ExportSource,
  spec: ExportViewSpec,
  linesPerChunk: number,
  prepare: Prepare
): AsyncGenerator<ExportSheet[]> {
  const byLine = new Map<number, LineResult[]>()
  for (const result of source.results) {
    const list = byLine.get(result.line)
    if (list === undefined) byLine.set(result.line, [result])
    else list.push(result)
  }
  const lines = spec.rows?.lines ?? [...byLine.keys()].sort((a, b) => a - b)
  for (let start = 0; start === 0 || start < lines.length; start += linesPerChunk) {
    const slice = lines.slice(start, start + linesPerChunk)
    const results = [...new Set(slice)].flatMap((line) => byLine.get(line) ?? [])
    yield buildExportSheets({ ...source, results: await prepare(results) }, { ...spec, rows: { lines: slice } })
  }
}
