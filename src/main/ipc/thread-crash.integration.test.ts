import { mkdtemp, rm } from 'node:fs/promises'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { JobProgress } from '../../shared/domain/job-progress'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { parseDemoDate, type DemoDay } from '../demo-api/demo-date'
import { BUSY_TIMEOUT_MS } from '../history/open-history-database'
import { GROUP_ANSWERS } from '../jobs/answer-groups'
import { checkJobInvariant } from '../jobs/job-invariant'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { runningThreads } from '../workers/thread-census'
import { packInputColumn } from '../../shared/input-column'

/**
 * A thread that dies under a running lookup, through the app's services as the window uses them:
 * History's writer, the Demo API's thread and the reader of search replies are ended mid-lookup, as
 * a crash would end them. The window is told in a sentence, the lookup ends Interrupted with every
 * answer it had kept, Resume finishes it on a thread started afresh, and it asks again only what had
 * no answer.
 */
const DAY = parseDemoDate('2025-03-14') as DemoDay
const LINES = asLines(validGtins(3_000))
const SETTLED = { timeout: 60_000, interval: 20 }

let dir: string
let root: AppRoot | null = null
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'thread-crash-'))
})
afterEach(async () => {
  await root?.close()
  root = null
  await rm(dir, { recursive: true, force: true })
})

async function open(searchHttp: 'main' | 'search-thread' = 'main') {
  root = await createAppRoot({
    fetch: globalThis.fetch,
    searchHttp,
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir: dir,
    log: createMemoryLogger(),
    chooseExportPath: async () => null,
    openExternal: async () => {},
    demoDay: DAY
  })
  const problems: string[] = []
  const progress: JobProgress[] = []
  root.onEvent((channel, payload) => {
    if (channel === 'app:problem') problems.push((payload as { message: string }).message)
    if (channel === 'jobs:progress') progress.push(payload as JobProgress)
  })
  return { services: root.services, problems, progress }
}

function answered(counts: { found: number; notFound: number } | { found: number; not_found: number }): number {
  return counts.found + ('notFound' in counts ? counts.notFound : counts.not_found)
}

/** Ends the one running thread named `name`, as a crash would. */
async function endThread(name: string): Promise<void> {
  const threads = runningThreads(name)
  expect(threads).toHaveLength(1)
  await threads[0]?.terminate()
}

