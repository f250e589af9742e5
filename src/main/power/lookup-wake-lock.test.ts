import { describe, expect, it } from 'vitest'
import type { JobState } from '../../shared/domain/job-progress'
import { createMemoryLogger } from '../logging/logger'
import { createLookupWakeLock } from './lookup-wake-lock'

/** A stand-in for the OS's power blocker that records what was asked of it. */
function recordingBlocker(options: { failHolds?: number } = {}) {
  const events: string[] = []
  let failures = options.failHolds ?? 0
  return {
    events,
    keepAwake() {
      if (failures > 0) {
        failures -= 1
        throw new Error('no power service')
      }
      events.push('hold')
      return () => events.push('release')
    }
  }
}

const progress = (jobId: string, state: JobState) => ({ jobId, state })

describe('the wake lock over running lookups', () => {
  it('holds once while a lookup runs or waits on the rate limit, and releases when it finishes', () => {
    const blocker = recordingBlocker()
    const lock = createLookupWakeLock(blocker.keepAwake, createMemoryLogger())
    expect(lock.held()).toBe(false)
    lock.observe(progress('1', 'running'))
    lock.observe(progress('1', 'running'))
    lock.observe(progress('1', 'throttled'))
    lock.observe(progress('1', 'running'))
    expect(lock.held()).toBe(true)
    expect(blocker.events).toEqual(['hold'])
    lock.observe(progress('1', 'finished'))
    expect(lock.held()).toBe(false)
    // The final progress can come twice (shown stopped, then written): nothing more is released.
    lock.observe(progress('1', 'finished'))
    expect(blocker.events).toEqual(['hold', 'release'])
  })

  it('counts across lookups: released only when the last running one ends, however it ends', () => {
    for (const end of ['finished', 'cancelled', 'interrupted'] as const) {
      const blocker = recordingBlocker()
      const lock = createLookupWakeLock(blocker.keepAwake, createMemoryLogger())
      lock.observe(progress('1', 'running'))
      lock.observe(progress('2', 'running'))
      lock.observe(progress('1', end))
      expect(lock.held(), end).toBe(true)
      lock.observe(progress('3', 'throttled'))
      lock.observe(progress('2', end))
      expect(lock.held(), end).toBe(true)
      lock.observe(progress('3', end))
      expect(lock.held(), end).toBe(false)
      expect(blocker.events, end).toEqual(['hold', 'release'])
    }
  })

  it('holds again for a lookup resumed under the same id, and ignores lookups it never saw running', () => {
    const blocker = recordingBlocker()
    const lock = createLookupWakeLock(blocker.keepAwake, createMemoryLogger())
    lock.observe(progress('9', 'cancelled'))
    expect(blocker.events).toEqual([])
    lock.observe(progress('7', 'running'))
    lock.observe(progress('7', 'cancelled'))
    lock.observe(progress('7', 'running'))
    expect(lock.held()).toBe(true)
    lock.observe(progress('7', 'finished'))
    expect(blocker.events).toEqual(['hold', 'release', 'hold', 'release'])
  })

  it('lets a lookup run when the computer cannot be kept awake, says so in the log, and tries again for the next lookup', () => {
    const blocker = recordingBlocker({ failHolds: 1 })
    const log = createMemoryLogger()
    const lock = createLookupWakeLock(blocker.keepAwake, log)
    lock.observe(progress('1', 'running'))
    expect(lock.held()).toBe(false)
    expect(log.lines.join('\n')).toContain('the computer could not be kept awake during a lookup')
    lock.observe(progress('2', 'running'))
    expect(lock.held()).toBe(true)
    lock.observe(progress('1', 'finished'))
    lock.observe(progress('2', 'finished'))
    expect(blocker.events).toEqual(['hold', 'release'])
  })

  it('lets go when the app closes with lookups running', () => {
    const blocker = recordingBlocker()
    const lock = createLookupWakeLock(blocker.keepAwake, createMemoryLogger())
    lock.observe(progress('1', 'running'))
    lock.close()
    expect(lock.held()).toBe(false)
    lock.observe(progress('1', 'interrupted'))
    expect(blocker.events).toEqual(['hold', 'release'])
  })
})
