import { describe, expect, it } from 'vitest'
import { createProgressReporter } from './progress-reporter'
import { createFakeClock, FAKE_EPOCH } from './test-support/fake-clock'

function setup() {
  const clock = createFakeClock()
  let counter = 0
  const emitted: { at: number; value: number }[] = []
  const reporter = createProgressReporter({
    snapshot: () => counter,
    emit: (value) => emitted.push({ at: clock.now(), value }),
    now: clock.now,
    after: clock.setTimer
  })
  return {
    clock,
    reporter,
    emitted,
    bump() {
      counter += 1
      reporter.changed()
    }
  }
}

describe('createProgressReporter', () => {
  it('emits the first change at once and coalesces the rest to one emission per 100 ms', async () => {
    const { clock, emitted, bump } = setup()
    bump()
    expect(emitted).toEqual([{ at: clock.now(), value: 1 }])
    for (let i = 0; i < 50; i += 1) {
      bump()
      await clock.advance(7)
    }
    await clock.advance(200)
    const gaps = emitted.slice(1).map((e, i) => e.at - (emitted[i]?.at ?? 0))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100)
    // 350 ms of changes at 10 a second: the first emission plus about four more, and the latest value last.
    expect(emitted.length).toBeGreaterThanOrEqual(4)
    expect(emitted.length).toBeLessThanOrEqual(6)
    expect(emitted.at(-1)?.value).toBe(51)
  })

  it('emits a due change on the call that brings it, with no timer firing', async () => {
    const { clock, emitted, bump } = setup()
    bump()
    await clock.advance(50)
    bump()
    expect(clock.pendingTimers()).toBe(1)
    await clock.advance(70)
    // The interval has passed but the backstop has not: the change waits for the next one to carry it.
    expect(emitted.map((e) => e.value)).toEqual([1])
    bump()
    expect(emitted).toEqual([
      { at: FAKE_EPOCH, value: 1 },
      { at: FAKE_EPOCH + 120, value: 3 }
    ])
    expect(clock.pendingTimers()).toBe(0)
  })

  it('emits the last change of a quiet spell by the backstop, one interval plus the backstop after the emission before', async () => {
    const { clock, emitted, bump } = setup()
    bump()
    await clock.advance(50)
    bump()
    await clock.advance(149)
    expect(emitted.map((e) => e.value)).toEqual([1])
    await clock.advance(1)
    expect(emitted.at(-1)).toEqual({ at: FAKE_EPOCH + 200, value: 2 })
    expect(clock.pendingTimers()).toBe(0)
    await clock.advance(1_000)
    expect(emitted).toHaveLength(2)
  })

  it('always emits the final state at once, even inside the interval, and nothing after it', async () => {
    const { clock, reporter, emitted, bump } = setup()
    bump()
    bump()
    bump()
    expect(emitted).toHaveLength(1)
    reporter.final()
    expect(emitted.map((e) => e.value)).toEqual([1, 3])
    bump()
    await clock.advance(1_000)
    expect(emitted.map((e) => e.value)).toEqual([1, 3])
    expect(clock.pendingTimers()).toBe(0)
  })

  it('emits nothing when nothing changed', async () => {
    const { clock, emitted } = setup()
    await clock.advance(1_000)
    expect(emitted).toEqual([])
  })
})