describe('a thread that dies under a running lookup', () => {
  it("History's writer: the lookup ends Interrupted, the answers it had not written are written on its next thread, and Resume asks only the rest", async () => {
    const { services, problems, progress } = await open()
    // 25 searches are answered, the rest held unanswered: the run is still under way when the writer dies.
    await (await services.demoApi()).setFaults({ holdSearchesAfter: 25 })
    const started = await services.lookups.start({ environment: 'demo', stores: [41], itemType: 'gtin', lines: packInputColumn(LINES) })
    const { jobId } = started
    // Another connection holds History's write lock: the answers arriving pile up on their way to the writer.
    const blocker = new DatabaseSync(join(dir, 'history.sqlite'), { timeout: BUSY_TIMEOUT_MS })
    blocker.exec('BEGIN IMMEDIATE')
    try {
      await vi.waitFor(() => {
        const now = services.lookups.progress(jobId)
        // More answers unrecorded than a group holds: at least one group is at the writer, held back.
        expect(answered(now) - now.resultsCount).toBeGreaterThanOrEqual(GROUP_ANSWERS)
      }, SETTLED)
      const ending = endThread('History writes')
      blocker.exec('ROLLBACK')
      await ending
    } finally {
      blocker.close()
    }
    const stopped = await services.lookups.whenSettled(jobId)
    expect(stopped.state).toBe('interrupted')
    expect(problems).toEqual([
      'The History writer stopped unexpectedly; a lookup it was saving was paused with every answer kept, and can be resumed from History. The details were written to the log.'
    ])
    // Every answer the run had when it stopped is in History, and each line has one final state.
    const shownAtStop = progress.find((update) => update.jobId === jobId && update.state === 'interrupted')
    const stored = services.history.lookup(Number(jobId))
    expect(stored?.state).toBe('interrupted')
    expect(answered(stored?.counts ?? { found: 0, not_found: 0 })).toBe(answered(shownAtStop ?? { found: -1, notFound: 0 }))
    expect(stored?.counts.cancelled).toBe(LINES.length - answered(shownAtStop ?? { found: 0, notFound: 0 }))
    const { entries } = await services.results.page(jobId, 0)
    expect(checkJobInvariant(LINES, entries)).toEqual([])
    // The items written again came from main's copies of their bytes (the first writer's had moved with its messages): each whole, and the line's own.
    const found = entries.filter((entry) => entry.status === 'found')
    expect(found.length).toBeGreaterThan(0)
    expect(found.filter((entry) => entry.item?.gtin?.padStart(14, '0') !== entry.value)).toEqual([])

    const demo = await services.demoApi()
    await demo.setFaults({ holdSearchesAfter: null })
    const askedBefore = (await demo.stats()).valuesSearched
    await services.lookups.resume(jobId)
    const resumed = await services.lookups.whenSettled(jobId)
    expect(resumed.state).toBe('finished')
    expect(answered(resumed)).toBe(LINES.length)
    expect((await demo.stats()).valuesSearched - askedBefore).toBe(stored?.counts.cancelled)
  })

  // Five searches are answered, the rest held unanswered: the thread then dies with searches under way.
  const DEMO_API = {
    what: "the Demo API's thread",
    thread: 'Demo API',
    store: 42,
    problem:
      'The Demo API stopped unexpectedly; a Demo lookup under way was paused with every answer kept, and can be resumed from History. The details were written to the log.',
    newDemoApi: true
  }
  const ANSWER_READER = {
    what: 'the inventory answer reader',
    thread: 'Search replies',
    store: 43,
    problem:
      'The inventory answer reader stopped unexpectedly; the lookups running were paused with every answer kept, and can be resumed from History. The details were written to the log.',
    newDemoApi: false
  }
  it.each([
    { ...DEMO_API, searchHttp: 'main' },
    { ...ANSWER_READER, searchHttp: 'main' },
    { ...ANSWER_READER, searchHttp: 'search-thread' }
  ] as const)(
    "$what (the searches' HTTP on $searchHttp): the lookups sending through it end Interrupted with what was answered, and Resume finishes on a thread started afresh",
    async ({ thread, searchHttp, store, problem, newDemoApi }) => {
      const { services, problems } = await open(searchHttp)
      const first = await services.demoApi()
      await first.setFaults({ holdSearchesAfter: 5 })
      const { jobId } = await services.lookups.start({
        environment: 'demo',
        stores: [store],
        itemType: 'gtin',
        lines: packInputColumn(LINES)
      })
      await vi.waitFor(async () => {
        expect((await first.stats()).held).toBeGreaterThan(0)
        expect(services.lookups.progress(jobId).resultsCount).toBe(500)
      }, SETTLED)
      await endThread(thread)
      const stopped = await services.lookups.whenSettled(jobId)
      expect(stopped.state).toBe('interrupted')
      expect(problems).toEqual([problem])
      const stored = services.history.lookup(Number(jobId))
      expect(answered(stored?.counts ?? { found: 0, not_found: 0 })).toBe(500)
      expect(stored?.counts.cancelled).toBe(LINES.length - 500)
      expect(stored?.counts.failed).toBe(0)
      expect(checkJobInvariant(LINES, (await services.results.page(jobId, 0)).entries)).toEqual([])

      // The Demo API that ended is replaced at a new address; one that lives on stops holding searches.
      const demo = await services.demoApi()
      expect(demo.url !== first.url).toBe(newDemoApi)
      await demo.setFaults({ holdSearchesAfter: null })
      const askedBefore = (await demo.stats()).valuesSearched
      await services.lookups.resume(jobId)
      const resumed = await services.lookups.whenSettled(jobId)
      expect(resumed.state).toBe('finished')
      expect(answered(resumed)).toBe(LINES.length)
      expect((await demo.stats()).valuesSearched - askedBefore).toBe(LINES.length - 500)
    }
  )
})
