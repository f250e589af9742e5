import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import ExcelJS from 'exceljs'
import type { ImportColumn, ImportSummary } from '../src/shared/contract'
import { defaultExportSpec } from '../src/shared/export/build-export'
import { validGtins } from '../src/main/jobs/test-support/gtin-fixtures'
import { ALONE_RUNS, lookUpAlone, medianRun, type LookupAlone } from './lookup-alone'
import { benchRoot, call, fromWindow, lookupRequest, runLookup, SEARCH_HTTP, tryCall } from './main-bench-app'
import { peakRss } from './peak-rss'
import { busyArgument, startBusyLoad, waitForLoad, type BusyLoad } from './busy-load'
import { lookUpWideWorkbook, printWideFigures, WIDE_FILE, writeWideWorkbook } from './wide-workbook'

/**
 * Main-process benchmark (`npm run bench:main`; not a test). Drives the app's own composition root
 * through its handler table, as Electron's IPC does, and records main's event-loop delay with
 * `perf_hooks.monitorEventLoopDelay` while it: imports a 200,000-row XLSX (Excel-style, shared
 * strings) and a 50 MB CSV, runs a 200,000-value Demo lookup of the XLSX's column (carrying its
 * other columns), fetches the results as the window does, and exports them to XLSX. Prints each
 * step's time, the process's peak memory during it (main, worker thread and all), and the delay's
 * p99 and max, against the targets of issue 10: p99 < 50 ms, max < 200 ms; the XLSX import < 3 s
 * and < 300 MB; and issue 17's: main's CPU for the lookup < 0.5 s. The delay over the five steps
 * is each step's own, not the bench's forced collections and fixture reads between them: their
 * max is the highest step's, and the highest step's p99 bounds theirs (no more than 1% of any
 * step's ticks, so of all of them, waited longer). The monitor's own 10 ms timer counts in the
 * steps' main CPU: on this 2-core VM an idle main woken by it alone spends about 5 ms a second; so
 * the lookup's verdict is the median of the same lookup run three times more, each in a process of
 * its own after the same imports, with no monitor (`bench/lookup-alone.ts`); the step's figure is
 * printed beside it. Every call pays main's share of Electron's IPC (`bench/main-bench-app.ts`): the request
 * deserialized on main (the lookup's 200,000 lines among them), the reply serialized. Then the
 * audit's hostile shapes (a 130,000 x 100 workbook, a 50 MB one-line CSV): each must be read or
 * refused within 30 s and 500 MB. First, in a process of its own, issue 16's
 * wide workbook imported and looked up in Demo (`bench/wide-workbook.ts`); `--only-wide` stops after it.
 * `--busy N` (`npm run bench:main -- --busy 4`) measures the steps at load N on a quiet machine: N
 * processes spinning a core each (`bench/busy-load.ts`) start after the wide workbook, the steps
 * wait until the one-minute load average reaches N (at most 2 minutes), and the processes are
 * killed once the steps end; the printout says so, with the load average at each step's end.
 * Without it, nothing else runs beside the bench.
 */

const ROWS = 200_000
const CSV_BYTES = 50 * 1024 * 1024
const TARGETS = { p99Ms: 50, maxMs: 200, xlsxImportMs: 3000, xlsxImportMb: 300, lookupMainCpuMs: 500 }
const ONLY_WIDE = process.argv.includes('--only-wide')
/** Busy processes beside the measured steps (`--busy N`): 0, none, by default. */
const BUSY = busyArgument(process.argv)
/** How long the steps wait for the busy processes to lift the one-minute load average. */
const BUSY_RAMP_MS = 120_000
const BUSY_PROCESSES = `${BUSY} busy ${BUSY === 1 ? 'process' : 'processes'}`

interface Step {
  name: string
  ms: number
  /** CPU time of the main thread alone: its own work, whatever else the machine is running. */
  mainCpuMs: number
  startMb: number
  peakMb: number
  p99Ms: number
  maxMs: number
  /** The one-minute load average as the step ended. */
  load: number
}

const MB = 1024 * 1024

async function xlsxFixture(path: string, gtins: readonly string[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: false })
  const sheet = workbook.addWorksheet('Items')
  sheet.addRow(['Description', 'UPC', 'Case Pack', 'Department']).commit()
  gtins.forEach((gtin, index) => {
    sheet
      .addRow([
        `Item ${index} ${['oat milk 1 L', 'rye bread', 'green tea 20 bags', 'soap bar'][index % 4]}`,
        gtin,
        6 + (index % 4) * 6,
        `Dept ${index % 40}`
      ])
      .commit()
  })
  sheet.commit()
  await workbook.commit()
}

