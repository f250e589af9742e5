import { describe, expect, it } from 'vitest'
import { createAnswerCopies, SLAB_BYTES } from './answer-copies'

const bytes = (...values: number[]) => Uint8Array.from(values)

describe("copies of the answers History's writer has not confirmed", () => {
  it('gives back each copy whole, in a buffer of its own, a large one included', () => {
    const copies = createAnswerCopies()
    const first = copies.keep(bytes(1, 2, 3))
    const large = copies.keep(new Uint8Array(100_000).fill(7))
    expect(copies.capacity).toBeGreaterThanOrEqual(100_003)
    const copy = copies.copyOf(first)
    expect(Array.from(copy)).toEqual([1, 2, 3])
    expect(copy.buffer.byteLength).toBe(3)
    expect(copies.copyOf(large).every((value) => value === 7)).toBe(true)
    expect(copies.copyOf(copies.keep(bytes()))).toHaveLength(0)
  })

  it('reuses its slab once every copy is let go, so a run of confirmed batches allocates nothing more', () => {
    const copies = createAnswerCopies()
    for (let batch = 0; batch < 1_000; batch++) {
      const slot = copies.keep(new Uint8Array(60_000).fill(batch % 256))
      expect(copies.copyOf(slot)[0]).toBe(batch % 256)
      copies.release(slot)
    }
    expect(copies.capacity).toBe(SLAB_BYTES)
  })

  it('keeps a copy not yet let go while later ones come and go', () => {
    const copies = createAnswerCopies()
    const held = copies.keep(bytes(9, 9))
    for (let batch = 0; batch < 10; batch++) copies.release(copies.keep(bytes(batch)))
    expect(Array.from(copies.copyOf(held))).toEqual([9, 9])
  })

  it('holds what is not confirmed, not the run: a writer that always has a batch in hand never lets the copies grow', () => {
    const copies = createAnswerCopies()
    let inHand = copies.keep(new Uint8Array(60_000).fill(1))
    for (let batch = 0; batch < 2_000; batch++) {
      const next = copies.keep(new Uint8Array(60_000).fill(batch % 256))
      copies.release(inHand)
      inHand = next
    }
    expect(copies.copyOf(inHand)[0]).toBe(1999 % 256)
    // 120 MB went through; at most the slab being filled, the one holding the batch in hand and the spares remain.
    expect(copies.capacity).toBeLessThanOrEqual(4 * SLAB_BYTES)
  })
})
