import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compareResults, type StockInput } from '../../shared/compare/compare-lookups'
import type { InvokeName, InvokeValue } from '../../shared/contract'
import { gs1CheckDigit } from '../../shared/domain/gtin'
import { sinceLastRun } from '../../shared/watchlists/since-last-run'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { parseDemoDate, type DemoDay } from '../demo-api/demo-date'
import { searchInventory } from '../demo-api/demo-inventory'
import { createMemoryLogger } from '../logging/logger'
import { runningThreads } from '../workers/thread-census'

/**
 * Watchlists through the handler table, as the window uses them: saved, run on one Demo day, the
 * app restarted on the same data folder on the next day, run again, and "Since the last run"
 * checked against what the Demo holds on each day.
 */
const STORES = [77, 78]
const VALUES = Array.from({ length: 400 }, (_, index) => {
  const data = String(52_000_000_000 + index * 13).padStart(13, '0')
  return `${data}${gs1CheckDigit(data)}`
})
const DAY = parseDemoDate('2025-03-14') as DemoDay
/**
 * A finished run's figures reach its watchlist after the finish: its answers are read on History's
 * reader thread and the watchlist's file is written, measured at 1.6 s at load 12, past poll's 1 s default.
 */
const SUMMED_UP = { timeout: 20_000 }

let dir: string
const roots: AppRoot[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchlist-runs-'))
})
afterEach(async () => {
  for (const root of roots.splice(0)) await root.close()
  await rm(dir, { recursive: true, force: true })
})