/** 200,000 rows of a wide supplier export, padded to 50 MB. */
function csvFixture(gtins: readonly string[]): Buffer {
  const header = 'GTIN,Description,Brand,Size,Case Pack,Department,Supplier,Notes\r\n'
  const perRow = Math.floor((CSV_BYTES - header.length) / gtins.length)
  const lines = gtins.map((gtin, index) => {
    const row = `${gtin},"Item ${index}, family size",Brand ${index % 300},${index % 9} oz,${index % 24},Dept ${index % 40},Acme Foods Ltd,`
    return `${row}${'x'.repeat(Math.max(0, perRow - row.length - 2))}\r\n`
  })
  return Buffer.from(header + lines.join(''), 'utf8')
}

async function writeFixtures(dir: string, xlsxPath: string): Promise<void> {
  if (ONLY_WIDE) {
    writeWideWorkbook(join(dir, WIDE_FILE))
    return
  }
  const gtins = validGtins(ROWS)
  await xlsxFixture(xlsxPath, gtins)
  const csv = csvFixture(gtins)
  await writeFile(join(dir, 'supplier.csv'), csv)
  console.log(
    `  ${ROWS.toLocaleString('en-US')}-row XLSX: ${((await stat(xlsxPath)).size / MB).toFixed(1)} MB; CSV: ${(csv.length / MB).toFixed(1)} MB`
  )
  // The shapes of the audit: a 130,000 x 100 workbook, and a 50 MB CSV that is one line of cells.
  writeWideWorkbook(join(dir, WIDE_FILE))
  await writeFile(join(dir, 'one-line.csv'), `${'1234,'.repeat(CSV_BYTES / 5 - 1)}1234\n`)
  console.log(
    `  130,000 x 100 XLSX: ${((await stat(join(dir, WIDE_FILE))).size / MB).toFixed(1)} MB; one-line CSV: ${(CSV_BYTES / MB).toFixed(0)} MB, ${(CSV_BYTES / 5).toLocaleString('en-US')} cells\n`
  )
}

/** Issue 16's wide workbook in a process of its own, so that only the app's memory for it is counted. */
async function wideCase(dir: string): Promise<void> {
  const dataDir = join(dir, 'wide-data')
  const root = await benchRoot(dataDir, join(dir, 'wide-results.csv'))
  const handlers = root.createHandlers(() => true)
  try {
    await call(handlers, 'settings:get', undefined)
    const bytes = new Uint8Array(await readFile(join(dir, WIDE_FILE)))
    const figures = await lookUpWideWorkbook((channel, input) => call(handlers, channel, input), root.services, bytes, dataDir)
    printWideFigures(
      figures,
      loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')
    )
  } finally {
    await root.close()
  }
}

