import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IpcResult } from '../../shared/contract'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { dispatch } from './handler-table'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { latestResults } from '../history/test-support/latest-results'
import { packInputColumn } from '../../shared/input-column'

/**
 * The History channels as the window calls them: through the handler table of the real root, on a
 * data folder of its own, with the built-in Demo API. The clock is the test's, so retention can be
 * tried days later.
 */
const DAY = 86_400_000
const appWindow = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }

let dataDir: string
let clock: number
const roots: AppRoot[] = []

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'history-channels-'))
  clock = Date.UTC(2025, 0, 10, 9)
})
afterEach(async () => {
  for (const root of roots.splice(0)) await root.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function startApp() {
  const root = await createAppRoot({
    fetch: globalThis.fetch,
    now: () => clock,
    secretStore: createMemorySecretStore(),
    userDataDir: dataDir,
    log: createMemoryLogger(),
    // The save dialog's stand-in: the file goes into the data folder under the name offered.
    chooseExportPath: async (suggestedName) => join(dataDir, suggestedName),
    openExternal: async () => undefined
  })
  roots.push(root)
  const handlers = root.createHandlers(() => true)
  async function call<T>(channel: string, input?: unknown): Promise<T> {
    const result = (await dispatch(handlers, channel, input, appWindow)) as IpcResult<T>
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value
  }
  async function refused(channel: string, input?: unknown): Promise<string> {
    const result = (await dispatch(handlers, channel, input, appWindow)) as IpcResult<unknown>
    if (result.ok) throw new Error(`${channel} was expected to be refused`)
    return result.error.message
  }
  async function lookUp(storeNbr: number, values: string[]): Promise<string> {
    const { jobId } = await call<{ jobId: string }>('jobs:start', {
      environment: 'demo',
      stores: [storeNbr],
      itemType: 'gtin',
      lines: packInputColumn(asLines(values))
    })
    await root.services.lookups.whenSettled(jobId)
    return jobId
  }
  return { root, call, refused, lookUp }
}

interface Listed {
  lookups: {
    jobId: string
    stores: number[]
    state: string
    lines: number
    found: number
    notFound: number
    runningHere: boolean
    answersRemovedAt: string | null
  }[]
  more: boolean
  databaseBytes: number
  databasePath: string | null
}

describe('History channels', () => {
  it('lists lookups newest first, finds one by a value it contained, pages, deletes, and says how big History is', async () => {
    const app = await startApp()
    const values = validGtins(30)
    const first = await app.lookUp(1234, values.slice(0, 10))
    const second = await app.lookUp(77, values.slice(10, 20))
    const third = await app.lookUp(1234, values.slice(20))

    const all = await app.call<Listed>('history:list', {})
    expect(all.lookups.map((lookup) => [lookup.jobId, lookup.stores, lookup.state, lookup.lines])).toEqual([
      [third, [1234], 'finished', 10],
      [second, [77], 'finished', 10],
      [first, [1234], 'finished', 10]
    ])
    expect(all.lookups[0]?.found).toBeGreaterThan(0)
    expect(all).toMatchObject({ more: false, databasePath: join(dataDir, 'history.sqlite'), warning: null })
    expect(all.databaseBytes).toBeGreaterThan(0)

    // A GTIN as a person types it: 13 digits, without the leading zero stored.
    expect((await app.call<Listed>('history:list', { search: (values[12] ?? '').slice(1) })).lookups.map((lookup) => lookup.jobId)).toEqual(
      [second]
    )
    const page = await app.call<Listed>('history:list', { limit: 2 })
    expect(page.more).toBe(true)
    expect(
      (await app.call<Listed>('history:list', { limit: 2, before: page.lookups[1]?.jobId })).lookups.map((lookup) => lookup.jobId)
    ).toEqual([first])

    expect(await app.call('history:previous', { jobId: third })).toMatchObject({ previous: { jobId: first } })
    expect(await app.call('history:open', { jobId: first })).toMatchObject({
      jobId: first,
      state: 'finished',
      lines: 10,
      stores: [1234],
      storesDone: 1
    })
    expect(await app.call('history:delete', { jobId: first })).toEqual({ deleted: true })
    expect(await app.call('history:previous', { jobId: third })).toEqual({ previous: null })
    expect(await app.refused('history:open', { jobId: first })).toBe(
      'That lookup is no longer in History; it may have been deleted. Run it again.'
    )
    expect(await app.call('history:delete', { jobId: 'not-an-id' })).toEqual({ deleted: false })
  })

  it("keeps each answer's as-of time (the Demo's lastUpdatedTime) with the answer, read back after a restart", async () => {
    const app = await startApp()
    const jobId = await app.lookUp(1234, validGtins(20))
    await app.root.close()
    roots.splice(roots.indexOf(app.root), 1)

    const again = await startApp()
    const lines = await latestResults(again.root.services.results, jobId)
    const found = lines.filter((line) => line.status === 'found')
    expect(found.length).toBeGreaterThan(0)
    for (const line of found) {
      const sent = (line.item?.raw as { lastUpdatedTime?: string } | undefined)?.lastUpdatedTime ?? ''
      expect(Number.isFinite(Date.parse(sent))).toBe(true)
      expect(line.item?.last_updated_time).toBe(new Date(sent).toISOString())
    }
  })

  it('refuses to delete a lookup while it runs, and resumes only what was cancelled', async () => {
    const app = await startApp()
    const values = validGtins(3_000)
    const { jobId } = await app.call<{ jobId: string }>('jobs:start', {
      environment: 'demo',
      stores: [5],
      itemType: 'gtin',
      lines: packInputColumn(asLines(values))
    })
    expect(await app.refused('history:delete', { jobId })).toBe(
      'This lookup is still running; cancel it or wait for it to finish, then delete it.'
    )
    expect((await app.call<Listed>('history:list', {})).lookups[0]).toMatchObject({ jobId, state: 'running', runningHere: true })
    const cancelled = await app.call<{ cancelled: number; found: number; notFound: number }>('jobs:cancel', { jobId })
    expect(cancelled.cancelled).toBeGreaterThan(0)

    const resumed = await app.call<{ state: string; pending: number; cancelled: number }>('history:resume', { jobId })
    expect(resumed).toMatchObject({ state: 'running', pending: cancelled.cancelled, cancelled: 0 })
    const final = await app.root.services.lookups.whenSettled(jobId)
    expect(final).toMatchObject({ state: 'finished', cancelled: 0, lines: 3_000 })
    expect(final.found + final.notFound).toBe(3_000)
    // Nothing left to resume: it answers with the lookup as it is.
    expect(await app.call('history:resume', { jobId })).toMatchObject({ state: 'finished', resultsCount: final.resultsCount })
  })

  it('compares two lookups in pages, with the counts of every category', async () => {
    const app = await startApp()
    const values = validGtins(40)
    const then = await app.lookUp(10, values.slice(0, 30))
    const now = await app.lookUp(20, values.slice(10))
    const first = await app.call<{
      total: number
      next: number
      rows: { value: string; category: string }[]
      counts: Record<string, number>
    }>('history:compare', { thenJobId: then, nowJobId: now, from: 0 })
    expect(first.total).toBe(40)
    expect(first.rows).toHaveLength(40)
    expect(first.next).toBe(40)
    expect(first.counts.only_one).toBe(20)
    expect(Object.values(first.counts).reduce((sum, count) => sum + count, 0)).toBe(40)
    expect(await app.call('history:compare', { thenJobId: then, nowJobId: now, from: 40 })).toMatchObject({ rows: [], next: 40 })
    expect(await app.refused('history:compare', { thenJobId: then, nowJobId: then, from: 0 })).toBe(
      'Choose two different lookups to compare.'
    )
  })

  it('exports a comparison as the Compare view shows it: its columns and rows in screen order, judged at its low-stock level', async () => {
    const app = await startApp()
    const values = validGtins(12)
    const then = await app.lookUp(10, values.slice(0, 8))
    clock += DAY
    const now = await app.lookUp(10, values.slice(4))
    const compared = await app.call<{ rows: { store: number; value: string; category: string; change: number | null }[] }>(
      'history:compare',
      {
        thenJobId: then,
        nowJobId: now,
        from: 0,
        lowStockLevel: 0
      }
    )
    const shown = [...compared.rows].reverse().slice(0, 5)
    const saved = await app.call<{ saved: boolean; path: string; rows: number }>('history:export-compare', {
      thenJobId: then,
      nowJobId: now,
      format: 'csv',
      columns: ['category', 'value', 'change'],
      // Rows are named by store and value, as the Compare view names them.
      rows: [...shown.map((row) => `${row.store}:${row.value}`), 'not-a-compared-value', `10:${shown[0]?.value ?? ''}`],
      lowStockLevel: 0
    })
    expect(saved).toMatchObject({ saved: true, rows: 5 })
    expect(saved.path).toBe(join(dataDir, 'inventory-compare-demo-store10-20250110-0900-vs-20250111-0900.csv'))
    const labels: Record<string, string> = {
      newly_out: 'Newly out of stock',
      back_in: 'Back in stock',
      changed: 'Changed',
      unchanged: 'Unchanged',
      only_one: 'Only in one'
    }
    const text = (await readFile(saved.path, 'utf8')).replace(/^\uFEFF/, '')
    expect(text.trim().split(/\r?\n/)).toEqual([
      'Compared,Value,Change',
      ...shown.map((row) => `${labels[row.category] ?? ''},${row.value},${row.change ?? ''}`)
    ])

    const all = await app.call<{ rows: number }>('history:export-compare', {
      thenJobId: then,
      nowJobId: now,
      format: 'csv',
      columns: ['value'],
      rows: null,
      lowStockLevel: 0
    })
    expect(all.rows).toBe(12)
    expect(
      await app.refused('history:export-compare', {
        thenJobId: then,
        nowJobId: now,
        format: 'csv',
        columns: ['secret'],
        rows: null,
        lowStockLevel: 0
      })
    ).toMatch('Not a column of the comparison.')
  })

  it('keeps a draft, and gives none rather than a damaged one', async () => {
    const app = await startApp()
    expect(await app.call('history:get-draft')).toEqual({ draft: null })
    const draft = { text: '123\n456', importNote: null, lines: null }
    expect(await app.call('history:save-draft', draft)).toEqual({ saved: true })
    expect(await app.call('history:get-draft')).toEqual({ draft })
    expect(await app.refused('history:save-draft', { text: 'x'.repeat(8_000_001), importNote: null, lines: null })).toMatch(/text/)
    await app.root.services.historyWriter.saveDraft({ text: 42 })
    expect(await app.call('history:get-draft')).toEqual({ draft: null })
  })

  it('removes full answers older than 90 days and lookups older than 730 days when the app starts, unless set otherwise', async () => {
    const app = await startApp()
    const old = await app.lookUp(1, validGtins(2))
    clock += 30 * DAY
    const recent = await app.lookUp(2, validGtins(2, 100))
    await app.root.close()
    roots.length = 0

    clock += 70 * DAY
    const later = await startApp()
    const listed = (await later.call<Listed>('history:list', {})).lookups
    expect(listed.map((lookup) => [lookup.jobId, lookup.answersRemovedAt])).toEqual([
      [recent, null],
      [old, new Date(clock).toISOString()]
    ])
    // The counts stay with the summary.
    expect(listed[1]?.found).toBeGreaterThan(0)
    await later.call('settings:update', { historyRetentionDays: 80 })
    await later.root.close()
    roots.length = 0

    const summariesShorter = await startApp()
    expect((await summariesShorter.call<Listed>('history:list', {})).lookups.map((lookup) => lookup.jobId)).toEqual([recent])
    await summariesShorter.call('settings:update', { historyRetentionDays: 730, historyAnswerDays: 1 })
    await summariesShorter.root.close()
    roots.length = 0

    const answersShorter = await startApp()
    expect((await answersShorter.call<Listed>('history:list', {})).lookups.map((lookup) => lookup.answersRemovedAt)).toEqual([
      new Date(clock).toISOString()
    ])
    await answersShorter.call('settings:update', { historyRetentionDays: 30 })
    await answersShorter.root.close()
    roots.length = 0

    const shorter = await startApp()
    expect((await shorter.call<Listed>('history:list', {})).lookups).toEqual([])
  })
})
