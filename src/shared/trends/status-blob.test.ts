import { describe, expect, it } from 'vitest'
import { forEachNotInStock, packStatuses, unpackStatuses } from './status-blob'

describe('status blobs', () => {
  it.each([
    ['all in stock', new Uint8Array(2000)],
    ['a few out', Uint8Array.from({ length: 2000 }, (_, i) => (i % 20 === 3 ? 1 : i % 33 === 0 ? 2 : 0))],
    ['gaps over 127 and 16,383', Uint8Array.from({ length: 40_000 }, (_, i) => (i === 0 || i === 200 || i === 39_999 ? 5 : 0))],
    ['nearly all out (stored a byte each)', Uint8Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? 0 : 1))],
    ['nothing', new Uint8Array(0)]
  ])('round-trip: %s', (_name, statuses) => {
    const blob = packStatuses(statuses)
    expect(blob.length).toBeLessThanOrEqual(statuses.length + 1)
    expect(unpackStatuses(blob, statuses.length)).toEqual(statuses)
  })

  it('keeps a mostly in-stock run small and visits only the others', () => {
    const statuses = Uint8Array.from({ length: 2000 }, (_, i) => (i % 25 === 0 ? 1 : 0))
    const blob = packStatuses(statuses)
    expect(blob.length).toBe(1 + 80 * 2)
    const seen: number[] = []
    forEachNotInStock(blob, (position) => seen.push(position))
    expect(seen).toEqual(Array.from({ length: 80 }, (_, i) => i * 25))
  })
})
