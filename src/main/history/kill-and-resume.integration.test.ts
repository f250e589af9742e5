import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_CREDENTIALS } from '../demo-api/demo-api'
import { testDemoApi } from '../http/test-support/loopback-servers'
import { checkJobInvariant } from '../jobs/job-invariant'
import { progressFromStored } from '../jobs/stored-progress'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { createDirectHistory } from './test-support/direct-history'
import type { StoredLookup } from './history-types'
import { harnessProcess, headlessLookup } from './test-support/child-processes'
import { recordingProxy, type RecordingProxy } from './test-support/recording-proxy'
import { packInputColumn } from '../../shared/input-column'

/**
 * The promise a lookup makes, across a kill: the headless command and the app's services (the
 * browser harness, in a process of its own) are SIGKILLed mid-lookup, started again on the same data
 * folder, and the lookup resumed. Every line ends in exactly one final state, and no value whose
 * answer had been stored is asked again. The API is the Demo API behind a proxy that sees every
 * search of every process.
 */

let dir: string
let dataDir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kill-resume-'))
  dataDir = join(dir, 'data')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

type Lines = { line: number; input: string }[]

function withHistory<T>(read: (history: ReturnType<typeof createDirectHistory>) => T): T {
  const history = createDirectHistory({ dir: dataDir, log: createMemoryLogger(), now: Date.now })
  try {
    return read(history)
  } finally {
    history.close()
  }
}

/** Waits until the lookup of `store` has this many answers stored (read from the file, as another process would). */
async function answersStored(store: number, count: number): Promise<number> {
  let id = 0
  await vi.waitFor(
    () => {
      const lookup = withHistory((history) => history.list().find((candidate) => candidate.stores[0] === store))
      expect(lookup?.state).toBe('running')
      expect((lookup?.counts.found ?? 0) + (lookup?.counts.not_found ?? 0)).toBeGreaterThanOrEqual(count)
      id = lookup?.id ?? 0
    },
    { timeout: 90_000, interval: 100 }
  )
  return id
}

/** After the kill: the lookup is interrupted, every line has a state, and these values had their answers stored. */
function afterKill(id: number): { lookup: StoredLookup; answered: Set<string> } {
  return withHistory((history) => {
    const lookup = history.lookup(id)
    if (lookup === null) throw new Error(`lookup ${id} is gone`)
    expect(lookup.state).toBe('interrupted')
    expect(lookup.counts.cancelled).toBeGreaterThan(0)
    const current = history.current(id).map(({ result }) => result)
    expect(current).toHaveLength(lookup.lines)
    const answered = new Set(
      current.flatMap((result) => (result.status === 'found' || result.status === 'not_found' ? [result.value ?? ''] : []))
    )
    return { lookup, answered }
  })
}

/** The lookup finished under its own id; its log keeps the promise; values answered before the kill were not asked again. */
function expectFinished(id: number, lines: Lines, before: { lookup: StoredLookup; answered: Set<string> }, askedAfter: string[]): void {
  withHistory((history) => {
    const lookup = history.lookup(id)
    expect(lookup).toMatchObject({ id, state: 'finished', counts: { cancelled: 0, failed: 0 } })
    if (lookup === null) return
    const { entries } = history.log(id, 0, Number.MAX_SAFE_INTEGER)
    expect(checkJobInvariant(lines, entries, progressFromStored(lookup))).toEqual([])
  })
  expect(askedAfter.filter((value) => before.answered.has(value))).toEqual([])
  expect(new Set(askedAfter).size).toBe(askedAfter.length)
  expect(askedAfter).toHaveLength(before.lookup.counts.cancelled)
}

/** What the process given `session` asked of these values. */
function searchesOf(proxy: RecordingProxy, session: string, values: ReadonlySet<string>): string[] {
  return proxy
    .searches(session)
    .filter((search) => values.has(search[0] ?? ''))
    .flat()
}

async function inputFile(name: string, values: string[]): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, values.join('\n'))
  return path
}

/** The Sandbox through the proxy, each process in a session of its own. */
const sandboxFlags = (proxy: RecordingProxy, session: string) => [
  '--env',
  'sandbox',
  '--client-id',
  DEMO_CREDENTIALS.clientId,
  '--auth-url',
  proxy.session(session),
  '--base-url',
  proxy.session(session)
]
const headlessEnv = () => ({ STORE_INVENTORY_DATA_DIR: dataDir, INVENTORY_CLIENT_SECRET: DEMO_CREDENTIALS.clientSecret })

