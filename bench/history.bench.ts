import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setTimeout as delay } from 'node:timers/promises'
import type { InventoryItem } from '../src/shared/domain/line-result'
import { createAppRoot } from '../src/main/composition-root'
import { createMemorySecretStore } from '../src/main/credentials/memory-secret-store'
import { localDemoDay } from '../src/main/demo-api/demo-date'
import { searchInventory } from '../src/main/demo-api/demo-inventory'
import { createCompareService } from '../src/main/history/compare-service'
import { createDirectHistory, type DirectHistory } from '../src/main/history/test-support/direct-history'
import { ENDED_WITH_NO_FIGURES } from '../src/main/history/test-support/sample-lookups'
import { checkHistoryFile } from '../src/main/history/integrity-check'
import type { AnswerRow } from '../src/main/history/history-types'
import { encodeItem } from '../src/main/history/item-batch'
import { parseSearchResponse } from '../src/main/inventory/search-response'
import { RESULTS_PAGE_ENTRIES } from '../src/main/ipc/channel-implementations'
import { checkJobInvariant } from '../src/main/jobs/job-invariant'
import { storedLinesFor } from '../src/main/history/stored-lines'
import { progressFromStored } from '../src/main/jobs/stored-progress'
import { createInThreadReader, currentInPages } from '../src/main/history/history-reader'
import { startHistoryReaderThread, startHistoryThread } from '../src/main/history/history-thread'
import { asLines, validGtins } from '../src/main/jobs/test-support/gtin-fixtures'
import { createLogger } from '../src/main/logging/logger'
import { describeCensus, memoryCensus } from './memory-census'
import { packInputColumn } from '../src/shared/input-column'

/**
 * History benchmark (`npm run bench:history`; not a test). Prints, against the targets of issue 8:
 *
 * 1. Answers stored per second, apart from the API: a 200,000-value lookup's answers (Demo items,
 *    parsed as the client parses them) written as the runner writes them, a batch of 100 per
 *    transaction, into the History file. Target >= 50,000 lines/s.
 * 2. Open to first rows of that lookup, main's side: opening History afresh, the lookup's progress
 *    (what "Open" returns) and the first page of its results as the window asks for it. Target < 1 s.
 * 3. A comparison of two 100,000-value lookups (two stores, so the stock differs). Target < 2 s. Beside
 *    it, main's CPU for it (the reader thread's is not counted), and main's CPU for a resume's claim
 *    of a 200,000-line interrupted lookup (every line comes back from History's writer to look up again).
 * 4. The database's size per 100,000 lines.
 * 5. RSS of a process running the app's main services after the first and after each 10 of 50
 *    consecutive 200,000-value Demo lookups through the composition root, each read back in pages
 *    as the window reads it: as it is, and after a full garbage collection (what is kept, rather
 *    than what V8 has not collected yet). Target: within 150 MB of the RSS after the first.
 *
 *    Beside it, where the memory is: each thread's JavaScript heap (main's, History's writer and
 *    reader threads', the Demo API's), and the process's anonymous memory outside every V8 heap
 *    (malloc: SQLite's page caches, zlib, thread arenas, stacks) and file-backed memory (/proc).
 *
 * Options: `--lookups N` (default 50), `--values N` (default 200000) and `--every N` (default 10:
 * how often part 5 prints) for part 5; `--only storage`
 * (parts 1-4) or `--only memory` (part 5 and its check) to run one half while working on it.
 */

function option(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? undefined : Number(process.argv[index + 1])
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined
}

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
const LOOKUPS = option('lookups') ?? 50
const LOOKUP_VALUES = option('values') ?? 200_000
const EVERY = option('every') ?? 10
const TARGETS = { storedPerSecond: 50_000, openMs: 1_000, compareMs: 2_000, rssGrowthMb: 150 }

