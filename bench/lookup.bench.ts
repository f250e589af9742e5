import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type { JobProgress } from '../src/shared/domain/job-progress'
import { createAppRoot } from '../src/main/composition-root'
import { createMemorySecretStore } from '../src/main/credentials/memory-secret-store'
import type { DemoFaults } from '../src/main/demo-api/demo-api'
import { checkJobInvariant } from '../src/main/jobs/job-invariant'
import { createLogger } from '../src/main/logging/logger'
import { asLines, validGtins } from '../src/main/jobs/test-support/gtin-fixtures'

/**
 * Lookup benchmark (`npm run bench:lookup`; not a test). Runs 10,000 distinct valid GTINs through
 * the app's own composition root against the Demo API over loopback, on the real clock, and prints
 * what it cost: requests, tokens, 429s, wall time, and how close the wall time came to the bound
 * set by the rate limit and by latency over concurrency. A second run adds server errors and
 * dropped connections and shows that no value is lost.
 * Options: `--values N` (default 10000), `--concurrency N` (default 4, the app's), `--rate N` requests per
 * minute (default 600; below 100 the rate window, not latency, sets the pace).
 */

function option(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? undefined : Number(process.argv[index + 1])
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined
}

const VALUES = option('values') ?? 10_000
const CONCURRENCY = option('concurrency') ?? 4
const LATENCY_MS = 150
const RATE_PER_MINUTE = option('rate') ?? 600
const TARGET_RATIO = 1.15

interface RunReport {
  progress: JobProgress
  wallMs: number
  tokensFetched: number
  searches: number
  throttled: number
  serverErrors: number
  dropped: number
  problems: string[]
}

async function runOnce(faults: Partial<DemoFaults>): Promise<RunReport> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'lookup-bench-'))
  const logLines: string[] = []
  const root = await createAppRoot({
    fetch,
    now: Date.now,
    sleep: (ms, signal) => delay(ms, undefined, signal === undefined ? {} : { signal }),
    random: Math.random,
    secretStore: createMemorySecretStore(),
    userDataDir,
    log: createLogger((line) => logLines.push(line)),
    chooseExportPath: async () => null,
    openExternal: async () => undefined,
    demoFaults: faults,
    concurrency: CONCURRENCY
  })
  try {
    const { services } = root
    const demo = await services.demoApi()
    const target = await services.resolveTarget('demo')
    const lines = asLines(validGtins(VALUES))

    const startedAt = performance.now()
    const { jobId } = services.jobs.start({ environment: 'demo', storeNbr: 1234, itemType: 'gtin', lines, target })
    const progress = await services.jobs.whenSettled(jobId)
    const wallMs = performance.now() - startedAt

    const stats = demo.stats()
    const problems = checkJobInvariant(lines, services.jobs.results(jobId, 0).entries, progress)
    return {
      progress,
      wallMs,
      tokensFetched: stats.tokenRequests,
      searches: stats.searchRequests,
      throttled: stats.throttled,
      serverErrors: stats.serverErrors,
      dropped: stats.dropped,
      problems
    }
  } finally {
    await root.close()
    await rm(userDataDir, { recursive: true, force: true })
  }
}

const mark = (ok: boolean): string => (ok ? 'met' : 'NOT MET')
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
const row = (label: string, value: string): void => console.log(`  ${label.padEnd(34)} ${value}`)

function printAccounting(report: RunReport): boolean {
  const p = report.progress
  row('found / not found', `${p.found} / ${p.notFound}`)
  row('failed (after bounded retries)', String(p.failed))
  row('accounted for', `${p.found + p.notFound + p.failed} of ${VALUES} values, ${p.pending} pending`)
  row('invariant', report.problems.length === 0 ? 'holds' : `BROKEN: ${report.problems.slice(0, 5).join('; ')}`)
  return report.problems.length === 0 && p.found + p.notFound + p.failed === VALUES && p.state === 'finished'
}

async function main(): Promise<void> {
  console.log(`Lookup benchmark on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}`)
  console.log(`${VALUES} distinct valid GTINs, Demo API latency ${LATENCY_MS} ms, ${RATE_PER_MINUTE} requests/min, concurrency ${CONCURRENCY}\n`)

  const clean = await runOnce({ latencyMs: LATENCY_MS, rateLimitPerWindow: RATE_PER_MINUTE })
  const batches = Math.ceil(VALUES / 100)
  const expectedRequests = batches + clean.progress.retries
  const ratePerSecond = RATE_PER_MINUTE / 60
  const rateBoundMs = (clean.searches / ratePerSecond) * 1000
  const latencyBoundMs = (clean.searches * LATENCY_MS) / CONCURRENCY
  const boundMs = Math.max(rateBoundMs, latencyBoundMs)
  const ratio = clean.wallMs / boundMs

  console.log('Run 1: no faults')
  row('requests made', `${clean.searches} (ceil(${VALUES}/100) + ${clean.progress.retries} retries = ${expectedRequests}): ${mark(clean.searches === expectedRequests)}`)
  row('tokens fetched', `${clean.tokensFetched} (target 1): ${mark(clean.tokensFetched === 1)}`)
  row('429s received', String(clean.throttled))
  row('time held by the rate gate', seconds(clean.progress.throttledMs))
  row('wall time', seconds(clean.wallMs))
  row('bound', `max(${clean.searches} / ${Number(ratePerSecond.toFixed(2))}/s, ${clean.searches} x ${LATENCY_MS} ms / ${CONCURRENCY}) = max(${seconds(rateBoundMs)}, ${seconds(latencyBoundMs)}) = ${seconds(boundMs)}`)
  row('wall / bound', `${ratio.toFixed(3)} (target <= ${TARGET_RATIO}): ${mark(ratio <= TARGET_RATIO)}`)
  row('values per second', clean.progress.valuesPerSecond.toFixed(0))
  const cleanOk = printAccounting(clean) && clean.progress.failed === 0

  const faults = { latencyMs: LATENCY_MS, rateLimitPerWindow: RATE_PER_MINUTE, serverErrorRate: 0.1, dropConnectionRate: 0.05, seed: 42 }
  const faulty = await runOnce(faults)
  console.log(`\nRun 2: serverErrorRate ${faults.serverErrorRate}, dropConnectionRate ${faults.dropConnectionRate}`)
  row('requests made', `${faulty.searches} (${batches} batches + ${faulty.progress.retries} retries)`)
  row('server errors / dropped / 429s', `${faulty.serverErrors} / ${faulty.dropped} / ${faulty.throttled}`)
  row('tokens fetched', String(faulty.tokensFetched))
  row('wall time', seconds(faulty.wallMs))
  const faultyOk = printAccounting(faulty)
  const requestsAddUp = faulty.searches === batches + faulty.progress.retries
  row('requests = batches + retries', mark(requestsAddUp))

  const allMet = cleanOk && clean.searches === expectedRequests && clean.tokensFetched === 1 && ratio <= TARGET_RATIO && faultyOk && requestsAddUp
  console.log(`\n${allMet ? 'All targets met.' : 'Some targets were NOT met.'}`)
  if (!allMet) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
