import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Harness } from './start-harness'
import { previewDataDir, startPreview } from './start-preview'

let dir: string | null = null
let harness: Harness | null = null
afterEach(async () => {
  await harness?.close()
  harness = null
  if (dir !== null) await rm(dir, { recursive: true, force: true })
  dir = null
})

const modeOf = (path: string) => statSync(path).mode & 0o777

describe("the browser preview's data folder", () => {
  it('is PREVIEW_DATA_DIR when set, the home folder one when unset or empty, and never relative', () => {
    expect(previewDataDir({ PREVIEW_DATA_DIR: '/srv/preview' }, '/home/ana')).toBe('/srv/preview')
    expect(previewDataDir({}, '/home/ana')).toBe('/home/ana/.store-inventory-lookup-preview')
    expect(previewDataDir({ PREVIEW_DATA_DIR: '' }, '/home/ana')).toBe('/home/ana/.store-inventory-lookup-preview')
    expect(() => previewDataDir({ PREVIEW_DATA_DIR: 'preview' }, '/home/ana')).toThrow(
      /PREVIEW_DATA_DIR is "preview", which is not a full path/
    )
    expect(() => previewDataDir({}, 'home')).toThrow(/The home folder is "home", which is not a full path/)
  })

  it.skipIf(process.platform === 'win32')(
    'is created 0700 with its exports folder, and History with its log and shared-memory files, and the app log, 0600 (POSIX modes; Windows has none)',
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'preview-'))
      const dataDir = join(dir, 'fresh', 'preview')
      harness = await startPreview({ PREVIEW_DATA_DIR: dataDir, PREVIEW_SECRET_STORE: 'memory' })
      expect(modeOf(join(dir, 'fresh'))).toBe(0o700)
      expect(modeOf(dataDir)).toBe(0o700)
      expect(modeOf(harness.exportDir)).toBe(0o700)
      for (const name of ['history.sqlite', 'history.sqlite-wal', 'history.sqlite-shm', 'main.log']) {
        expect(existsSync(join(dataDir, name)), name).toBe(true)
        expect(modeOf(join(dataDir, name)), name).toBe(0o600)
      }
    }
  )
})
