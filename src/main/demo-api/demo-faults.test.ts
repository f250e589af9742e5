import { describe, expect, it } from 'vitest'
import { createFaultDice, DEFAULT_DEMO_FAULTS, mergeFaults } from './demo-faults'

describe('mergeFaults', () => {
  it('keeps what the patch leaves out and refuses impossible values', () => {
    const merged = mergeFaults({ ...DEFAULT_DEMO_FAULTS }, { latencyMs: 50, rateLimitPerWindow: 25 })
    expect(merged).toMatchObject({ latencyMs: 50, rateLimitPerWindow: 25, tokenLifetimeSeconds: 900 })
    expect(mergeFaults(merged, { rateLimitPerWindow: null }).rateLimitPerWindow).toBeNull()
    expect(() => mergeFaults(merged, { dropConnectionRate: -0.1 })).toThrow(RangeError)
    expect(() => mergeFaults(merged, { rateLimitPerWindow: 2.5 })).toThrow(RangeError)
    expect(() => mergeFaults(merged, { malformedBodyRate: Number.NaN })).toThrow(RangeError)
  })
})

describe('createFaultDice', () => {
  it('repeats its decisions for a seed and honours each rate roughly', () => {
    const faults = { ...DEFAULT_DEMO_FAULTS, dropConnectionRate: 0.1, serverErrorRate: 0.2, malformedBodyRate: 0.1 }
    const roll = (seed: number): string[] => {
      const dice = createFaultDice(seed)
      return Array.from({ length: 5_000 }, () => dice.roll(faults).kind)
    }
    const first = roll(9)
    expect(roll(9)).toEqual(first)
    expect(roll(10)).not.toEqual(first)
    const share = (kind: string): number => first.filter((k) => k === kind).length / first.length
    expect(share('drop')).toBeCloseTo(0.1, 1)
    expect(share('server_error')).toBeCloseTo(0.9 * 0.2, 1)
    expect(share('malformed')).toBeCloseTo(0.9 * 0.8 * 0.1, 1)
  })

  it('fires nothing when every rate is zero', () => {
    const dice = createFaultDice(1)
    for (let i = 0; i < 1_000; i += 1) expect(dice.roll(DEFAULT_DEMO_FAULTS).kind).toBe('none')
  })
})
