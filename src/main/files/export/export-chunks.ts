import type { LineResult } from '../../../shared/domain/line-result'
import { buildExportSheets, type ExportSource } from '../../../shared/export/build-export'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { ExportViewSpec } from '../../../shared/export/export-spec'

/** Lines built into sheets at a time: a few milliseconds of main's time each, and one message to the worker. */
export const EXPORT_CHUNK_LINES = 500

/**
 * The export's sheets a slice of lines at a time, in the order `buildExportSheets` gives them all
 * at once: main builds a slice, hands it to the worker, and is free between slices. `prepare`
 * completes a slice's results first (the runner adds their carried cells).
 */
export function* exportChunks(
  source: ExportSource,
  spec: ExportViewSpec,
  options: { linesPerChunk?: number; prepare?: (results: LineResult[]) => LineResult[] } = {}
): Generator<ExportSheet[]> {
  const linesPerChunk = options.linesPerChunk ?? EXPORT_CHUNK_LINES
  const prepare = options.prepare ?? ((results: LineResult[]) => results)
  const rows = spec.rows
  if (rows === null) {
    for (let start = 0; start === 0 || start < source.results.length; start += linesPerChunk) {
      yield buildExportSheets({ ...source, results: prepare(source.results.slice(start, start + linesPerChunk)) }, spec)
    }
    return
  }
  const byLine = new Map<number, LineResult>()
  for (const result of source.results) byLine.set(result.line, result)
  for (let start = 0; start === 0 || start < rows.lines.length; start += linesPerChunk) {
    const lines = rows.lines.slice(start, start + linesPerChunk)
    const results: LineResult[] = []
    for (const line of new Set(lines)) {
      const result = byLine.get(line)
      if (result !== undefined) results.push(result)
    }
    const slice = rows.locations === undefined ? { lines } : { lines, locations: rows.locations.slice(start, start + linesPerChunk) }
    yield buildExportSheets({ ...source, results: prepare(results) }, { ...spec, rows: slice })
  }
}
