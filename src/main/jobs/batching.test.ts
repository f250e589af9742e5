import { describe, expect, it } from 'vitest'
import { MAX_BATCH_SIZE, toBatches } from './batching'

describe('toBatches', () => {
  it('splits 250 values into 100, 100 and 50, keeping order', () => {
    const values = Array.from({ length: 250 }, (_, i) => i)
    const batches = toBatches(values)
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50])
    expect(batches.flat()).toEqual(values)
  })

  it('returns one batch for exactly 100 values and none for an empty list', () => {
    expect(toBatches(Array.from({ length: MAX_BATCH_SIZE }, (_, i) => i))).toHaveLength(1)
    expect(toBatches([])).toEqual([])
  })

  it('honours a smaller size and refuses one the API would reject', () => {
    expect(toBatches(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']])
    expect(() => toBatches(['a'], 101)).toThrow(RangeError)
    expect(() => toBatches(['a'], 0)).toThrow(RangeError)
  })
})
