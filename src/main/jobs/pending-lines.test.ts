import { describe, expect, it } from 'vitest'
import { packLines } from '../workers/packed-lines'
import { valueList } from '../inventory/search-request'
import { packedBetween, pendingFromPacked, pendingToRedo, replacedAt, replacing } from './pending-lines'

describe("a run's values to look up, as columns", () => {
  it('cuts each value from the packed text as History gave it, blank and non-Latin values included', () => {
    const pending = pendingFromPacked(
      packLines([
        { line: 2, input: '00012345678905' },
        { line: 9, input: '' },
        { line: 1_000_000, input: 'Crème brûlée 🍮' },
        { line: 11, input: '7' }
      ])
    )
    expect(pending.count).toBe(4)
    expect(Array.from(pending.lines)).toEqual([2, 9, 1_000_000, 11])
    expect(valueList(packedBetween(pending, 0, 4))).toEqual(['00012345678905', '', 'Crème brûlée 🍮', '7'])
    expect(packedBetween(pending, 1, 4)).toEqual({ text: 'Crème brûlée 🍮7', lengths: [0, 15, 1] })
    expect(valueList(packedBetween(pending, 2, 2))).toEqual([])
    // A new lookup's lines replace nothing.
    expect(replacedAt(pending, 0)).toBeUndefined()
    expect(replacing(pending, 'cancelled')).toBe(0)
  })

  it("keeps a resume's lines in the order given, each with the result it replaces", () => {
    const pending = pendingToRedo([
      { storeNbr: 7, line: 5, value: '00012345678905', seq: 40, status: 'cancelled' },
      { storeNbr: 7, line: 3, value: 'Crème', seq: 12, status: 'failed' },
      { storeNbr: 7, line: 8, value: '', seq: 41, status: 'cancelled' }
    ])
    expect(pending.count).toBe(3)
    expect(Array.from(pending.lines)).toEqual([5, 3, 8])
    expect(valueList(packedBetween(pending, 0, 3))).toEqual(['00012345678905', 'Crème', ''])
    expect([0, 1, 2].map((index) => replacedAt(pending, index))).toEqual([
      { seq: 40, status: 'cancelled' },
      { seq: 12, status: 'failed' },
      { seq: 41, status: 'cancelled' }
    ])
    expect(replacing(pending, 'cancelled')).toBe(2)
    expect(replacing(pending, 'failed')).toBe(1)
    expect(pendingToRedo([]).count).toBe(0)
  })
})
