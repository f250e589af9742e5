import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { gs1CheckDigit } from '../shared/domain/gtin'
import type { LookupSummary } from '../shared/domain/lookup-summary'
import { watchlistDefinitionSchema, type WatchlistSummary } from '../shared/watchlists/watchlist'
import { watchlistFileText } from '../shared/watchlists/watchlist-file'
import { createAppRoot, type AppRoot } from './composition-root'
import { createMemorySecretStore } from './credentials/memory-secret-store'
import { dispatch, type HandlerTable } from './ipc/handler-table'
import { createMemoryLogger } from './logging/logger'
import { createMovableClock, type MovableClock } from './schedules/movable-clock'
import type { IpcSender } from './security/ipc-sender'

/**
 * Schedules in the whole app, through the handler table: the scheduler's time and timers come
 * from the effects, so the test moves them with the preview's movable clock (lookups pace as
 * usual; a timer fires only when the test moves past it).
 */
const appWindow: IpcSender = { isMainFrame: true, frameUrl: 'app://index.html' } as IpcSender
const MONDAY_0659 = Date.UTC(2025, 0, 6, 6, 59)
const WEDNESDAY_0900 = Date.UTC(2025, 0, 8, 9, 0)
const MINUTE = 60_000

const VALUES = Array.from({ length: 5 }, (_, index) => {
  const data = String(61_000_000_000 + index * 11).padStart(13, '0')
  return `${data}${gs1CheckDigit(data)}`
})

const testLog = createMemoryLogger()
const opened: AppRoot[] = []
let dataDir = ''
afterEach(async () => {
  for (const root of opened.splice(0)) await root.close()
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
  dataDir = ''
})

