import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { peakRss, sampledPeak } from './peak-rss'

const MB = 1024 * 1024

/** 64 MB made resident by a thread that then ends, taking its memory with it: a spike gone before anyone reads. */
async function spikeOnAThread(): Promise<void> {
  const thread = new Worker('new Uint8Array(64 * 1024 * 1024).fill(1)', { eval: true })
  await once(thread, 'exit')
}

describe('peakRss', () => {
  it.runIf(process.platform === 'linux')("on Linux keeps the kernel's peak of a spike gone before it is read, until a reset", async () => {
    const peak = peakRss()
    try {
      expect(peak.source).toBe('kernel')
      const before = process.memoryUsage.rss()
      peak.reset()
      await spikeOnAThread()
      expect(process.memoryUsage.rss()).toBeLessThan(before + 32 * MB)
      const seen = peak.read()
      expect(seen).toBeGreaterThanOrEqual(before + 48 * MB)
      peak.reset()
      expect(peak.read()).toBeLessThan(seen - 32 * MB)
    } finally {
      peak.stop()
    }
  })

  it('sampled, sees what is resident as it is read, and forgets it at a reset', () => {
    const peak = sampledPeak()
    try {
      expect(peak.source).toBe('sampled')
      const before = process.memoryUsage.rss()
      peak.reset()
      const held = new Uint8Array(64 * MB).fill(1)
      expect(peak.read()).toBeGreaterThanOrEqual(before + 48 * MB)
      expect(held[held.length - 1]).toBe(1)
    } finally {
      peak.stop()
    }
  })
})
