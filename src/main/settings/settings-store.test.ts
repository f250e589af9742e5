import { spawn } from 'node:child_process'
import { watch } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, savedStores, settingsSchema, type Settings } from '../../shared/settings'
import { createMemoryLogger } from '../logging/logger'
import { createSettingsStore, UNREADABLE_SETTINGS_WARNING } from './settings-store'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-store-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function storeIn(folder = dir, readOnly = false) {
  const log = createMemoryLogger()
  return { store: createSettingsStore({ dir: folder, log, readOnly }), log }
}

async function readSaved(): Promise<Settings> {
  return settingsSchema.parse(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')))
}

describe('loading settings', () => {
  it('uses the defaults without a warning when there is no settings file yet', async () => {
    const { store } = storeIn()
    expect(await store.load()).toEqual({ settings: DEFAULT_SETTINGS, warning: null })
    expect(await readdir(dir)).toEqual([])
  })

  it('creates the data folder on the first save when it does not exist', async () => {
    const { store } = storeIn(join(dir, 'nested', 'user-data'))
    await store.load()
    await store.update({ storeNbr: 77 })
    const reloaded = storeIn(join(dir, 'nested', 'user-data')).store
    expect((await reloaded.load()).settings.storeNbr).toBe(77)
    if (process.platform !== 'win32') {
      // Hosts, client IDs and stores are the user's own: folders 0700, the file 0600.
      expect((await stat(join(dir, 'nested'))).mode & 0o777).toBe(0o700)
      expect((await stat(join(dir, 'nested', 'user-data'))).mode & 0o777).toBe(0o700)
      expect((await stat(join(dir, 'nested', 'user-data', 'settings.json'))).mode & 0o777).toBe(0o600)
    }
  })

  it.each([
    ['corrupt JSON', '{"version": 1, "environment": "sandb'],
    ['valid JSON of the wrong shape', JSON.stringify({ ...DEFAULT_SETTINGS, storeNbr: 'twelve' })],
    ['an empty file', ''],
    ['JSON that is not an object', '[1, 2, 3]']
  ])('falls back to defaults with a warning and keeps the old file as .bak for %s', async (_name, content) => {
    await writeFile(join(dir, 'settings.json'), content)
    const { store, log } = storeIn()

    expect(await store.load()).toEqual({ settings: DEFAULT_SETTINGS, warning: UNREADABLE_SETTINGS_WARNING })
    expect(await readFile(join(dir, 'settings.json.bak'), 'utf8')).toBe(content)
    expect(await readdir(dir)).toEqual(['settings.json.bak'])
    expect(log.lines.some((line) => line.includes('warn'))).toBe(true)
    expect(store.current().warning).toBe(UNREADABLE_SETTINGS_WARNING)
  })

  it('loads a file written before the results preferences existed, with their defaults', async () => {
    const { lowStockLevel, exportFormat, detailPanelWidth, ...older } = DEFAULT_SETTINGS
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ ...older, storeNbr: 4321 }))
    const { settings, warning } = await storeIn().store.load()
    expect(warning).toBeNull()
    expect(settings).toMatchObject({ storeNbr: 4321, lowStockLevel, exportFormat, detailPanelWidth })
  })

  it('loads a file written before stores and groups existed: the one store, no groups', async () => {
    const { stores: _stores, storeGroups: _groups, ...older } = DEFAULT_SETTINGS
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ ...older, storeNbr: 4321 }))
    const { settings, warning } = await storeIn().store.load()
    expect(warning).toBeNull()
    expect(settings).toMatchObject({ storeNbr: 4321, stores: null, storeGroups: [] })
    expect(savedStores(settings)).toEqual([4321])
  })

  it('keeps the stores and the store groups, and refuses groups it could not give back', async () => {
    const { store } = storeIn()
    await store.load()
    const groups = [
      { name: 'District 12', stores: [1001, 1002, 1003] },
      { name: 'Promo', stores: [77] }
    ]
    await store.update({ stores: [5, 6], storeGroups: groups })
    expect(await readSaved()).toMatchObject({ stores: [5, 6], storeGroups: groups })
    expect(
      savedStores(
        await storeIn()
          .store.load()
          .then((loaded) => loaded.settings)
      )
    ).toEqual([5, 6])
    await expect(store.update({ storeGroups: [...groups, { name: 'district 12', stores: [9] }] })).rejects.toThrow()
    await expect(store.update({ storeGroups: [{ name: ' ', stores: [9] }] })).rejects.toThrow()
    await expect(store.update({ storeGroups: [{ name: 'Twice', stores: [9, 9] }] })).rejects.toThrow()
    await expect(store.update({ stores: [] })).rejects.toThrow()
    expect((await readSaved()).storeGroups).toEqual(groups)
  })

  it('keeps the low-stock level, the last export format and the detail panel width', async () => {
    const { store } = storeIn()
    await store.load()
    await store.update({ lowStockLevel: 2.5, exportFormat: 'csv', detailPanelWidth: 420 })
    expect(await readSaved()).toMatchObject({ lowStockLevel: 2.5, exportFormat: 'csv', detailPanelWidth: 420 })
    await expect(store.update({ lowStockLevel: -1 })).rejects.toThrow()
    await expect(store.update({ detailPanelWidth: 10 })).rejects.toThrow()
  })

  it('loads a file written before the CSV separator was kept with none chosen, and keeps the one chosen', async () => {
    const { csvSeparator: _separator, ...older } = DEFAULT_SETTINGS
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ ...older, exportFormat: 'csv' }))
    const { store } = storeIn()
    const { settings, warning } = await store.load()
    expect(warning).toBeNull()
    expect(settings).toMatchObject({ exportFormat: 'csv', csvSeparator: null })
    await store.update({ csvSeparator: 'semicolon' })
    expect(await readSaved()).toMatchObject({ csvSeparator: 'semicolon' })
    await expect(store.update({ csvSeparator: 'tab' as never })).rejects.toThrow()
    expect((await storeIn().store.load()).settings.csvSeparator).toBe('semicolon')
  })

  it('moves an unreadable path (a directory named settings.json) aside and can save again', async () => {
    await mkdir(join(dir, 'settings.json'))
    await writeFile(join(dir, 'settings.json.bak'), 'an older backup')
    const { store } = storeIn()

    expect(await store.load()).toEqual({ settings: DEFAULT_SETTINGS, warning: UNREADABLE_SETTINGS_WARNING })
    await store.update({ storeNbr: 5 })
    expect((await readSaved()).storeNbr).toBe(5)
  })

  it('removes temporary files left by an interrupted write', async () => {
    await writeFile(join(dir, '.settings.json.abc123.tmp'), '{"half": ')
    await writeFile(join(dir, 'unrelated.tmp'), 'not ours')
    await storeIn().store.load()
    expect((await readdir(dir)).sort()).toEqual(['unrelated.tmp'])
  })
})