async function open(day: DemoDay, exportPath: string | null = null) {
  const root = await createAppRoot({
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir: dir,
    log: createMemoryLogger(),
    chooseExportPath: async () => exportPath,
    openExternal: async () => {},
    demoDay: day
  })
  roots.push(root)
  const handlers = root.createHandlers(() => true)
  const sender = { url: 'app://window', frameUrl: 'app://window', isMainFrame: true }
  async function call<K extends InvokeName>(name: K, input?: unknown): Promise<InvokeValue<K>> {
    const result = await handlers[name](input, sender as never)
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`)
    return result.value as InvokeValue<K>
  }
  return { root, call }
}

/** What the Demo holds of the values in the stores on `day`, as Compare takes it. */
function demoStock(day: DemoDay): StockInput[] {
  return STORES.flatMap((storeNbr) => {
    const { items } = searchInventory({ storeNbr, itemType: 'gtin', values: VALUES }, 0, day)
    const byValue = new Map(items.map((item) => [item.gtin, item.inventory_locations]))
    return VALUES.map((value, index): StockInput => {
      const locations = byValue.get(value)
      return {
        storeNbr,
        line: index + 1,
        input: value,
        value,
        status: locations === undefined ? 'not_found' : 'found',
        locations: locations ?? []
      }
    })
  })
}

const form = (name: string) => ({
  name,
  environment: 'demo',
  itemType: 'gtin',
  stores: { kind: 'list', stores: STORES },
  lowStockLevel: 3,
  lines: VALUES.map((input, index) => ({ line: index + 1, input }))
})

describe('watchlists in the app', () => {
  it('run on two days, and the second run says what changed since the first, as the Demo changed it', async () => {
    const first = await open(DAY)
    const saved = await first.call('saveWatchlist', form('Morning check'))
    expect(saved).toMatchObject({ name: 'Morning check', items: VALUES.length, storesNow: STORES, lastRun: null })
    const run1 = await first.call('runWatchlist', { id: saved.id })
    expect((await first.root.services.lookups.whenSettled(run1.jobId)).state).toBe('finished')
    await expect.poll(async () => (await first.call('listWatchlists')).watchlists[0]?.lastRun?.jobId, SUMMED_UP).toBe(run1.jobId)
    expect((await first.call('sinceLastRun', { jobId: run1.jobId })).since).toBeNull()
    await first.root.close()
    roots.splice(0)

    const second = await open(DAY + 1)
    const run2 = await second.call('runWatchlist', { id: saved.id })
    // History's reader thread starts with the lookup: ready for its results, and for Since the last run at its end.
    expect(runningThreads('History reads')).toHaveLength(1)
    expect((await second.root.services.lookups.whenSettled(run2.jobId)).state).toBe('finished')
    const { lookups } = await second.call('listLookups', {})
    expect(lookups.map((lookup) => [lookup.jobId, lookup.watchlistName, lookup.follows])).toEqual([
      [run2.jobId, 'Morning check', run1.jobId],
      [run1.jobId, 'Morning check', null]
    ])

    const expected = sinceLastRun(compareResults(demoStock(DAY), demoStock(DAY + 1), 3))
    const { since } = await second.call('sinceLastRun', { jobId: run2.jobId })
    expect(since?.follows.jobId).toBe(run1.jobId)
    expect(since?.counts).toEqual(expected.counts)
    expect(since?.pairs).toEqual(expected.pairs)
    // The Demo changes about 5 % a day: something to see, not everything.
    expect(expected.changed).toBeGreaterThan(0)
    expect(expected.changed).toBeLessThan(VALUES.length)
    await expect
      .poll(async () => (await second.call('listWatchlists')).watchlists[0]?.lastRun, SUMMED_UP)
      .toMatchObject({ jobId: run2.jobId, newlyOutOfStock: expected.counts.newly_out_of_stock })

    // Run again follows the lookup it came from and stays the watchlist's run.
    const again = await second.call('runAgain', { jobId: run1.jobId })
    expect((await second.root.services.lookups.whenSettled(again.jobId)).state).toBe('finished')
    const { lookups: after } = await second.call('listLookups', {})
    expect(after[0]).toMatchObject({
      jobId: again.jobId,
      watchlistName: 'Morning check',
      follows: run1.jobId,
      stores: STORES,
      lines: VALUES.length
    })
    const list = await second.call('lookupList', { jobId: run1.jobId })
    expect(list).toMatchObject({ environment: 'demo', itemType: 'gtin', stores: STORES })
    expect(list.lines.map((line) => line.input)).toEqual(VALUES)
  })

  it("keeps an imported file's columns with the items, through a run, an export and an import", async () => {
    const exportPath = join(dir, 'shared.watchlist.json')
    const { call } = await open(DAY, exportPath)
    const csv = `GTIN,Description,Case pack\n${VALUES.slice(0, 3)
      .map((value, index) => `${value},Item ${index + 1},${index + 6}`)
      .join('\n')}\n`
    const file = await call('readImportFile', { fileName: 'items.csv', bytes: new TextEncoder().encode(csv) })
    const column = await call('readImportColumn', { importId: file.importId, column: 0 })
    const lines = column.values.split('\u0000').map((input, index) => ({ line: column.lines[index] as number, input }))
    const saved = await call('saveWatchlist', { ...form('Imported'), lines, source: { importId: file.importId, column: 0 } })
    expect(saved.columns).toEqual(['Description', 'Case pack'])
    const { definition } = await call('getWatchlist', { id: saved.id })
    expect(definition.items[1]).toEqual({ input: VALUES[1], cells: ['Item 2', '7'] })

    const run = await call('runWatchlist', { id: saved.id })
    expect(run.carriedColumns).toEqual(['Description', 'Case pack'])

    // Edited without the file: the values that stay keep their cells.
    const edited = await call('saveWatchlist', { ...form('Imported'), id: saved.id, lines: lines.slice(1) })
    expect((await call('getWatchlist', { id: edited.id })).definition.items[0]).toEqual({ input: VALUES[1], cells: ['Item 2', '7'] })

    expect(await call('exportWatchlist', { id: saved.id })).toEqual({ saved: true, path: exportPath, rows: 2 })
    const imported = await call('importWatchlist', { fileName: 'shared.watchlist.json', bytes: await readFile(exportPath) })
    expect(imported).toMatchObject({ name: 'Imported (2)', items: 2, columns: ['Description', 'Case pack'] })
    await expect(call('importWatchlist', { fileName: 'x.json', bytes: new TextEncoder().encode('{"rows":[]}') })).rejects.toThrow(
      'That file is not a watchlist exported from this app; choose a file exported from Watchlists.'
    )
    await expect(call('saveWatchlist', form('imported'))).rejects.toThrow(
      'A watchlist named "imported" exists already; choose another name.'
    )
    const copy = await call('duplicateWatchlist', { id: saved.id })
    expect(copy.name).toBe('Imported (copy)')
    expect(await call('deleteWatchlist', { id: copy.id })).toEqual({ deleted: true })
    expect((await call('listWatchlists')).watchlists.map((watchlist) => watchlist.name)).toEqual(['Imported', 'Imported (2)'])
  })

  it('keeps a store group by name: editing the group changes what the watchlist runs', async () => {
    const { call } = await open(DAY)
    await call('updateSettings', { storeGroups: [{ name: 'District 12', stores: STORES }] })
    const saved = await call('saveWatchlist', { ...form('District'), stores: { kind: 'group', group: 'District 12', stores: STORES } })
    await call('updateSettings', { storeGroups: [{ name: 'District 12', stores: [78] }] })
    expect((await call('listWatchlists')).watchlists[0]).toMatchObject({ storesNow: [78], groupMissing: false })
    const run = await call('runWatchlist', { id: saved.id })
    expect(run.stores).toEqual([78])
    await call('updateSettings', { storeGroups: [] })
    expect((await call('listWatchlists')).watchlists[0]).toMatchObject({ storesNow: STORES, groupMissing: true })
  })
})
