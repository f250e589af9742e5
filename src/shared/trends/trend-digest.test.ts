import { describe, expect, it } from 'vitest'
import { countStatuses, SUMMARY_CODES } from './run-summary'
import { packStatuses } from './status-blob'
import { forEachSetBit, packTrendDigest, trendStoreFromBlob, trendStoreOf, unpackTrendDigest } from './trend-digest'

const C = SUMMARY_CODES

function positions(bits: Uint32Array | null): number[] {
  const found: number[] = []
  if (bits !== null) forEachSetBit(bits, (position) => found.push(position))
  return found
}

describe('trend digests', () => {
  // 70 values: three words, the last one partly used, with bits at both ends of a word.
  const statuses = new Uint8Array(70)
  statuses[0] = C.out_of_stock
  statuses[31] = C.out_of_stock
  statuses[32] = C.shelf_empty
  statuses[40] = C.failed
  statuses[63] = C.not_asked
  statuses[69] = C.out_of_stock

  it('keep the out-of-stock values and those with no stock answer as bitsets, shelf empty counting as answered', () => {
    const store = trendStoreOf(10, statuses)
    expect(positions(store.out)).toEqual([0, 31, 69])
    expect(positions(store.unanswered)).toEqual([40, 63])
    expect(store.counts).toEqual(countStatuses(statuses))
    expect(trendStoreOf(20, new Uint8Array(70).fill(C.shelf_empty)).unanswered).toBeNull()
  })

  it('give back every store as written, and the same as the store rows they were made from', () => {
    const other = new Uint8Array(70).fill(C.in_stock)
    other[5] = C.out_of_stock
    const stores = [trendStoreOf(10, statuses), trendStoreOf(20, other)]
    const unpacked = unpackTrendDigest(packTrendDigest(70, stores))
    expect(unpacked?.map((store) => ({ ...store, out: positions(store.out), unanswered: positions(store.unanswered) }))).toEqual(
      stores.map((store) => ({ ...store, out: positions(store.out), unanswered: positions(store.unanswered) }))
    )
    const fromBlob = trendStoreFromBlob(10, countStatuses(statuses), packStatuses(statuses), 70)
    expect([positions(fromBlob.out), positions(fromBlob.unanswered)]).toEqual([
      [0, 31, 69],
      [40, 63]
    ])
  })

  it('read a blob that does not start on a 4-byte boundary', () => {
    const digest = packTrendDigest(70, [trendStoreOf(10, statuses)])
    const shifted = new Uint8Array(digest.length + 1)
    shifted.set(digest, 1)
    expect(unpackTrendDigest(shifted.subarray(1))?.map((store) => positions(store.out))).toEqual([[0, 31, 69]])
  })

  it('refuse a digest of another format, cut short or with bytes left over', () => {
    const digest = packTrendDigest(70, [trendStoreOf(10, statuses)])
    const otherFormat = digest.slice()
    otherFormat[0] = 2
    expect(unpackTrendDigest(otherFormat)).toBeNull()
    expect(unpackTrendDigest(digest.subarray(0, digest.length - 4))).toBeNull()
    expect(unpackTrendDigest(Uint8Array.from([...digest, 0, 0, 0, 0]))).toBeNull()
    expect(unpackTrendDigest(digest.subarray(0, 6))).toBeNull()
  })
})
