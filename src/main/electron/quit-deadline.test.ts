import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanUpWithin, QUIT_CLEANUP_DEADLINE_MS } from './quit-deadline'

afterEach(() => {
  vi.useRealTimers()
})

describe('cleanUpWithin', () => {
  it('resolves as soon as every task has settled, failures included', async () => {
    const finished: string[] = []
    const outcome = await cleanUpWithin(
      [
        async () => finished.push('window bounds'),
        async () => {
          throw new Error('the Demo API would not close')
        },
        () => {
          throw new Error('thrown before any promise')
        }
      ],
      QUIT_CLEANUP_DEADLINE_MS
    )
    expect(outcome).toBe('done')
    expect(finished).toEqual(['window bounds'])
  })

  it('gives up on a task that never ends once the 5 s deadline passes', async () => {
    vi.useFakeTimers()
    let settled: string | null = null
    void cleanUpWithin([() => new Promise(() => undefined), async () => undefined], QUIT_CLEANUP_DEADLINE_MS).then((outcome) => {
      settled = outcome
    })
    await vi.advanceTimersByTimeAsync(QUIT_CLEANUP_DEADLINE_MS - 1)
    expect(settled).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe('deadline')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('clears its timer when cleanup finishes first, so nothing is left to keep the process alive', async () => {
    vi.useFakeTimers()
    await cleanUpWithin([async () => undefined], QUIT_CLEANUP_DEADLINE_MS)
    expect(vi.getTimerCount()).toBe(0)
  })
})
