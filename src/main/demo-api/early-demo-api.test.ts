import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { runningThreads } from '../workers/thread-census'
import { parseDemoDate, type DemoDay } from './demo-date'
import { startEarlyDemoApi, type EarlyDemoApi } from './early-demo-api'
import { lazyDemoApi } from './lazy-demo-api'

const A_DAY = parseDemoDate('2025-03-14') as DemoDay
const demoThreads = () => runningThreads('Demo API').length

const opened: EarlyDemoApi[] = []
afterEach(async () => {
  for (const early of opened.splice(0)) await early.close()
  await vi.waitFor(() => expect(demoThreads()).toBe(0))
})

function early(): EarlyDemoApi {
  const started = startEarlyDemoApi({ day: A_DAY })
  opened.push(started)
  return started
}

describe('a Demo API started early', () => {
  it('is the one the first use takes over: no second thread starts, and closing the Demo closes it', async () => {
    const started = early()
    const demo = lazyDemoApi({ day: () => A_DAY, early: started }, createMemoryLogger())
    const api = await demo.forLookup()
    expect(demoThreads()).toBe(1)
    expect((await fetch(`${api.url}/`)).status).toBeGreaterThanOrEqual(200)
    await demo.close()
    await vi.waitFor(() => expect(demoThreads()).toBe(0))
    // Closing it again, as the command does once it is done, is closing once.
    await started.close()
  })

  it('is closed by its starter when nothing took it over', async () => {
    const started = early()
    await vi.waitFor(() => expect(demoThreads()).toBe(1))
    await started.close()
    await vi.waitFor(() => expect(demoThreads()).toBe(0))
  })

  it('is taken over once: after it has gone, the next use starts a Demo of its own', async () => {
    const gone: string[] = []
    const demo = lazyDemoApi({ day: () => A_DAY, early: early(), onGone: (url) => gone.push(url) }, createMemoryLogger())
    const first = await demo.get()
    for (const thread of runningThreads('Demo API')) await thread.terminate()
    await vi.waitFor(() => expect(gone).toEqual([first.url]))
    const second = await demo.get()
    expect(second).not.toBe(first)
    expect(demoThreads()).toBe(1)
    await demo.close()
  })
})