describe('hosts the app no longer accepts', () => {
  it('replaces only those hosts with the standard ones, keeps everything else, and says so', async () => {
    const old = {
      ...DEFAULT_SETTINGS,
      storeNbr: 42,
      environments: {
        sandbox: { ...DEFAULT_SETTINGS.environments.sandbox, clientId: 'kept', market: 'mexico', authUrl: 'http://identity.example.com' },
        production: { ...DEFAULT_SETTINGS.environments.production, market: 'custom', baseUrl: 'https://inventory.example.com/?key=1' }
      }
    }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(old))
    const loaded = await storeIn().store.load()
    expect(loaded.settings.storeNbr).toBe(42)
    expect(loaded.settings.environments.sandbox).toEqual({ ...old.environments.sandbox, authUrl: 'https://developer.api.stg.walmart.com' })
    expect(loaded.settings.environments.production).toEqual({
      ...old.environments.production,
      baseUrl: 'https://api.walmartdataventures.ca'
    })
    expect(loaded.warning).toBe(
      'Your settings named a Sandbox identity host and a Production inventory host that the app no longer accepts (https:// only, no user name, query or fragment), so the standard hosts are in use; check them in Settings.'
    )
  })

  it.each([
    ['plain http to another computer', 'http://evil.example'],
    ['a very long address', `https://example.com/${'a'.repeat(140_000)}`],
    ['credentials', 'https://user:pass@example.com'],
    ['a fragment', 'https://example.com/#x']
  ])('refuses an update to a host with %s', async (_case, authUrl) => {
    const { store } = storeIn()
    await store.load()
    await expect(store.update({ environments: { sandbox: { authUrl } } })).rejects.toMatchObject({ code: 'invalid_input' })
    expect(store.current().settings.environments.sandbox.authUrl).toBe(DEFAULT_SETTINGS.environments.sandbox.authUrl)
  })
})

