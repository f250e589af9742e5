import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { createAppRoot } from '../../composition-root'
import { createMemorySecretStore } from '../../credentials/memory-secret-store'
import { asLines, validGtins } from '../../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../../logging/logger'
import { packInputColumn } from '../../../shared/input-column'

/**
 * Run as its own process (vitest's own thread may have loaded Node's fetch already): a Demo lookup
 * through the app's root with the Node entries' effects, main's requests over `argv[2]` (`node` or
 * `fetch`). Prints whether main's thread loaded undici, Node's fetch, and whether a thread that
 * uses fetch loaded it in its own list: `process.moduleLoadList` is per thread.
 */
const UNDICI = 'NativeModule internal/deps/undici/undici'
/** Node's own list of the built-in modules this thread has loaded, which its types do not declare. */
const loadedUndici = (): boolean => (process as unknown as { moduleLoadList: readonly string[] }).moduleLoadList.includes(UNDICI)
const mainHttp = process.argv[2] === 'fetch' ? 'fetch' : 'node'
const dir = await mkdtemp(join(tmpdir(), 'node-entry-lookup-'))
const root = await createAppRoot({
  fetch: globalThis.fetch,
  searchHttp: 'search-thread',
  mainHttp,
  now: Date.now,
  secretStore: createMemorySecretStore(),
  userDataDir: dir,
  log: createMemoryLogger(),
  chooseExportPath: async () => null,
  openExternal: async () => undefined
})
const loadedBefore = loadedUndici()
// Large enough that its first replies start the search thread, and the searches before that go out from main.
const lines = asLines(validGtins(2_000))
const { jobId } = await root.services.lookups.start({ environment: 'demo', stores: [43], itemType: 'gtin', lines: packInputColumn(lines) })
const settled = await root.services.lookups.whenSettled(jobId)
const loadedAfter = loadedUndici()
await root.close()
await rm(dir, { recursive: true, force: true })
const fetchingThread = new Worker(
  `const { parentPort } = require('node:worker_threads'); void Headers; parentPort.postMessage(process.moduleLoadList.includes(${JSON.stringify(UNDICI)}))`,
  { eval: true }
)
const threadLoaded = await new Promise<unknown>((resolve) => fetchingThread.once('message', resolve))
await fetchingThread.terminate()
process.stdout.write(
  JSON.stringify({
    state: settled.state,
    answered: settled.found + settled.notFound,
    mainLoadedBefore: loadedBefore,
    mainLoaded: loadedAfter,
    threadLoaded,
    mainLoadedAtEnd: loadedUndici()
  })
)
