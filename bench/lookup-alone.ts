import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ImportSummary } from '../src/shared/contract'
import { benchRoot, call, fromWindow, lookupRequest, runLookup, SEARCH_HTTP } from './main-bench-app'

/**
 * bench:main's 200,000-value Demo lookup once more, in a process of its own with no event-loop
 * delay monitor: main's CPU for the lookup without the monitor's 10 ms timer, which wakes main
 * about 100 times a second (some 950 wake-ups over a 12 s lookup, 25-30 ms of main's CPU, and about
 * three times that at load 4, where the lookup takes 30 s). Main does what it does before the step
 * in the bench's own process (both imports, the column read), then the lookup, measured alone.
 */
export interface LookupAlone {
  mainCpuMs: number
  ms: number
  /** The one-minute load average as the lookup ended. */
  load: number
}

/** How many times the lookup is run alone: the host's speed moves between runs, so the verdict is their median. */
export const ALONE_RUNS = 3

/** The lookup run alone `ALONE_RUNS` times, each in a process of its own: every run's figures, lowest main CPU first. */
export function lookUpAlone(dir: string): LookupAlone[] {
  return Array.from({ length: ALONE_RUNS }, () => lookUpOnce(dir)).sort((a, b) => a.mainCpuMs - b.mainCpuMs)
}

/** The runs' median by main CPU (of runs sorted as `lookUpAlone` gives them). */
export function medianRun(runs: readonly LookupAlone[]): LookupAlone | undefined {
  return runs[Math.floor(runs.length / 2)]
}

function lookUpOnce(dir: string): LookupAlone {
  const script = fileURLToPath(import.meta.url)
  const flags = SEARCH_HTTP === 'main' ? ['--search-http=main'] : []
  const out = execFileSync(process.execPath, [...process.execArgv, script, '--alone', dir, ...flags], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit']
  })
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as LookupAlone
}

async function alone(dir: string): Promise<void> {
  const data = await mkdtemp(join(tmpdir(), 'bench-alone-'))
  const root = await benchRoot(data, join(data, 'results.xlsx'))
  const handlers = root.createHandlers(() => true)
  try {
    await call(handlers, 'settings:get', undefined)
    let source = null
    for (const file of ['supplier.xlsx', 'supplier.csv']) {
      const bytes = new Uint8Array(await readFile(join(dir, file)))
      const read = await call<ImportSummary>(handlers, 'files:read-import', fromWindow({ fileName: file, bytes }))
      const column = { importId: read.importId, column: read.suggestedColumn }
      await call(handlers, 'files:import-column', column)
      source ??= column
    }
    if (source === null) throw new Error('nothing was imported')
    const request = await lookupRequest(handlers, source)
    globalThis.gc?.()
    const started = performance.now()
    const cpuBefore = process.threadCpuUsage()
    await runLookup(handlers, root, request)
    const cpu = process.threadCpuUsage(cpuBefore)
    const figures: LookupAlone = { mainCpuMs: (cpu.user + cpu.system) / 1000, ms: performance.now() - started, load: loadavg()[0] ?? 0 }
    console.log(JSON.stringify(figures))
  } finally {
    await root.close()
    await rm(data, { recursive: true, force: true })
  }
}

const aloneIn = process.argv.indexOf('--alone')
if (aloneIn !== -1) {
  alone(process.argv[aloneIn + 1] ?? '').catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
