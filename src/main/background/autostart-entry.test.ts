import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AUTOSTART_FILE_NAME, autostartEntryText, writeAutostartEntry } from './autostart-entry'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'autostart-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the Linux login item (XDG autostart)', () => {
  it('starts the app hidden, its path quoted as the Desktop Entry Specification asks', () => {
    expect(autostartEntryText('/opt/Store Inventory Lookup/store-inventory-lookup')).toContain(
      'Exec="/opt/Store Inventory Lookup/store-inventory-lookup" --hidden\n'
    )
    expect(autostartEntryText('/home/a/$weird"`\\app')).toContain('Exec="/home/a/\\$weird\\"\\`\\\\app" --hidden')
  })

  it('is written when turned on and removed when turned off (and turning off twice is fine)', async () => {
    const path = join(dir, 'autostart', AUTOSTART_FILE_NAME)
    await writeAutostartEntry(dir, '/usr/bin/store-inventory-lookup', true)
    expect(await readFile(path, 'utf8')).toMatch(/^\[Desktop Entry\]\nType=Application\n/)
    await writeAutostartEntry(dir, '/usr/bin/store-inventory-lookup', false)
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' })
    await writeAutostartEntry(dir, '/usr/bin/store-inventory-lookup', false)
  })
})
