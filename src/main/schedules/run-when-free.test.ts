import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { createFakeClock, flushMicrotasks } from '../jobs/test-support/fake-clock'
import { FREE_SLOT_RECHECK_MS, runWhenFree } from './run-when-free'

/** A cap of lookups the test fills and frees, and a lookup's end it announces. */
function setup(busyFor: number) {
  const clock = createFakeClock()
  const listeners = new Set<() => void>()
  const waiting: boolean[] = []
  let attempts = 0
  const run = async () => {
    attempts += 1
    if (attempts <= busyFor) throw new AppError('busy', '2 lookups are running.')
    return `started at ${clock.now()}`
  }
  const effects = {
    setTimer: clock.setTimer,
    onLookupEnded(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    waiting: (value: boolean) => waiting.push(value)
  }
  const lookupEnds = () => {
    for (const listener of [...listeners]) listener()
  }
  return { clock, run, effects, waiting, lookupEnds, attempts: () => attempts, listeners }
}

describe('a scheduled run refused by the cap on running lookups', () => {
  it('starts at once when a lookup is free, and says nothing of waiting', async () => {
    const s = setup(0)
    await expect(runWhenFree(s.run, s.effects)).resolves.toBe(`started at ${s.clock.now()}`)
    expect(s.waiting).toEqual([])
  })

  it('waits for a lookup to end, then starts, saying it waited', async () => {
    const s = setup(1)
    const started = s.clock.now()
    let result: string | null = null
    void runWhenFree(s.run, s.effects).then((value) => (result = value))
    await flushMicrotasks()
    expect(result).toBeNull()
    expect(s.waiting).toEqual([true])
    await s.clock.advance(10_000)
    s.lookupEnds()
    await flushMicrotasks()
    expect(result).toBe(`started at ${started + 10_000}`)
    expect(s.waiting).toEqual([true, false])
    expect(s.listeners.size).toBe(0)
    expect(s.clock.pendingTimers()).toBe(0)
  })

  it('with no lookup end heard, tries again each recheck until one is free: late, never lost', async () => {
    const s = setup(3)
    const started = s.clock.now()
    const result = await s.clock.runUntilSettled(runWhenFree(s.run, s.effects))
    expect(result).toBe(`started at ${started + 3 * FREE_SLOT_RECHECK_MS}`)
    expect(s.attempts()).toBe(4)
    expect(s.waiting).toEqual([true, false])
  })

  it('passes on any other failure at once', async () => {
    const s = setup(0)
    const failing = async () => {
      throw new AppError('wrong_credentials', 'The client secret was refused.')
    }
    await expect(runWhenFree(failing, s.effects)).rejects.toThrow('The client secret was refused.')
    expect(s.waiting).toEqual([])
  })
})
