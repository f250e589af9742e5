import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
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

function terminal(env: NodeJS.ProcessEnv = {}): LookupIo & { err: string[] } {
  const err: string[] = []
  return {
    err,
    env: { STORE_INVENTORY_DATA_DIR: dataDir, ...env },
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

describe('the headless command and INVENTORY_CLIENT_SECRET_FILE', () => {
  it.skipIf(process.platform === 'win32')(
    'a secret file other users can read: exit 2 with the reason before anything is opened or looked up (POSIX modes)',
    async () => {
      const secretFile = join(dir, 'client-secret')
      await writeFile(secretFile, 's3cret\n', { mode: 0o644 })
      await chmod(secretFile, 0o644)
      const io = terminal({ INVENTORY_CLIENT_SECRET_FILE: secretFile })
      expect(await lookUp(io)).toBe(2)
      expect(io.err.join('')).toBe(
        `Error: INVENTORY_CLIENT_SECRET_FILE ${secretFile} can be read by other users (its permissions are 644); make it readable by its owner only (chmod 600 ${secretFile}) and run again.\n`
      )
      expect(await readdir(dataDir)).toEqual([])
    }
  )
})