async function main(): Promise<void> {
  console.log(`Main-process benchmark on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}`)
  console.log(
    SEARCH_HTTP === 'main'
      ? "Searches' HTTP: Node's fetch on main's thread (the path of Electron's net.fetch, whose HTTP Chromium's network service does)"
      : "Searches' HTTP: Node's fetch on the search thread, as the headless command and the browser harness run it (Electron's net.fetch stays on main)"
  )
  const dir = await mkdtemp(join(tmpdir(), 'main-bench-'))
  const xlsxPath = join(dir, 'supplier.xlsx')
  const exportPath = join(dir, 'results.xlsx')
  console.log('Writing fixtures in a separate process (not measured)...')
  // In its own process, so the fixtures' memory is not counted as the app's.
  execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--fixtures', dir, ...(ONLY_WIDE ? ['--only-wide'] : [])],
    { stdio: 'inherit' }
  )
  execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--wide', dir, ...(SEARCH_HTTP === 'main' ? ['--search-http=main'] : [])],
    {
      stdio: 'inherit'
    }
  )
  if (ONLY_WIDE) {
    await rm(dir, { recursive: true, force: true })
    return
  }

  const root = await benchRoot(join(dir, 'data'), exportPath)
  const handlers = root.createHandlers(() => true)
  const delay = monitorEventLoopDelay({ resolution: 10 })
  const steps: Step[] = []
  const hostile: string[] = []
  // The kernel's own peak where it keeps one: a sampling timer on main would count in main's CPU figures.
  const peak = peakRss()

  async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
    globalThis.gc?.()
    const start = process.memoryUsage.rss()
    peak.reset()
    delay.reset()
    delay.enable()
    const started = performance.now()
    const cpuBefore = process.threadCpuUsage()
    const value = await run()
    const cpu = process.threadCpuUsage(cpuBefore)
    const ms = performance.now() - started
    delay.disable()
    const peakBytes = peak.read()
    steps.push({
      name,
      ms,
      mainCpuMs: (cpu.user + cpu.system) / 1000,
      startMb: start / MB,
      peakMb: peakBytes / MB,
      p99Ms: delay.percentile(99) / 1e6,
      maxMs: delay.max / 1e6,
      load: loadavg()[0] ?? 0
    })
    return value
  }

  let alone: LookupAlone[]
  let busy: BusyLoad | null = null
  let loadAtStart = loadavg()[0] ?? 0
  try {
    await call(handlers, 'settings:get', undefined)
    if (BUSY > 0) {
      busy = startBusyLoad(BUSY)
      console.log(`${BUSY_PROCESSES} spinning beside the steps; waiting for the one-minute load average to reach ${BUSY}...`)
      loadAtStart = await waitForLoad(BUSY, BUSY_RAMP_MS)
    }
    // Each request the window builds before a step is serialized there, outside the step: the window's share of the IPC.
    const xlsxRequest = fromWindow({ fileName: 'supplier.xlsx', bytes: new Uint8Array(await readFile(xlsxPath)) })
    const summary = await step('import 200,000-row XLSX', async () => {
      const read = await call<ImportSummary>(handlers, 'files:read-import', xlsxRequest)
      const column = await call<ImportColumn>(handlers, 'files:import-column', { importId: read.importId, column: read.suggestedColumn })
      if (column.lines.length !== ROWS) throw new Error(`the XLSX gave ${column.lines.length} values`)
      return read
    })
    const csvRequest = fromWindow({ fileName: 'supplier.csv', bytes: new Uint8Array(await readFile(join(dir, 'supplier.csv'))) })
    await step('import 50 MB CSV', async () => {
      const read = await call<ImportSummary>(handlers, 'files:read-import', csvRequest)
      const column = await call<ImportColumn>(handlers, 'files:import-column', { importId: read.importId, column: read.suggestedColumn })
      if (column.lines.length !== ROWS) throw new Error(`the CSV gave ${column.lines.length} values`)
    })
    const source = { importId: summary.importId, column: summary.suggestedColumn }
    const startRequest = await lookupRequest(handlers, source)
    const jobId = await step('Demo lookup of 200,000 values', () => runLookup(handlers, root, startRequest))
    await step('results to the window (getJobResults)', async () => {
      let from = 0
      for (;;) {
        // Each page is its own IPC message in the app: the event loop turns between them.
        await new Promise((resolve) => setImmediate(resolve))
        const page = await call<{ count: number; next: number }>(handlers, 'jobs:results', { jobId, from })
        if (page.count === 0) break
        from = page.next
      }
    })
    const progress = root.services.lookups.progress(jobId)
    const view = defaultExportSpec('items', progress.carriedColumns, 3)
    await step('export to XLSX (Items + Locations)', async () => {
      const saved = await call<{ saved: boolean; rows: number }>(handlers, 'files:export', { jobId, format: 'xlsx', view })
      if (!saved.saved || saved.rows !== ROWS) throw new Error(`the export saved ${saved.rows} rows`)
    })

    for (const [name, file] of [
      ['hostile: 130,000 x 100 XLSX', WIDE_FILE],
      ['hostile: 50 MB one-line CSV', 'one-line.csv']
    ] as const) {
      const request = fromWindow({ fileName: file, bytes: new Uint8Array(await readFile(join(dir, file))) })
      const outcome = await step(name, async () => {
        const result = await tryCall(handlers, 'files:read-import', request)
        return result.ok
          ? `read: ${(result.value as ImportSummary).rowCount.toLocaleString('en-US')} rows`
          : `refused: ${result.error.message}`
      })
      hostile.push(outcome)
    }
    console.log(`The lookup again ${ALONE_RUNS} times, each in a process of its own without the delay monitor (main CPU only)...`)
    alone = lookUpAlone(dir)
  } finally {
    await busy?.stop()
    peak.stop()
    await root.close()
    await rm(dir, { recursive: true, force: true })
  }

  const cell = (text: string, width: number) => text.padStart(width)
  console.log(
    `${'step'.padEnd(40)}${cell('time', 10)}${cell('main CPU', 10)}${cell('RSS before', 12)}${cell('peak RSS', 11)}${cell('growth', 9)}${cell('loop p99', 10)}${cell('loop max', 10)}`
  )
  for (const s of steps) {
    console.log(
      `${s.name.padEnd(40)}${cell(`${(s.ms / 1000).toFixed(2)} s`, 10)}${cell(`${(s.mainCpuMs / 1000).toFixed(2)} s`, 10)}${cell(`${s.startMb.toFixed(0)} MB`, 12)}${cell(`${s.peakMb.toFixed(0)} MB`, 11)}` +
        `${cell(`${(s.peakMb - s.startMb).toFixed(0)} MB`, 9)}` +
        `${cell(`${s.p99Ms.toFixed(1)} ms`, 10)}${cell(`${s.maxMs.toFixed(1)} ms`, 10)}`
    )
  }
  console.log(
    `(RSS is the whole process: main thread, the files worker thread and the Demo API thread, as in the app; its peak ${peak.source === 'kernel' ? "is the kernel's (VmHWM, started again at each step)" : 'is sampled every 20 ms on main'}.`
  )
  console.log(
    ` Event-loop delay counts time the main thread waits for a core: compare with the load average, ${loadavg()[0]?.toFixed(1) ?? '?'} now on ${cpus().length} cores.)`
  )
  for (const [index, outcome] of hostile.entries()) console.log(`  ${steps[steps.length - hostile.length + index]?.name ?? ''}: ${outcome}`)
  const five = steps.slice(0, 5)
  const p99 = Math.max(...five.map((s) => s.p99Ms))
  const max = Math.max(...five.map((s) => s.maxMs))
  const xlsx = steps[0]
  const lookup = steps[2]
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET')
  const loads = [loadAtStart, ...five.map((s) => s.load)].map((load) => load.toFixed(1)).join(', ')
  console.log(
    `\nMain thread's event-loop delay over the five steps: p99 at most ${p99.toFixed(1)} ms, the highest step's (target < ${TARGETS.p99Ms}): ${mark(p99 < TARGETS.p99Ms)}; max ${max.toFixed(1)} ms (target < ${TARGETS.maxMs}): ${mark(max < TARGETS.maxMs)}` +
      `\n  at a one-minute load average of ${loads} (before the steps, then at each one's end)${BUSY > 0 ? `, ${BUSY_PROCESSES} spinning beside them` : ''}`
  )
  if (xlsx !== undefined) {
    console.log(
      `200,000-row XLSX import: ${(xlsx.ms / 1000).toFixed(2)} s (target < ${TARGETS.xlsxImportMs / 1000} s): ${mark(xlsx.ms < TARGETS.xlsxImportMs)}; ` +
        `peak ${xlsx.peakMb.toFixed(0)} MB (target < ${TARGETS.xlsxImportMb} MB): ${mark(xlsx.peakMb < TARGETS.xlsxImportMb)}`
    )
  }
  const cpuTarget = (ms: number) =>
    `${(ms / 1000).toFixed(2)} s (target < ${TARGETS.lookupMainCpuMs / 1000} s): ${mark(ms < TARGETS.lookupMainCpuMs)}`
  const median = medianRun(alone)
  const runs = alone.map(
    (run) => `${(run.mainCpuMs / 1000).toFixed(2)} s in ${(run.ms / 1000).toFixed(1)} s at load ${run.load.toFixed(1)}`
  )
  console.log(
    `200,000-value Demo lookup: main's CPU ${median === undefined ? '?' : cpuTarget(median.mainCpuMs)}, the median of ${ALONE_RUNS} runs (${runs.join('; ')})` +
      `\n  (each in its own process, after the same imports, with no delay monitor; the step above, with the monitor's 10 ms timer waking main: ${lookup === undefined ? '?' : cpuTarget(lookup.mainCpuMs)})`
  )
}

const fixturesFor = process.argv.indexOf('--fixtures')
const wideFor = process.argv.indexOf('--wide')
const job =
  fixturesFor !== -1
    ? writeFixtures(process.argv[fixturesFor + 1] ?? '', join(process.argv[fixturesFor + 1] ?? '', 'supplier.xlsx'))
    : wideFor !== -1
      ? wideCase(process.argv[wideFor + 1] ?? '')
      : main()
job.catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
