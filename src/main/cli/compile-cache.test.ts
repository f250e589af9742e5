import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { constants } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COMPILE_CACHE_FOLDER, COMPILE_CACHE_VARIABLE, enableCompileCache } from './compile-cache'

const { ENABLED, ALREADY_ENABLED, FAILED, DISABLED } = constants.compileCacheStatus

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compile-cache-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Stands in for `module.enableCompileCache`, which a test cannot turn off again; says which folder it was given. */
function fakeEnable(status: number) {
  const asked: string[] = []
  return {
    asked,
    enable: (directory: string) => {
      asked.push(directory)
      return { status }
    }
  }
}

describe("the installed command's compile cache", () => {
  it("lives in the user's data folder, made private, and is passed to the command's threads", async () => {
    const data = join(dir, 'data')
    const { asked, enable } = fakeEnable(ENABLED)
    const env = enableCompileCache({ STORE_INVENTORY_DATA_DIR: data, OTHER: 'kept' }, enable)
    const cache = join(data, COMPILE_CACHE_FOLDER)
    expect(asked).toEqual([cache])
    expect(env).toEqual({ STORE_INVENTORY_DATA_DIR: data, OTHER: 'kept', [COMPILE_CACHE_VARIABLE]: cache })
    if (process.platform !== 'win32') {
      expect((await stat(data)).mode & 0o777).toBe(0o700)
      expect((await stat(cache)).mode & 0o777).toBe(0o700)
    }
  })

  it('leaves the threads as they are when Node did not turn it on: failed, disabled, or already on through NODE_COMPILE_CACHE', () => {
    for (const status of [FAILED, DISABLED, ALREADY_ENABLED]) {
      const env = { STORE_INVENTORY_DATA_DIR: join(dir, 'data') }
      expect(enableCompileCache(env, fakeEnable(status).enable)).toBe(env)
    }
  })

  it('changes nothing when the folder cannot be made, the data folder is unusable, or Node has no compile cache', async () => {
    const file = join(dir, 'a-file')
    await writeFile(file, '')
    const { asked, enable } = fakeEnable(ENABLED)
    // A file where the data folder should be: the cache folder cannot be made inside it.
    const blocked = { STORE_INVENTORY_DATA_DIR: file }
    expect(enableCompileCache(blocked, enable)).toBe(blocked)
    // A relative data folder is refused (the lookup then says so), and no folder is made for it.
    const relative = { STORE_INVENTORY_DATA_DIR: 'data' }
    expect(enableCompileCache(relative, enable)).toBe(relative)
    expect(asked).toEqual([])
    const old = { STORE_INVENTORY_DATA_DIR: join(dir, 'data') }
    expect(enableCompileCache(old, null)).toBe(old)
  })
})
