import { describe, expect, it, vi } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import type { ThreadStoppedError } from '../workers/supervised-thread'
import type { DemoApiThread, DemoApiThreadOptions } from './demo-api-thread'
import { startEarlyDemoApi } from './early-demo-api'

// The thread itself is replaced: what is tested is who hears its stop and its log, before and after the take-over.
const starts = vi.hoisted(() => [] as DemoApiThreadOptions[])
const closes = vi.hoisted(() => ({ count: 0 }))
vi.mock('./demo-api-thread', () => ({
  startDemoApiThread: (options: DemoApiThreadOptions) => {
    starts.push(options)
    const api = { url: 'http://127.0.0.1:1', close: async () => void (closes.count += 1) }
    return Promise.resolve(api as unknown as DemoApiThread)
  }
}))

const stop = (message: string) => new Error(message) as ThreadStoppedError

describe('a Demo API started early, before it is taken over', () => {
  it('keeps a stop that came before the take-over for the one taking it over, and then passes on the next', async () => {
    const early = startEarlyDemoApi({ day: 1 })
    const options = starts.at(-1)
    starts.length = 0
    options?.onStopped?.(stop('first'))
    const heard: string[] = []
    const log = createMemoryLogger()
    const api = early.adopt({ log, onStopped: (error) => heard.push(error.message) })
    expect(heard).toEqual([])
    expect(await api).toMatchObject({ url: 'http://127.0.0.1:1' })
    await vi.waitFor(() => expect(heard).toEqual(['first']))
    options?.onStopped?.(stop('second'))
    expect(heard).toEqual(['first', 'second'])
    // Its thread's log is the taker's from then on.
    options?.log?.error('the Demo API stopped unexpectedly')
    expect(log.lines.join('\n')).toContain('the Demo API stopped unexpectedly')
    // Taken once: a second taker starts its own Demo; nothing else was started meanwhile.
    expect(early.adopt({ log, onStopped: () => undefined })).toBeNull()
    expect(starts).toEqual([])
    await early.close()
    expect(closes.count).toBe(1)
  })
})
