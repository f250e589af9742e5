import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { searchPathFor, TOKEN_PATH } from '../shared/environments'
import { createAppRoot, type AppRoot } from './composition-root'
import { createMemorySecretStore } from './credentials/memory-secret-store'
import { asLines, validGtins } from './jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from './logging/logger'
import { packInputColumn } from '../shared/input-column'

/**
 * Where the searches' HTTP runs is the root's caller's choice, not a guess: Electron's main passes
 * `main` (its `net.fetch` runs only there), the Node entries `search-thread` (from the thread, which
 * a large search starts; a small lookup's searches go from main, their replies read in place). The `fetch` effect sees every
 * request main sends, so what it sees tells where each search went out.
 */
let dir: string
let root: AppRoot | null = null
afterEach(async () => {
  await root?.close()
  root = null
  await rm(dir, { recursive: true, force: true })
})

async function lookUpThrough(searchHttp: 'main' | 'search-thread' | undefined, values = 250): Promise<string[]> {
  dir = await mkdtemp(join(tmpdir(), 'search-http-'))
  const seen: string[] = []
  root = await createAppRoot({
    fetch: (input, init) => {
      seen.push(new URL(input instanceof Request ? input.url : input).pathname)
      return globalThis.fetch(input, init)
    },
    ...(searchHttp === undefined ? {} : { searchHttp }),
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir: dir,
    log: createMemoryLogger(),
    chooseExportPath: async () => null,
    openExternal: async () => undefined
  })
  const lines = asLines(validGtins(values))
  const { jobId } = await root.services.lookups.start({
    environment: 'demo',
    stores: [43],
    itemType: 'gtin',
    lines: packInputColumn(lines)
  })
  const settled = await root.services.lookups.whenSettled(jobId)
  expect(settled.state).toBe('finished')
  expect(settled.found + settled.notFound).toBe(lines.length)
  return seen
}

describe("the searches' HTTP", () => {
  it('runs on the search thread when the caller says so, every search of a large lookup, the first one starting it', async () => {
    const seen = await lookUpThrough('search-thread', 2_000)
    expect(seen).toEqual([TOKEN_PATH])
  })

  it('sends a small lookup from the caller when the caller says search-thread: its one small reply starts no thread', async () => {
    expect(await lookUpThrough('search-thread', 3)).toEqual([TOKEN_PATH, searchPathFor('demo')])
  })

  it.each([['main'], [undefined]] as const)("runs on main's fetch when the caller says %s", async (searchHttp) => {
    const seen = await lookUpThrough(searchHttp)
    expect(seen.filter((path) => path === searchPathFor('demo'))).toHaveLength(3)
    expect(seen).toContain(TOKEN_PATH)
  })
})
