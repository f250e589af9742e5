import type { MessagePort } from 'node:worker_threads'
import type { InputLine } from '../../shared/contract'
import type { LineResult } from '../../shared/domain/line-result'
import { encodeResultPage, type EncodedResultPage } from '../../shared/domain/result-page'
import type { ExportViewSpec } from '../../shared/export/export-spec'
import type { PackedTrends } from '../../shared/trends/packed-trends'
import type { StockComparison } from '../../shared/watchlists/stock-comparison'
import { compareLookups, type ComparedRows } from './compare-reads'
import { sendExport } from './export-reads'
import { createPageRedaction } from './page-redaction'
import type { CurrentAfter, CurrentLine } from './history-types'
import type { StoredInput } from './lookup-origins'
import type { LookupReads } from './lookup-reads'
import type { SummaryReads } from './run-summaries'

/**
 * History's long reads, a page or a slice at a time: the result log the window reads, the current
 * results and carried cells an export reads, a comparison built where both lookups' stock is read. In the app they run on a
 * thread of their own (its own connection, which WAL lets read beside History's writes), so
 * reading and unpacking 200,000 answers costs main only the pages as they arrive, not the SQLite
 * reads and the unpacking.
 */
export interface HistoryReader {
  /** The result log from `from`, at most `limit` entries; `next` is where the following page starts. */
  log(id: number, from: number, limit: number): Promise<{ entries: LineResult[]; next: number }>
  /**
   * The same page encoded where it is read, for the window: main hands the bytes on without
   * decoding them. The page's text is checked here against `redact` (everything main's redactor
   * knows), so that a row stored before items were redacted where replies are read, or a value
   * typed as the secret, never reaches the window.
   */
  encodedLog(id: number, from: number, limit: number, redact: readonly string[]): Promise<EncodedResultPage>
  /** Current results store by store in the lookup's order, lines in input order, after `after`, at most `limit`. */
  current(id: number, after: CurrentAfter, limit: number, options: { carried?: boolean }): Promise<CurrentLine[]>
  /** Two lookups compared at `lowStockLevel`, built where their stock and item names are read: only the rows and counts come back. */
  comparison(thenId: number, nowId: number, lowStockLevel: number): Promise<ComparedRows>
  /**
   * "Since the last run" of the run `nowId` against `thenId` (null: it follows none, only its rate),
   * read and compared where the stock is read: only the answer comes back.
   */
  sinceLastRun(thenId: number | null, nowId: number, lowStockLevel: number): Promise<StockComparison>
  /**
   * An export of the lookup as `spec` shows it, built here a slice at a time and sent on `port`
   * (the files worker holds the other end and writes it); answered once the last chunk is sent, or
   * early when the writer stopped. Nothing of the export comes back.
   */
  exportSheets(id: number, spec: ExportViewSpec, port: MessagePort): Promise<{ chunks: number }>
  /** The input lines after line `after` (0: from the first), at most `limit`, each with its carried cells: a slice of a lookup's list. */
  inputs(id: number, after: number, limit: number): Promise<StoredInput[]>
  /** The input lines after line `after`, at most `limit`, each its line and input only (no carried cell is read): a slice of what Edit puts in the form. */
  inputLines(id: number, after: number, limit: number): Promise<InputLine[]>
  /** The trends of these runs from their summaries (a year of a watchlist's runs in one read), never their raw answers. */
  trends(ids: readonly number[]): Promise<PackedTrends>
  /** Gets ready for reads now (a thread's start), so that the first does not wait for it. */
  warm(): void
  close(): Promise<void>
}

/** Current results read per `current` call: what main takes in at once as they arrive. */
export const CURRENT_PAGE_LINES = 1_000

/** Input lines read per `inputs` call: a wide file's 200,000 rows cross to main a slice at a time, never in one message. */
export const INPUT_LINES_PER_READ = 10_000

/** The long reads on main's own connection: a history kept in memory, which no other thread can open. */
export function createInThreadReader({
  reads,
  summaryReads
}: {
  reads: Pick<
    LookupReads,
    | 'snapshot'
    | 'log'
    | 'current'
    | 'stockInputs'
    | 'sinceLastRun'
    | 'itemNames'
    | 'inputs'
    | 'inputLines'
    | 'lookup'
    | 'currentOf'
    | 'answeredLines'
  >
  summaryReads: Pick<SummaryReads, 'trends'>
}): HistoryReader {
  const redacted = createPageRedaction()
  async function run<T>(read: () => T): Promise<T> {
    // A turn of the event loop per read, as the thread's answer would take.
    await new Promise<void>((resolve) => setImmediate(resolve))
    return read()
  }
  return {
    log: (id, from, limit) => run(() => reads.log(id, from, limit)),
    encodedLog: (id, from, limit, redact) => run(() => redacted(encodeResultPage(reads.log(id, from, limit)), redact)),
    current: (id, after, limit, options) => run(() => reads.current(id, after, limit, options)),
    comparison: (thenId, nowId, level) => run(() => compareLookups(reads, thenId, nowId, level)),
    sinceLastRun: (thenId, nowId, level) => run(() => reads.sinceLastRun(thenId, nowId, level)),
    exportSheets: (id, spec, port) => run(() => null).then(() => sendExport(reads, id, spec, port)),
    inputs: (id, after, limit) => run(() => reads.inputs(id, after, limit)),
    inputLines: (id, after, limit) => run(() => reads.inputLines(id, after, limit)),
    trends: (ids) => run(() => summaryReads.trends(ids)),
    warm: () => undefined,
    close: () => Promise.resolve()
  }
}

/** Every line's current result, read a page at a time. */
export async function currentInPages(reader: HistoryReader, id: number, options: { carried?: boolean } = {}): Promise<CurrentLine[]> {
  const all: CurrentLine[] = []
  for await (const page of currentPages(reader, id, options)) for (const line of page) all.push(line)
  return all
}

/** Every line's current result, a page at a time as it is read, for a caller that needs no more than a page at once. */
export async function* currentPages(reader: HistoryReader, id: number, options: { carried?: boolean } = {}): AsyncGenerator<CurrentLine[]> {
  let after: CurrentAfter = null
  for (;;) {
    const page = await reader.current(id, after, CURRENT_PAGE_LINES, options)
    if (page.length > 0) yield page
    const last = page.at(-1)
    if (last === undefined || page.length < CURRENT_PAGE_LINES) return
    after = { storeNbr: last.storeNbr, line: last.result.line }
  }
}

/** A lookup's input lines with their carried cells, in line order, a slice at a time as they are read. */
export async function* inputSlices(reader: Pick<HistoryReader, 'inputs'>, id: number): AsyncGenerator<StoredInput[]> {
  for (let after = 0; ;) {
    const slice = await reader.inputs(id, after, INPUT_LINES_PER_READ)
    if (slice.length > 0) yield slice
    const last = slice.at(-1)
    if (last === undefined || slice.length < INPUT_LINES_PER_READ) return
    after = last.line
  }
}

/** A lookup's whole list, line and input only, read a slice at a time: what Edit puts in the form. */
export async function inputLinesOf(reader: Pick<HistoryReader, 'inputLines'>, id: number): Promise<InputLine[]> {
  const lines: InputLine[] = []
  for (let after = 0; ;) {
    const slice = await reader.inputLines(id, after, INPUT_LINES_PER_READ)
    for (const line of slice) lines.push(line)
    const last = slice.at(-1)
    if (last === undefined || slice.length < INPUT_LINES_PER_READ) return lines
    after = last.line
  }
}