const signed = (bytes: number): string => `${bytes >= 0 ? '+' : '-'}${mb(Math.abs(bytes))} since the first`
/** Part 5 runs with --expose-gc: the benchmark's own process, started by part 1-4's. */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.()
const measure = (work: () => unknown): number => {
  const started = performance.now()
  work()
  return performance.now() - started
}
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const ms = (value: number): string => `${value.toFixed(0)} ms`
const mark = (ok: boolean): string => (ok ? 'met' : 'NOT MET')
const row = (label: string, value: string): void => console.log(`  ${label.padEnd(44)} ${value}`)
const log = createLogger(() => undefined)

/** The Demo API's answer for `values` in `store`, parsed as the inventory client parses a response. */
function demoItems(store: number, values: readonly string[]): InventoryItem[] {
  return parseSearchResponse({
    supplier_name: 'Northwind Grocery Supply Co.',
    store_nbr: store,
    items: searchInventory({ storeNbr: store, itemType: 'gtin', values }, Date.now(), localDemoDay(Date.now())).items
  })
}

/** Stores a finished lookup of `count` values answered by the Demo catalogue for `store`; returns its id and the seconds spent writing answers. */
/** A lookup of `count` values in `store`, as the runner creates it: running, no answer yet. */
function newLookup(history: DirectHistory, store: number, count: number) {
  const lines = storedLinesFor({ lines: asLines(validGtins(count)), itemType: 'gtin' })
  const { id } = history.createLookup({
    environment: 'demo',
    authUrl: 'http://127.0.0.1:1',
    baseUrl: 'http://127.0.0.1:1',
    clientId: 'bench',
    itemType: 'gtin',
    source: 'app',
    carriedColumns: [],
    stores: [store],
    startedAt: Date.now(),
    lines
  })
  return { id, lines }
}

function storeLookup(history: DirectHistory, store: number, count: number): { id: number; createMs: number; answersMs: number } {
  let started = performance.now()
  const { id, lines } = newLookup(history, store, count)
  const createMs = performance.now() - started
  // Answers prepared first: only writing them is timed.
  const batches: AnswerRow[][] = []
  for (let first = 0; first < lines.length; first += 100) {
    const batch = lines.slice(first, first + 100)
    const found = new Map(
      demoItems(
        store,
        batch.map((line) => line.value ?? '')
      ).map((item) => [item.gtin, item])
    )
    batches.push(
      batch.map((line): AnswerRow => {
        const item = found.get(line.value)
        return item === undefined
          ? { storeNbr: store, line: line.line, status: 'not_found' }
          : { storeNbr: store, line: line.line, status: 'found', item: encodeItem(item) }
      })
    )
  }
  const figures = { requests: batches.length, retries: 0, throttledMs: 0, batchesDone: batches.length, batchesTotal: batches.length }
  started = performance.now()
  for (const batch of batches) history.appendResults(id, batch, figures)
  const answersMs = performance.now() - started
  history.finishRun(id, 'finished', { ...figures, valuesPerSecond: 0 })
  return { id, createMs, answersMs }
}

