import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startCountedWorker } from './counted-worker'
import { runningThreads } from './thread-census'
import { THREAD_YOUNG_GENERATION_MB } from './thread-limits'

const ECHO_DATA = "import { parentPort, workerData } from 'node:worker_threads'\nparentPort.postMessage(workerData)\n"

describe('startCountedWorker', () => {
  let folder: string | null = null
  afterEach(async () => {
    if (folder !== null) await rm(folder, { recursive: true, force: true })
    folder = null
  })

  async function builtScript(): Promise<string> {
    folder = await mkdtemp(join(tmpdir(), 'counted-worker-'))
    const script = join(folder, 'echo.mjs')
    await writeFile(script, ECHO_DATA)
    return script
  }

  it('starts the built script with its data and the small young generation, counted by name until it exits', async () => {
    const thread = startCountedWorker({
      name: 'Counted test',
      beside: import.meta.url,
      source: 'not-used.ts',
      built: await builtScript(),
      workerData: { role: 'writer' },
      maxOldGenerationSizeMb: 64
    })
    const [data] = (await once(thread, 'message')) as [unknown]
    expect(data).toEqual({ role: 'writer' })
    expect(thread.resourceLimits).toMatchObject({ maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: 64 })
    expect(runningThreads('Counted test')).toEqual([thread])
    await thread.terminate()
    expect(runningThreads('Counted test')).toEqual([])
  })
})