describe('a lookup killed mid-way', () => {
  it('headless: SIGKILLed, the run is interrupted; --resume last looks up only what was not answered and writes every line', async () => {
    const demo = await testDemoApi({ faults: { latencyMs: 100 } })
    const proxy = await recordingProxy(demo.url)
    const values = [...validGtins(30_000), 'not a gtin', validGtins(1)[0] ?? '']
    const lines = asLines(values)
    const input = await inputFile('in.txt', values)
    const run = headlessLookup(
      [...sandboxFlags(proxy, 'killed'), '--store', '1234', '--input', input, '--output', join(dir, 'first.csv')],
      headlessEnv()
    )
    const id = await answersStored(1234, 2_000)
    run.process.kill('SIGKILL')
    await run.exited
    const before = afterKill(id)

    const resumed = headlessLookup(
      [...sandboxFlags(proxy, 'resumed').slice(2), '--resume', 'last', '--output', join(dir, 'all.csv')],
      headlessEnv()
    )
    expect(await resumed.exited, resumed.output()).toBe(0)
    expect(resumed.output()).toContain(`Resuming run ${id} in Sandbox, store 1234: ${before.lookup.counts.cancelled} values to look up.`)
    expectFinished(id, lines, before, searchesOf(proxy, 'resumed', new Set(values)))
    const written = (await readFile(join(dir, 'all.csv'), 'utf8')).trim().split('\n')
    expect(written).toHaveLength(1 + values.length)
  }, 180_000)

  it('the app: SIGKILLed while the headless command writes the same history; started again, it lists the lookup as interrupted and Resume finishes it', async () => {
    const demo = await testDemoApi({ faults: { latencyMs: 100 } })
    const proxy = await recordingProxy(demo.url)
    const appValues = validGtins(30_000)
    const appLines = asLines(appValues)
    const cliValues = validGtins(12_000, 500_000)

    const connect = async (app: Awaited<ReturnType<typeof harnessProcess>>, session: string) => {
      const host = proxy.session(session)
      const hosts = { clientId: DEMO_CREDENTIALS.clientId, market: 'custom', authUrl: host, baseUrl: host }
      expect((await app.invoke('settings:update', { environment: 'sandbox', environments: { sandbox: hosts } })).ok).toBe(true)
      const saved = await app.invoke('credentials:save', {
        environment: 'sandbox',
        clientId: DEMO_CREDENTIALS.clientId,
        secret: DEMO_CREDENTIALS.clientSecret
      })
      expect(saved.ok, saved.error?.message).toBe(true)
    }

    const first = await harnessProcess(dataDir)
    await connect(first, 'killed')
    const started = await first.invoke('jobs:start', {
      environment: 'sandbox',
      stores: [1234],
      itemType: 'gtin',
      lines: packInputColumn(appLines)
    })
    expect(started.ok, started.error?.message).toBe(true)
    // The headless command writes the same History file at the same time.
    const cli = headlessLookup(
      [
        ...sandboxFlags(proxy, 'command'),
        '--store',
        '77',
        '--input',
        await inputFile('cli.txt', cliValues),
        '--output',
        join(dir, 'cli.csv')
      ],
      headlessEnv()
    )
    const id = await answersStored(1234, 2_000)
    first.process.kill('SIGKILL')
    await first.exited
    expect(await cli.exited, cli.output()).toBe(0)
    const before = afterKill(id)

    const second = await harnessProcess(dataDir)
    await connect(second, 'resumed')
    const listed = await second.invoke('history:list', {})
    const summaries = (listed.value as { lookups: { jobId: string; state: string; stores: number[]; source: string }[] }).lookups
    expect(summaries.map((lookup) => [lookup.stores[0], lookup.state, lookup.source])).toEqual([
      [77, 'finished', 'cli'],
      [1234, 'interrupted', 'app']
    ])
    const resumed = await second.invoke('history:resume', { jobId: String(id) })
    expect(resumed.ok, resumed.error?.message).toBe(true)
    expect(resumed.value).toMatchObject({ jobId: String(id), pending: before.lookup.counts.cancelled })
    await vi.waitFor(
      async () => {
        const opened = await second.invoke('history:open', { jobId: String(id) })
        expect(opened.value).toMatchObject({ state: 'finished' })
      },
      { timeout: 90_000, interval: 200 }
    )
    second.process.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    expectFinished(id, appLines, before, searchesOf(proxy, 'resumed', new Set(appValues)))

    const cliRun = withHistory((history) => history.list().find((lookup) => lookup.stores[0] === 77))
    expect(cliRun).toMatchObject({ state: 'finished', lines: 12_000, counts: { cancelled: 0, failed: 0 } })
  }, 240_000)
})