async function storage(dir: string): Promise<void> {
  console.log('\n1-4. History on its own (no API)')
  let history = createDirectHistory({ dir, log, now: Date.now })
  const big = storeLookup(history, 1234, 200_000)
  const perSecond = 200_000 / (big.answersMs / 1000)
  row('create a 200,000-line lookup', ms(big.createMs))
  row(
    'answers stored per second',
    `${Math.round(perSecond).toLocaleString('en-US')} lines/s (target >= 50,000: ${mark(perSecond >= TARGETS.storedPerSecond)})`
  )
  const file = history.path
  history.close()
  // Closed, the write-ahead log is folded into the file: its size is what the lookup takes.
  const sizePer100k = file === null ? 0 : statSync(file).size / 2

  let started = performance.now()
  history = createDirectHistory({ dir, log, now: Date.now })
  history.list({ limit: 1 })
  row('open the History file (with its integrity check)', `${ms(performance.now() - started)} for ${mb(statSync(file ?? '').size)}`)
  started = performance.now()
  const opened = history.lookup(big.id)
  const progress = opened === null ? null : progressFromStored(opened)
  const firstPage = history.log(big.id, 0, RESULTS_PAGE_ENTRIES)
  const wire = JSON.stringify({ progress, firstPage })
  const openMs = performance.now() - started
  row(
    'Open to first rows (200,000 lines)',
    `${ms(openMs)} for progress + ${firstPage.entries.length} entries, ${mb(wire.length)} as sent (target < 1 s: ${mark(openMs < TARGETS.openMs)})`
  )
  started = performance.now()
  let next = 0
  let entries = 0
  for (;;) {
    const page = history.log(big.id, next, RESULTS_PAGE_ENTRIES)
    if (page.entries.length === 0) break
    entries += page.entries.length
    next = page.next
  }
  row(
    'every page of it',
    `${ms(performance.now() - started)} for ${entries.toLocaleString('en-US')} entries in pages of ${RESULTS_PAGE_ENTRIES}`
  )
  started = performance.now()
  const latest = await currentInPages(createInThreadReader(history.operations()), big.id, { carried: false })
  row('every current result, in pages (exports)', `${ms(performance.now() - started)} for ${latest.length.toLocaleString('en-US')} lines`)

  const a = storeLookup(history, 1001, 100_000)
  const b = storeLookup(history, 1002, 100_000)
  // As the app compares: built on History's reader thread, where both lookups' stock is read.
  const reader = startHistoryReaderThread({ path: history.path ?? '', owner: history.owner, log })
  const compare = createCompareService({ history, reader, lowStockLevel: () => 3 })
  started = performance.now()
  const cpuBefore = process.threadCpuUsage()
  const { counts, rows } = await compare.compare(a.id, b.id)
  const compareCpu = process.threadCpuUsage(cpuBefore)
  const compareMs = performance.now() - started
  await reader.close()
  row(
    'compare two 100,000-value lookups',
    `${ms(compareMs)} for ${rows.length.toLocaleString('en-US')} values (target < 2 s: ${mark(compareMs < TARGETS.compareMs)})`
  )
  // Main's own share (this thread's CPU), apart from the reader thread's: what a comparison costs the window's process.
  row('  main thread CPU', ms((compareCpu.user + compareCpu.system) / 1000))
  row(
    '  of which',
    `${counts.newly_out} newly out, ${counts.back_in} back in, ${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.only_one} in one only`
  )

  // A resume of a 200,000-line lookup interrupted before any answer: History's writer claims it and gives main every line to look up again.
  const interrupted = newLookup(history, 1003, 200_000)
  history.finishRun(interrupted.id, 'interrupted', ENDED_WITH_NO_FIGURES)
  const writer = startHistoryThread({ path: history.path ?? '', owner: history.owner, now: Date.now, log })
  // The writer's thread is started before the claim is measured, as it is in the app.
  await writer.heartbeat(interrupted.id)
  started = performance.now()
  const claimCpuBefore = process.threadCpuUsage()
  const claimed = await writer.claimRun(interrupted.id, ['cancelled'])
  const claimCpu = process.threadCpuUsage(claimCpuBefore)
  const claimMs = performance.now() - started
  await writer.close()
  row(
    "resume's claim of a 200,000-line lookup",
    `${ms(claimMs)} for ${(claimed?.lines.length ?? 0).toLocaleString('en-US')} lines; main thread CPU ${ms((claimCpu.user + claimCpu.system) / 1000)}`
  )
  row('database size per 100,000 lines', `${mb(sizePer100k)} (Demo items; a found item's raw JSON is kept)`)
  history.close()
}