describe('read-only, for the headless command', () => {
  it.each([
    ['corrupt JSON', '{"version": 1, "environment": "sandb'],
    ['a file from a newer version', JSON.stringify({ ...DEFAULT_SETTINGS, version: 2, newField: true })]
  ])('refuses %s with a sentence that names the file, and leaves the folder exactly as it was', async (_case, content) => {
    await writeFile(join(dir, 'settings.json'), content)
    await writeFile(join(dir, '.settings.json.abc123.tmp'), 'the app may be writing this')
    const { store } = storeIn(dir, true)
    await expect(store.load()).rejects.toMatchObject({
      code: 'file_unreadable',
      message: expect.stringContaining(`${join(dir, 'settings.json')} could not be used, and it was left as it is`)
    })
    expect((await readdir(dir)).sort()).toEqual(['.settings.json.abc123.tmp', 'settings.json'])
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(content)
  })

  it('reads a good file and never writes it', async () => {
    const app = storeIn().store
    await app.load()
    await app.update({ storeNbr: 8 })
    const before = await readFile(join(dir, 'settings.json'), 'utf8')
    const { store } = storeIn(dir, true)
    expect((await store.load()).settings.storeNbr).toBe(8)
    await expect(store.update({ storeNbr: 9 })).rejects.toBeInstanceOf(Error)
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(before)
  })
})

