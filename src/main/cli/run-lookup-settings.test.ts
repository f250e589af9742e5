import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../../shared/settings'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { createAppRoot } from '../composition-root'
import type { LookupIo } from './lookup-io'
import { runLookup } from './run-lookup'

/** The headless command shares the app's settings folder: it reads the file and never renames or rewrites it. */
let dir: string
let dataDir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-lookup-settings-'))
  dataDir = join(dir, 'data')
  await mkdir(dataDir)
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function terminal(): LookupIo & { err: string[] } {
  const err: string[] = []
  return {
    err,
    env: { STORE_INVENTORY_DATA_DIR: dataDir },
    stdout: () => undefined,
    stderr: (text) => err.push(text),
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: () => createMemorySecretStore(),
    startServices: createAppRoot,
    onInterrupt: () => () => undefined,
    progressIntervalMs: 60_000
  }
}

async function lookUp(io: LookupIo): Promise<number> {
  const input = join(dir, 'in.txt')
  await writeFile(input, '00012345678905\n')
  return runLookup(['--env', 'demo', '--store', '1234', '--input', input, '--output', join(dir, 'out.csv')], io)
}

describe('npm run lookup and the app settings file', () => {
  it.each([
    ['corrupt', '{"version": 1, "environment": "sandb'],
    ['written by a newer version', JSON.stringify({ ...DEFAULT_SETTINGS, version: 2 })]
  ])('a %s file: exit 2 with a sentence naming it, and the file and folder untouched', async (_case, content) => {
    await writeFile(join(dataDir, 'settings.json'), content)
    const io = terminal()
    expect(await lookUp(io)).toBe(2)
    expect(io.err.join('')).toContain(
      `Error: The app's settings file ${join(dataDir, 'settings.json')} could not be used, and it was left as it is`
    )
    expect(await readdir(dataDir)).toEqual(['settings.json'])
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).toBe(content)
  })

  it('a good file is read and left byte for byte as it was; the run is saved in History beside it', async () => {
    const content = `${JSON.stringify({ ...DEFAULT_SETTINGS, storeNbr: 99 }, null, 2)}\n`
    await writeFile(join(dataDir, 'settings.json'), content)
    expect(await lookUp(terminal())).toBe(0)
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).toBe(content)
    expect(await readdir(dataDir)).toEqual(['history.sqlite', 'settings.json'])
  })
})
