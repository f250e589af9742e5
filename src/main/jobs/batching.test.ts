import { describe, expect, it } from 'vitest'
import { MAX_BATCH_SIZE, batchRanges } from './batching'

describe('batchRanges', () => {
  it('splits 250 values into 100, 100 and 50, keeping order', () => {
    expect(batchRanges(250)).toEqual([
      [0, 100],
      [100, 200],
      [200, 250]
    ])
  })

  it('returns one batch for exactly 100 values and none for an empty list', () => {
    expect(batchRanges(MAX_BATCH_SIZE)).toEqual([[0, MAX_BATCH_SIZE]])
    expect(batchRanges(0)).toEqual([])
  })

  it('honours a smaller size and refuses one the API would reject', () => {
    expect(batchRanges(3, 2)).toEqual([
      [0, 2],
      [2, 3]
    ])
    expect(() => batchRanges(1, 101)).toThrow(RangeError)
    expect(() => batchRanges(1, 0)).toThrow(RangeError)
  })
})
