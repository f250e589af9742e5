import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { countThread, threadHeaps } from './thread-census'

describe('thread census', () => {
  it("reports each counted thread's heap by name while it runs, and forgets it once it exits", async () => {
    const thread = new Worker("require('node:worker_threads').parentPort.on('message', () => undefined)", { eval: true })
    countThread('Census test', thread)
    await once(thread, 'online')
    const heaps = (await threadHeaps()).filter((heap) => heap.name === 'Census test')
    expect(heaps).toHaveLength(1)
    expect(heaps[0]?.usedBytes).toBeGreaterThan(0)
    expect(heaps[0]?.totalBytes).toBeGreaterThanOrEqual(heaps[0]?.usedBytes ?? Infinity)
    await thread.terminate()
    expect((await threadHeaps()).filter((heap) => heap.name === 'Census test')).toEqual([])
  })
})
