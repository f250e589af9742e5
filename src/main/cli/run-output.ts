import type { JobProgress } from '../../shared/domain/job-progress'
import type { LineResult } from '../../shared/domain/line-result'
import { defaultExportSpec } from '../../shared/export/build-export'
import type { OutputRow, OutputView, RunHeader } from '../../shared/export/output-document'
import { compareOutputRow, outputRowBuilder, storesRows } from '../../shared/export/output-rows'
import { matrixLines, pairOf, type MatrixLine } from '../../shared/export/store-sheets'
import { summarizeItem } from '../../shared/views/item-views'
import { lineFacts } from '../../shared/views/line-facts'
import { isFound, isLookedUp, type PairFacts } from '../../shared/views/store-views'
import type { AppServices } from '../app-services'
import { EXPORT_CHUNK_LINES } from '../files/export/export-chunks'
import type { Comparison } from '../history/compare-service'
import { lookupIdOf } from '../history/lookup-id'
import { progressFromStored } from '../jobs/stored-progress'
import type { OutputOptions } from './lookup-args'

/**
 * A settled run as the command writes it, in both shapes: CSV and XLSX with the screen's labels for
 * people, written by the app's export service, and rows with stable keys for scripts (JSON, NDJSON),
 * read from History a page at a time and built as they are written, so a million of them never sit
 * in memory at once. Also what `--fail-on` asks of the run.
 */
export interface RunOutput {
  view: OutputView
  run: RunHeader
  /** `--compare-with`: the earlier run. */
  comparedWith: RunHeader | null
  /** CSV or XLSX, through the export service (its worker thread, its temporary file and journal). */
  writeForPeople(path: string, format: 'csv' | 'xlsx'): Promise<{ rows: number }>
  /** `clean` is the command's redactor, for every text that came from the input or a server. */
  rows(clean: (text: string) => string): AsyncIterable<OutputRow[]>
  /** Store and value pairs out of stock in this run (read again from History unless the rows were). */
  outOfStock(): Promise<number>
  /** `--compare-with`: pairs that had stock then and are out of stock now. */
  newlyOut: number | null
}

/** The run part of the document for scripts, from a run's progress. */
export function runHeader(progress: JobProgress): RunHeader {
  return {
    id: lookupIdOf(progress.jobId),
    environment: progress.environment,
    stores: progress.stores,
    itemType: progress.itemType,
    startedAt: progress.startedAt,
    finishedAt: progress.finishedAt,
    counts: {
      lines: progress.lines,
      found: progress.found,
      notFound: progress.notFound,
      invalid: progress.invalid,
      duplicate: progress.duplicate,
      failed: progress.failed,
      cancelled: progress.cancelled
    }
  }
}

/** The run's results in the view `--view` chose (Items by default). */
export function resultsOutput(services: AppServices, jobId: string, options: OutputOptions, final: JobProgress): RunOutput {
  const { carriedColumns, stores, itemType } = final
  const lowStockLevel = services.settings.current().settings.lowStockLevel
  // Counted while the rows are built; null until every row has been.
  let outOfStock: number | null = null
  let counting = 0
  const factsOf = (results: readonly LineResult[]) =>
    results.map((result) => {
      const facts = lineFacts(result, lowStockLevel)
      if (facts.status === 'out_of_stock') counting += 1
      return facts
    })
  const pages = (carried: boolean) => services.results.pages(jobId, { carried })

  async function* rowsOfView(clean: (text: string) => string): AsyncGenerator<OutputRow[]> {
    const build = outputRowBuilder({ itemType, carriedColumns, clean })
    switch (options.view) {
      case 'items':
        for await (const page of pages(true)) yield factsOf(page).map(build.items)
        return
      case 'locations':
        for await (const page of pages(true)) yield factsOf(page).flatMap(build.locations)
        return
      case 'stores': {
        const pairs: PairFacts[] = []
        const skipped = new Set<number>()
        for await (const page of pages(false)) {
          for (const facts of factsOf(page)) {
            pairs.push(pairOf(facts))
            if (!isLookedUp(facts.status)) skipped.add(facts.result.line)
          }
        }
        yield storesRows(stores, final.lines - skipped.size, pairs)
        return
      }
      case 'by-item': {
        // A value's figures span its stores, which come store by store: each value's answers are gathered (its
        // status and On hand per store, and the one answer that names it) before the first row.
        const byLine = new Map<number, MatrixLine>()
        for await (const page of pages(true)) matrixLines(factsOf(page), byLine)
        const lines = [...byLine.keys()].sort((a, b) => a - b)
        for (let start = 0; start < lines.length; start += EXPORT_CHUNK_LINES) {
          yield lines.slice(start, start + EXPORT_CHUNK_LINES).flatMap((line) => {
            const entry = byLine.get(line)
            return entry === undefined
              ? []
              : [
                  build.byItem(
                    entry.facts,
                    summarizeItem(stores, (store) => entry.cells.get(store))
                  )
                ]
          })
        }
        return
      }
      case 'matrix': {
        // A value's in-stock rate spans its stores, which come store by store: a first pass counts them.
        const rates = new Map<number, { found: number; withStock: number }>()
        for await (const page of pages(false)) {
          for (const { result, status, figures } of page.map((one) => lineFacts(one, lowStockLevel))) {
            if (!isFound(status)) continue
            const rate = rates.get(result.line) ?? { found: 0, withStock: 0 }
            rate.found += 1
            if ((figures?.onHand ?? 0) > 0) rate.withStock += 1
            rates.set(result.line, rate)
          }
        }
        const rateOf = (line: number) => {
          const rate = rates.get(line)
          return rate === undefined ? null : rate.withStock / rate.found
        }
        for await (const page of pages(true)) yield build.matrix(factsOf(page), rateOf)
      }
    }
  }

  return {
    view: options.view,
    run: runHeader(final),
    comparedWith: null,
    newlyOut: null,
    writeForPeople(path, format) {
      const spec = defaultExportSpec(options.view, carriedColumns, lowStockLevel, stores)
      return services.exports.writeResults(jobId, spec, path, format)
    },
    async *rows(clean) {
      counting = 0
      yield* rowsOfView(clean)
      outOfStock = counting
    },
    async outOfStock() {
      if (outOfStock !== null) return outOfStock
      counting = 0
      for await (const page of pages(false)) factsOf(page)
      outOfStock = counting
      return outOfStock
    }
  }
}

/** `--compare-with`: this run against an earlier one, as the compare service worked it out. */
export function comparisonOutput(services: AppServices, comparison: Comparison, final: JobProgress): RunOutput {
  const { rows, counts, then } = comparison
  return {
    view: 'compare',
    run: runHeader(final),
    comparedWith: runHeader(progressFromStored(then)),
    newlyOut: counts.newly_out,
    outOfStock: async () => rows.filter((row) => row.now?.status === 'out_of_stock').length,
    writeForPeople: (path, format) => services.exports.writeComparison(comparison, path, format),
    async *rows(clean) {
      for (let start = 0; start < rows.length; start += EXPORT_CHUNK_LINES)
        yield rows.slice(start, start + EXPORT_CHUNK_LINES).map((row) => compareOutputRow(row, clean))
    }
  }
}
