import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getHeapSpaceStatistics } from 'node:v8'
import { createAppRoot } from '../../composition-root'
import { createMemorySecretStore } from '../../credentials/memory-secret-store'
import { createMemoryLogger } from '../../logging/logger'

/**
 * Run as its own process (V8's flags are per process): builds the app's root as every entry does,
 * then, in many short tasks as main handles a lookup's messages, keeps the last 300,000 small objects
 * alive while making new ones, and prints how large main's young generation was before and became.
 */
const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
const MB = 1024 * 1024
const dir = await mkdtemp(join(tmpdir(), 'young-churn-'))
const root = await createAppRoot({
  fetch: globalThis.fetch,
  now: Date.now,
  secretStore: createMemorySecretStore(),
  userDataDir: dir,
  log: createMemoryLogger(),
  chooseExportPath: async () => null,
  openExternal: async () => undefined
})
const before = newSpace()
const window: unknown[] = []
let largest = before
for (let task = 0; task < 600; task += 1) {
  for (let index = 0; index < 10_000; index += 1) window[(task * 10_000 + index) % 300_000] = { task, index, text: `kept ${index}` }
  await new Promise((resolve) => setImmediate(resolve))
  largest = Math.max(largest, newSpace())
}
await root.close()
await rm(dir, { recursive: true, force: true })
process.stdout.write(JSON.stringify({ beforeMb: before / MB, largestMb: largest / MB, kept: window.length }))
