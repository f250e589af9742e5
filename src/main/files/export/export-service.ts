import {
  compareColumnsByKeys,
  compareColumnsFor,
  compareRowKey,
  comparesManyStores,
  comparesNamed
} from '../../../shared/compare/compare-columns'
import type { CompareRow } from '../../../shared/compare/compare-lookups'
import { compareSheet } from '../../../shared/compare/compare-sheet'
import type { ExportFormat } from '../../../shared/contract'
import type { CsvSeparator } from '../../../shared/export/csv-separator'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { ExportViewSpec } from '../../../shared/export/export-spec'
import type { PackedTrends } from '../../../shared/trends/packed-trends'
import type { TrendTable } from '../../../shared/trends/trend-sheets'
import type { LookupView } from '../../../shared/views/lookup-views'
import { MessageChannel } from 'node:worker_threads'
import type { Comparison } from '../../history/compare-service'
import type { HistoryStore } from '../../history/history-store'
import type { StoredLookup } from '../../history/history-types'
import { lookupGone, requireLookupId } from '../../history/lookup-id'
import type { HistoryReader } from '../../history/history-reader'
import type { Redactor } from '../../security/redactor'
import type { WorkerClient } from '../../workers/worker-client'
import { EXPORT_CHUNK_LINES } from './export-chunks'
import { comparisonFileName, resultsFileName } from './export-file-names'
import { exportToFile } from './export-to-file'
import { chartFileName, chartImage, trendChunks, trendsFileName, writeChartImage } from './trend-exports'

/** Which of a comparison's rows and columns to write, by their keys, in the window's order; all of them when left out. */
export interface ComparisonSelection {
  rows: readonly string[] | null
  columns: readonly string[]
}

/**
 * Every export, for the window and the headless command alike: the name offered, and the file
 * written on the files worker a slice at a time, redacted there with everything main's redactor
 * knows. A lookup's export is built where History is read (its reader thread) and goes from there
 * straight to the files worker: main only starts it and hears how it ended. A comparison's or the
 * trends' rows, already on main and small, are built there a slice at a time.
 */
export interface ExportService {
  resultsFileName(jobId: string, view: LookupView, format: ExportFormat): string
  /**
   * What `spec` (a view's columns, rows and low-stock level) shows of a lookup's latest results.
   * A CSV's fields are separated by `csvSeparator` (a comma unless said).
   */
  writeResults(
    jobId: string,
    spec: ExportViewSpec,
    path: string,
    format: ExportFormat,
    csvSeparator?: CsvSeparator
  ): Promise<{ rows: number }>
  comparisonFileName(comparison: Pick<Comparison, 'then' | 'now'>, format: ExportFormat): string
  writeComparison(
    comparison: Comparison,
    path: string,
    format: ExportFormat,
    selection?: ComparisonSelection,
    csvSeparator?: CsvSeparator
  ): Promise<{ rows: number }>
  trendsFileName(table: TrendTable, format: 'csv' | 'xlsx'): string
  /** One of the trends' tables (a chart's data, the worst items), as the Trends screen shows it. */
  writeTrends(
    trends: PackedTrends,
    table: TrendTable,
    path: string,
    format: 'csv' | 'xlsx',
    csvSeparator?: CsvSeparator
  ): Promise<{ rows: number }>
  chartFileName(name: string): string
  /** The PNG a chart drawn by the window became; refused (before any file is chosen) unless it is one. */
  chartImage(pngBase64: string): Uint8Array
  writeChart(png: Uint8Array, path: string): Promise<{ rows: number }>
}

export interface ExportServiceDeps {
  history: Pick<HistoryStore, 'lookup'>
  /** History's long reads: where a lookup's export is built. */
  reader: Pick<HistoryReader, 'exportSheets'>
  worker: Pick<WorkerClient, 'run'>
  /** Where temporary files are noted, so the next start can remove those an interrupted export left. */
  journalDir: string
  /** Knows every secret and token this process handled: exports leave main like any other text. */
  redactor: Pick<Redactor, 'known'>
  /** When a trends table or a chart is saved, for its file name. */
  now: () => number
}

export function createExportService({ history, reader, worker, journalDir, redactor, now }: ExportServiceDeps): ExportService {
  function stored(jobId: string): StoredLookup {
    const lookup = history.lookup(requireLookupId(jobId))
    if (lookup === null) throw lookupGone()
    return lookup
  }

  function write(
    path: string,
    format: ExportFormat,
    chunks: Iterable<ExportSheet[]> | AsyncIterable<ExportSheet[]>,
    csvSeparator: CsvSeparator = 'comma'
  ): Promise<{ rows: number }> {
    return exportToFile(worker, { path, format, csvSeparator, chunks, journalDir, redact: [...redactor.known()] })
  }

  return {
    resultsFileName: (jobId, view, format) => resultsFileName(stored(jobId), view, format),

    async writeResults(jobId, spec, path, format, csvSeparator = 'comma') {
      const { id } = stored(jobId)
      const { port1: toWriter, port2: fromBuilder } = new MessageChannel()
      const target = { path, format, csvSeparator, journalDir, redact: [...redactor.known()] }
      const written = worker.run('exportFrom', { ...target, sheets: fromBuilder }, [fromBuilder])
      // Its failure is seen below, once the building side has ended too.
      written.catch(() => undefined)
      try {
        await reader.exportSheets(id, spec, toWriter)
      } catch (error) {
        // The writer hears the builder's end close (here, if the channel never reached the reader) and
        // throws the file away; the builder's sentence says why.
        toWriter.close()
        await written.catch(() => undefined)
        throw error
      }
      return written
    },

    comparisonFileName,

    writeComparison(comparison, path, format, selection, csvSeparator) {
      const rows = selection?.rows == null ? comparison.rows : rowsByKeys(comparison.rows, selection.rows)
      const columns =
        selection === undefined
          ? compareColumnsFor(comparesManyStores(comparison.then, comparison.now), comparesNamed(comparison.then, comparison.now))
          : compareColumnsByKeys(selection.columns)
      const chunks = (function* () {
        for (let start = 0; start === 0 || start < rows.length; start += EXPORT_CHUNK_LINES) {
          yield [compareSheet(rows.slice(start, start + EXPORT_CHUNK_LINES), columns)]
        }
      })()
      return write(path, format, chunks, csvSeparator)
    },

    trendsFileName: (table, format) => trendsFileName(table, format, now()),
    writeTrends: (trends, table, path, format, csvSeparator) => write(path, format, trendChunks(trends, table), csvSeparator),
    chartFileName: (name) => chartFileName(name, now()),
    chartImage,
    writeChart: writeChartImage
  }
}

/** The compared rows the keys name, in the keys' order; a key the comparison lacks (or repeats) adds nothing. */
export function rowsByKeys(rows: readonly CompareRow[], keys: readonly string[]): CompareRow[] {
  const byKey = new Map(rows.map((row) => [compareRowKey(row), row]))
  const chosen: CompareRow[] = []
  for (const key of keys) {
    const row = byKey.get(key)
    if (row === undefined) continue
    chosen.push(row)
    byKey.delete(key)
  }
  return chosen
}
