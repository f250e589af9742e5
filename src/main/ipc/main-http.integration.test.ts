import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const lookup = join(dirname(fileURLToPath(import.meta.url)), 'test-support', 'node-entry-lookup.ts')

async function lookUpWithMainHttp(mainHttp: 'node' | 'fetch') {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', lookup, mainHttp])
  return JSON.parse(stdout) as { state: string; answered: number; mainLoadedBefore: boolean; mainLoaded: boolean; threadLoaded: boolean }
}

/**
 * Node's fetch (undici) is compiled on the thread that first uses it, some 100 ms of main's
 * processor time in a lookup. Under Node, main's own requests go over node:http(s) and the
 * searches' fetch runs on the search thread, so main never loads it. Each case runs in a process
 * of its own: vitest's thread may have loaded it already.
 */
describe("main's requests under the Node entries", () => {
  it('leave undici unloaded on main through a whole Demo lookup, the token and the first searches sent from main', async () => {
    const seen = await lookUpWithMainHttp('node')
    expect(seen).toMatchObject({ state: 'finished', answered: 2_000, mainLoadedBefore: false, mainLoaded: false })
    // The list is per thread: a thread that reads `Headers` loads it in its own.
    expect(seen.threadLoaded).toBe(true)
  }, 60_000)

  it('over fetch, as the Electron entry keeps them, load it on the thread that sends them: what the first case sees is real', async () => {
    expect(await lookUpWithMainHttp('fetch')).toMatchObject({
      state: 'finished',
      answered: 2_000,
      mainLoadedBefore: false,
      mainLoaded: true
    })
  }, 60_000)
})
