import { describe, expect, it } from 'vitest'
import { createMovableClock } from './movable-clock'

describe('the movable clock', () => {
  it('keeps the real clock running from where it was set', () => {
    let real = 1_000
    const clock = createMovableClock({ start: 50_000, realNow: () => real })
    expect(clock.now()).toBe(50_000)
    real += 30
    expect(clock.now()).toBe(50_030)
  })

  it('fires the timers a move passes, in the order of their times, and none twice', () => {
    const clock = createMovableClock({ start: 0, realNow: () => 0 })
    const fired: string[] = []
    clock.setTimer(300, () => fired.push('late'))
    clock.setTimer(100, () => fired.push('early'))
    const cancel = clock.setTimer(200, () => fired.push('cancelled'))
    cancel()
    clock.advance(150)
    expect(fired).toEqual(['early'])
    clock.advance(1_000)
    clock.advance(1_000)
    expect(fired).toEqual(['early', 'late'])
  })

  it('set back, fires nothing; set forward past a timer, fires it', () => {
    const clock = createMovableClock({ start: 10_000, realNow: () => 0 })
    const fired: number[] = []
    clock.setTimer(500, () => fired.push(clock.now()))
    clock.set(5_000)
    expect(fired).toEqual([])
    clock.set(20_000)
    expect(fired).toEqual([20_000])
  })
})