describe('saving settings', () => {
  it('round-trips every field through the file', async () => {
    const { store } = storeIn()
    await store.load()
    const saved = await store.update({
      environment: 'production',
      storeNbr: 4321,
      itemType: 'wm_item_number',
      demoBannerDismissed: true,
      environments: { production: { clientId: 'client-abc', market: 'mexico', bearerPrefix: true } }
    })
    await store.setWindowBounds({ x: 10, y: 20, width: 1200, height: 800, maximized: false })

    const reloaded = await storeIn().store.load()
    expect(reloaded.warning).toBeNull()
    expect(reloaded.settings).toEqual({ ...saved, window: { x: 10, y: 20, width: 1200, height: 800, maximized: false } })
    expect(reloaded.settings.environments.production).toEqual({
      ...DEFAULT_SETTINGS.environments.production,
      clientId: 'client-abc',
      market: 'mexico',
      bearerPrefix: true
    })
    expect(reloaded.settings.environments.sandbox).toEqual(DEFAULT_SETTINGS.environments.sandbox)
  })

  it('merges an environments patch into the saved values instead of replacing them', async () => {
    const { store } = storeIn()
    await store.load()
    await store.update({ environments: { sandbox: { clientId: 'sandbox-id', baseUrl: 'https://sandbox.example.test' } } })
    await store.update({ environments: { sandbox: { bearerPrefix: true } } })
    await store.update({ environments: { sandbox: { clientId: undefined } } })

    expect((await readSaved()).environments.sandbox).toEqual({
      ...DEFAULT_SETTINGS.environments.sandbox,
      clientId: 'sandbox-id',
      baseUrl: 'https://sandbox.example.test',
      bearerPrefix: true
    })
  })

  it("keeps each view's choice of columns when another view's is saved, and refuses a malformed one", async () => {
    const { store } = storeIn()
    await store.load()
    await store.update({ columns: { items: { order: ['line', 'status'], hidden: ['gtin'] } } })
    await store.update({ columns: { matrix: { order: [], hidden: ['line'] } } })
    expect((await readSaved()).columns).toEqual({
      items: { order: ['line', 'status'], hidden: ['gtin'] },
      matrix: { order: [], hidden: ['line'] }
    })
    await expect(store.update({ columns: { items: { order: [''], hidden: [] } } })).rejects.toThrow()
  })

  it('applies concurrent updates one after another without losing a field', async () => {
    const { store } = storeIn()
    await store.load()
    await Promise.all([
      store.update({ storeNbr: 11 }),
      store.update({ itemType: 'wm_item_number' }),
      store.update({ environments: { sandbox: { clientId: 'a' } } }),
      store.update({ environments: { production: { clientId: 'b' } } }),
      store.setWindowBounds({ x: 0, y: 0, width: 800, height: 600, maximized: true }),
      store.update({ demoBannerDismissed: true }),
      store.update({ environment: 'sandbox' })
    ])
    const expected = {
      ...DEFAULT_SETTINGS,
      storeNbr: 11,
      itemType: 'wm_item_number',
      environment: 'sandbox',
      demoBannerDismissed: true,
      window: { x: 0, y: 0, width: 800, height: 600, maximized: true },
      environments: {
        sandbox: { ...DEFAULT_SETTINGS.environments.sandbox, clientId: 'a' },
        production: { ...DEFAULT_SETTINGS.environments.production, clientId: 'b' }
      }
    }
    expect(store.current().settings).toEqual(expected)
    expect(await readSaved()).toEqual(expected)
  })

  it('keeps going after a rejected update and leaves the settings unchanged by it', async () => {
    const { store } = storeIn()
    await store.load()
    const results = await Promise.allSettled([
      store.update({ storeNbr: 3 }),
      store.update({ storeNbr: -1 }),
      store.setWindowBounds({ x: 0, y: 0, width: 10, height: 10, maximized: false }),
      store.update({ itemType: 'wm_item_number' })
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'invalid_input' } })
    expect(await readSaved()).toMatchObject({ storeNbr: 3, itemType: 'wm_item_number', window: null })
  })

  it('reports a write failure as file_write_failed and keeps the previous settings in memory', async () => {
    const blocker = join(dir, 'not-a-folder')
    await writeFile(blocker, 'a file where the data folder should be')
    const { store } = storeIn(blocker)
    await store.load()
    await expect(store.update({ storeNbr: 9 })).rejects.toMatchObject({ code: 'file_write_failed' })
    expect(store.current().settings.storeNbr).toBe(DEFAULT_SETTINGS.storeNbr)
  })

  it('keeps the previous valid settings when the writer is killed in the middle of a write', async () => {
    const { store } = storeIn()
    await store.load()
    await store.update({ storeNbr: 1 })

    // Kill until one kill lands mid-write (a temporary file is left behind), so the case is really exercised.
    let killedMidWrite = false
    for (let attempt = 0; attempt < 10 && !killedMidWrite; attempt += 1) {
      await killWriterMidway(join(dir, 'settings.json'))
      killedMidWrite = (await readdir(dir)).some((name) => name.endsWith('.tmp'))
      const loaded = await storeIn().store.load()
      expect(loaded.warning).toBeNull()
      expect([100, 200]).toContain(loaded.settings.storeNbr)
    }
    expect(killedMidWrite).toBe(true)
    expect(await readdir(dir)).toEqual(['settings.json'])
  })
})

async function killWriterMidway(path: string): Promise<void> {
  const first = JSON.stringify({ ...DEFAULT_SETTINGS, storeNbr: 100 })
  const second = JSON.stringify({ ...DEFAULT_SETTINGS, storeNbr: 200 })
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'test-support/rewrite-settings-forever.ts'), path, first, second],
    { cwd: resolve(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] }
  )
  const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => done(signal)))
  await new Promise<void>((done, fail) => {
    child.stdout.once('data', () => done())
    child.once('exit', (code) => fail(new Error(`the writer exited early with code ${code}`)))
  })
  // Kill as the next write is under way: its temporary file has just appeared.
  await temporaryFileAppears(dirname(path))
  child.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')
}

function temporaryFileAppears(dir: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, (_event, name) => {
      if (name?.endsWith('.tmp') === true) {
        watcher.close()
        resolve()
      }
    })
  })
}