async function openApp(clock: MovableClock) {
  const root = await createAppRoot({
    fetch: globalThis.fetch,
    now: clock.now,
    setTimer: clock.setTimer,
    timeZone: () => 'UTC',
    runSchedules: true,
    secretStore: createMemorySecretStore(),
    userDataDir: dataDir,
    log: testLog,
    chooseExportPath: async () => null,
    openExternal: async () => {}
  })
  opened.push(root)
  const handlers: HandlerTable = root.createHandlers((sender) => sender.isMainFrame && sender.frameUrl.startsWith('app://'))
  async function call<T>(channel: string, input?: unknown): Promise<T> {
    const result = (await dispatch(handlers, channel, input, appWindow)) as { ok: boolean; value?: T; error?: unknown }
    if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`)
    return result.value as T
  }
  const history = async (): Promise<LookupSummary[]> => (await call<{ lookups: LookupSummary[] }>('history:list', {})).lookups
  return { root, call, history }
}

function watchlistFile(): Uint8Array {
  const definition = watchlistDefinitionSchema.parse({
    name: 'Morning check',
    environment: 'demo',
    itemType: 'gtin',
    stores: { kind: 'list', stores: [77] },
    items: VALUES.map((input) => ({ input, cells: [] })),
    lowStockLevel: 3,
    schedule: { enabled: true, days: ['mon', 'tue', 'wed', 'thu', 'fri'], times: ['07:00'], notify: 'always' }
  })
  return new TextEncoder().encode(watchlistFileText(definition))
}

describe('schedules in the app', () => {
  it('runs a watchlist when its slot comes, labelled Scheduled, and a slot missed while the app was closed once at the next start', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'schedules-root-'))
    const clock = createMovableClock({ start: MONDAY_0659 })
    const app = await openApp(clock)
    const watchlist = await app.call<WatchlistSummary>('watchlists:import', { fileName: 'morning.watchlist.json', bytes: watchlistFile() })
    await vi.waitFor(() =>
      expect(app.root.services.schedules.nextRuns()).toEqual([
        { watchlistId: watchlist.id, status: 'scheduled', slot: { at: Date.UTC(2025, 0, 6, 7, 0), date: '2025-01-06', time: '07:00' } }
      ])
    )
    expect(await app.history()).toEqual([])

    clock.advance(30_000)
    expect(await app.history()).toEqual([])
    clock.advance(MINUTE)
    await vi.waitFor(async () => expect((await app.history())[0]?.state).toBe('finished'), { timeout: 20_000 })
    const [run] = await app.history()
    expect(run).toMatchObject({ watchlistId: watchlist.id, watchlistName: 'Morning check', scheduled: 'scheduled', lines: 5, found: 5 })
    // History has the run's end a moment before the scheduler hears the lookup settle: wait for the scheduler.
    await vi.waitFor(() =>
      expect(app.root.services.schedules.nextRuns()[0]).toMatchObject({ status: 'scheduled', slot: { date: '2025-01-07' } })
    )
    await vi.waitFor(
      async () =>
        expect((await app.call<{ watchlists: WatchlistSummary[] }>('watchlists:list')).watchlists[0]?.lastRun?.jobId).toBe(run?.jobId),
      {
        timeout: 20_000
      }
    )

    await app.root.close()
    opened.splice(0)
    // Tuesday's and Wednesday's 07:00 pass while the app is closed: one late run stands for both.
    clock.set(WEDNESDAY_0900)
    const again = await openApp(clock)
    await vi.waitFor(async () => expect((await again.history()).map((lookup) => lookup.state)).toEqual(['finished', 'finished']), {
      timeout: 20_000
    })
    const runs = await again.history()
    expect(runs.map((lookup) => lookup.scheduled)).toEqual(['missed', 'scheduled'])
    expect(runs[0]?.follows).toBe(run?.jobId)
    clock.advance(10 * MINUTE)
    expect(await again.history()).toHaveLength(2)
    await vi.waitFor(() =>
      expect(again.root.services.schedules.nextRuns()[0]).toMatchObject({
        status: 'scheduled',
        slot: { date: '2025-01-09', time: '07:00' }
      })
    )
    // The finished run's figures reach the watchlist's file after the finish: wait for them before the folder goes.
    await vi.waitFor(
      async () =>
        expect((await again.call<{ watchlists: WatchlistSummary[] }>('watchlists:list')).watchlists[0]?.lastRun?.jobId).toBe(
          runs[0]?.jobId
        ),
      { timeout: 20_000 }
    )
  })
  it('a schedule set through the contract is checked, kept and followed, and the overview says each next run', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'schedules-root-'))
    const clock = createMovableClock({ start: MONDAY_0659 })
    const app = await openApp(clock)
    const imported = await app.call<WatchlistSummary>('watchlists:import', { fileName: 'morning.watchlist.json', bytes: watchlistFile() })
    const refused = (await dispatch(
      app.root.createHandlers(() => true),
      'watchlists:set-schedule',
      { id: imported.id, schedule: { enabled: true, days: [], times: ['07:00'], notify: 'never' } },
      appWindow
    )) as { ok: boolean; error?: { message: string } }
    expect(refused).toMatchObject({
      ok: false,
      error: { message: 'The request was not valid. schedule.days: Choose at least one day of the week.' }
    })

    const saved = await app.call<WatchlistSummary>('watchlists:set-schedule', {
      id: imported.id,
      schedule: { enabled: true, days: ['tue', 'mon'], times: ['13:00', '9:30'], notify: 'any_change' }
    })
    expect(saved.schedule).toEqual({ enabled: true, days: ['mon', 'tue'], times: ['09:30', '13:00'], notify: 'any_change' })
    expect(saved.items).toBe(VALUES.length)
    await vi.waitFor(async () =>
      expect(await app.call('schedules:overview')).toEqual({
        paused: false,
        watchlists: [
          {
            watchlistId: imported.id,
            status: 'scheduled',
            slot: { at: Date.UTC(2025, 0, 6, 9, 30), date: '2025-01-06', time: '09:30' },
            note: null
          }
        ]
      })
    )
    // 07:00 is no longer a time of it: moving past it runs nothing.
    clock.advance(5 * MINUTE)
    expect(await app.history()).toEqual([])

    const off = await app.call<WatchlistSummary>('watchlists:set-schedule', { id: imported.id, schedule: null })
    expect(off.schedule).toBeNull()
    await vi.waitFor(async () =>
      expect(await app.call('schedules:overview')).toEqual({
        paused: false,
        watchlists: [{ watchlistId: imported.id, status: 'off', slot: null, note: null }]
      })
    )
  })
})