async function memory(dir: string): Promise<void> {
  console.log(
    `\n5. RSS over ${LOOKUPS} consecutive ${LOOKUP_VALUES.toLocaleString('en-US')}-value Demo lookups (main's services, this process)`
  )
  const root = await createAppRoot({
    fetch,
    now: Date.now,
    sleep: (wait, signal) => delay(wait, undefined, signal === undefined ? {} : { signal }),
    random: Math.random,
    secretStore: createMemorySecretStore(),
    userDataDir: dir,
    log,
    chooseExportPath: async () => null,
    openExternal: async () => undefined
  })
  try {
    const { services } = root
    const lines = asLines(validGtins(LOOKUP_VALUES))
    let first = 0
    let firstRaw = 0
    for (let n = 1; n <= LOOKUPS; n += 1) {
      const started = performance.now()
      const { jobId } = await services.lookups.start({
        environment: 'demo',
        stores: [1000 + n],
        itemType: 'gtin',
        lines: packInputColumn(lines)
      })
      const final = await services.lookups.whenSettled(jobId)
      // Read back as the window reads it, page after page; the window keeps the rows, main does not.
      for (let next = 0; next < final.resultsCount;) next = (await services.results.page(jobId, next, RESULTS_PAGE_ENTRIES)).next
      if (n !== 1 && n % EVERY !== 0 && n !== LOOKUPS) continue
      // As it is, then after a full collection: what V8 has not collected yet, and what is kept.
      const raw = process.memoryUsage().rss
      collectGarbage()
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
      if (n === 1) {
        firstRaw = raw
        first = rss
      }
      row(
        `after lookup ${n}`,
        `RSS ${mb(raw)} (${signed(raw - firstRaw)}), after a full GC ${mb(rss)} (${signed(rss - first)}), JS heap ${mb(heapUsed)} of ${mb(heapTotal)}, outside it ${mb(external)}; ` +
          `lookup ${ms(performance.now() - started)}, History ${mb(services.history.sizeBytes())}`
      )
      for (const line of describeCensus(await memoryCensus())) row('  where', line)
      if (n === LOOKUPS) {
        const keptMb = (rss - first) / 1024 / 1024
        row(
          'growth since the first, after a full GC',
          `${keptMb.toFixed(1)} MB (target within ${TARGETS.rssGrowthMb} MB: ${mark(keptMb <= TARGETS.rssGrowthMb)})`
        )
        row('growth since the first, as it is', `${((raw - firstRaw) / 1024 / 1024).toFixed(1)} MB (V8 collects when it chooses)`)
      }
    }
  } finally {
    await root.close()
  }
}

/** Every lookup of part 5 against the job's promise, read from its History file in this process, so the check's memory is not counted there. */
function checkLookups(dir: string): void {
  const started = performance.now()
  const history = createDirectHistory({ dir, log, now: Date.now })
  try {
    history.list({ limit: 1 })
    row(
      'open History after part 5',
      `${ms(performance.now() - started)} for ${mb(history.sizeBytes())} (over 256 MB: checked on a worker thread, not here)`
    )
    const path = history.uncheckedPath()
    if (path !== null) row('  its integrity check (on the worker)', ms(measure(() => checkHistoryFile(path))))
    const lines = asLines(validGtins(LOOKUP_VALUES))
    const lookups = history.list({ limit: 500 })
    const problems = lookups.flatMap((lookup) => {
      const { entries } = history.log(lookup.id, 0, Number.MAX_SAFE_INTEGER)
      return checkJobInvariant(lines, entries, progressFromStored(lookup)).map((problem) => `lookup ${lookup.id}: ${problem}`)
    })
    row(`job invariant (${lookups.length} lookups)`, problems.length === 0 ? 'held' : `BROKEN: ${problems.slice(0, 5).join('; ')}`)
  } finally {
    history.close()
  }
}

const memoryPart = process.argv.indexOf('--memory-part')
if (memoryPart !== -1) {
  await memory(process.argv[memoryPart + 1] ?? '')
} else {
  const dir = await mkdtemp(join(tmpdir(), 'history-bench-'))
  try {
    console.log(`History benchmark: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} x ${cpus().length}`)
    if (only !== 'memory') await storage(join(dir, 'storage'))
    if (only !== 'storage') {
      // In a process of its own, so what parts 1-4 (and the check below) allocate does not count.
      const memoryDir = join(dir, 'memory')
      const args = [
        ...process.execArgv,
        '--expose-gc',
        fileURLToPath(import.meta.url),
        ...process.argv.slice(2),
        '--memory-part',
        memoryDir
      ]
      execFileSync(process.execPath, args, { stdio: 'inherit' })
      checkLookups(memoryDir)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
