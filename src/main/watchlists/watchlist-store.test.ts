import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_IMPORT_CELL_CHARS } from '../../shared/limits'
import { watchlistDefinitionSchema, type WatchlistDefinition } from '../../shared/watchlists/watchlist'
import { MAX_WATCHLIST_FILE_BYTES } from '../../shared/watchlists/watchlist-file'
import { createMemoryLogger } from '../logging/logger'
import { createWatchlistStore, WATCHLIST_TOO_LARGE_MESSAGE, WATCHLISTS_DIR_NAME } from './watchlist-store'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchlists-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const definition = (name: string, values = ['00012345678905']): WatchlistDefinition =>
  watchlistDefinitionSchema.parse({
    name,
    environment: 'demo',
    itemType: 'gtin',
    stores: { kind: 'list', stores: [100, 101] },
    columns: ['Description'],
    items: values.map((input) => ({ input, cells: [`about ${input}`] })),
    lowStockLevel: 3
  })

function storeIn(folder = dir, now = () => Date.parse('2026-11-26T07:00:00Z')) {
  const log = createMemoryLogger()
  return { store: createWatchlistStore({ dir: folder, now, log }), log }
}

describe('the watchlist store', () => {
  it('keeps watchlists across a restart: records listed without items, items read on demand', async () => {
    const { store } = storeIn()
    const made = await store.create(definition('Morning check', ['1', '2', '3']))
    expect(made).toMatchObject({ name: 'Morning check', items: 3, columns: ['Description'], lastRun: null, schedule: null })
    await store.recordRun(made.id, { jobId: '7', finishedAt: '2026-11-26T07:01:00.000Z', inStockRate: 80, newlyOutOfStock: null })

    const again = storeIn().store
    const [listed] = await again.list()
    expect(listed).toMatchObject({ id: made.id, items: 3, lastRun: { jobId: '7', inStockRate: 80 } })
    const whole = await again.get(made.id)
    expect(whole.definition.items.map((item) => item.input)).toEqual(['1', '2', '3'])
    expect(whole.definition.items[0]?.cells).toEqual(['about 1'])
  })

  it('edits keep the runs; deleting removes the items file', async () => {
    const { store } = storeIn()
    const made = await store.create(definition('A'))
    await store.recordRun(made.id, { jobId: '1', finishedAt: '2026-11-26T07:01:00.000Z', inStockRate: null, newlyOutOfStock: 0 })
    const edited = await store.update(made.id, definition('B', ['9', '8']))
    expect(edited).toMatchObject({ id: made.id, name: 'B', items: 2, lastRun: { jobId: '1' } })
    expect(await store.remove(made.id)).toBe(true)
    expect(await store.remove(made.id)).toBe(false)
    expect(await store.list()).toEqual([])
    expect(await readdir(join(dir, WATCHLISTS_DIR_NAME))).toEqual(['index.json'])
    await expect(store.get(made.id)).rejects.toThrow('That watchlist is no longer kept')
  })

  it('writes its files for the user alone', async () => {
    const { store } = storeIn()
    const made = await store.create(definition('A'))
    const folder = join(dir, WATCHLISTS_DIR_NAME)
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    expect((await stat(join(folder, 'index.json'))).mode & 0o777).toBe(0o600)
    expect((await stat(join(folder, `${made.id}.json`))).mode & 0o777).toBe(0o600)
  })

  it('changes made together all land, in order', async () => {
    const { store } = storeIn()
    await Promise.all(['A', 'B', 'C', 'D'].map((name) => store.create(definition(name))))
    expect((await storeIn().store.list()).map((record) => record.name)).toEqual(['A', 'B', 'C', 'D'])
  })

  it('sets a damaged index aside and starts empty, saying so in the log', async () => {
    const folder = join(dir, WATCHLISTS_DIR_NAME)
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'index.json'), '{"version":1,"watchlists":[{"id":"x"}]}')
    const { store, log } = storeIn()
    expect(await store.list()).toEqual([])
    expect(log.lines.some((line) => line.includes('the watchlists file is damaged'))).toBe(true)
    expect((await readdir(folder)).sort()).toEqual(['index.json.damaged'])
  })

  it('says which watchlist lost its items, in one sentence', async () => {
    const { store } = storeIn()
    const made = await store.create(definition('Morning check'))
    await writeFile(join(dir, WATCHLISTS_DIR_NAME, `${made.id}.json`), '{"name": 5}')
    await expect(store.get(made.id)).rejects.toThrow(
      'The values of the watchlist "Morning check" could not be read; import it again or delete it.'
    )
  })

  it('refuses, in a sentence, a watchlist larger than it reads back, and keeps the one it had', async () => {
    const { store } = storeIn()
    const made = await store.create(definition('Wide', ['1']))
    // Just over the bound the store reads back, in cells each as long as an import keeps.
    const cell = 'x'.repeat(MAX_IMPORT_CELL_CHARS)
    const items = Math.ceil(MAX_WATCHLIST_FILE_BYTES / MAX_IMPORT_CELL_CHARS / 100) + 1
    const huge = {
      ...definition('Huge'),
      items: Array.from({ length: items }, (_, n) => ({ input: String(n), cells: Array(100).fill(cell) }))
    }
    huge.columns = Array.from({ length: 100 }, (_, n) => `Column ${n + 1}`)

    await expect(store.create(huge)).rejects.toThrow(WATCHLIST_TOO_LARGE_MESSAGE)
    await expect(store.update(made.id, { ...huge, name: 'Wide' })).rejects.toThrow(WATCHLIST_TOO_LARGE_MESSAGE)
    expect((await store.list()).map((record) => record.name)).toEqual(['Wide'])
    expect((await store.get(made.id)).definition.items.map((item) => item.input)).toEqual(['1'])
    // One that fits is written and read back whole.
    const fits = { ...huge, name: 'Fits', items: huge.items.slice(0, Math.floor(items * 0.9)) }
    const kept = await store.create(fits)
    expect((await store.get(kept.id)).definition.items).toHaveLength(fits.items.length)
  })
})
