import { countStatuses, SUMMARY_CODES, SUMMARY_STATUSES, type SummaryCounts } from './run-summary'
import { unpackStatuses } from './status-blob'

/**
 * What the trends need of one run, kept in History beside its summary as one blob: each store's
 * counts and two bitsets over the run's values, the ones out of stock and the ones with no stock
 * answer (not found, failed, cancelled, not looked up). Opening a year of trends then reads one row
 * per run and adds up set bits, instead of reading a row per run and store and decoding each
 * store's statuses value by value.
 *
 * Layout, 32-bit words: the format, the number of stores, the number of values; then per store its
 * number, its counts (in `SUMMARY_STATUSES` order), a flag saying whether an unanswered bitset
 * follows (most stores answer every value), the out-of-stock bitset and, if flagged, the other one.
 */
const FORMAT = 1
const HEADER = 3
const STORE_HEADER = 2 + SUMMARY_STATUSES.length
const HAS_UNANSWERED = 1

const OUT = SUMMARY_CODES.out_of_stock
const IN_STOCK = SUMMARY_CODES.in_stock
const SHELF_EMPTY = SUMMARY_CODES.shelf_empty

/** One store of one run as the trends read it: counts, and bit `i` set for the run's value `i`. */
export interface TrendStore {
  readonly storeNbr: number
  readonly counts: SummaryCounts
  readonly out: Uint32Array
  /** Null when every value had a stock answer in this store. */
  readonly unanswered: Uint32Array | null
}

export function bitsetWords(values: number): number {
  return Math.ceil(values / 32)
}

/** A store's trend bitsets from its statuses (a code per value). */
export function trendStoreOf(storeNbr: number, statuses: Uint8Array, counts: SummaryCounts = countStatuses(statuses)): TrendStore {
  const words = bitsetWords(statuses.length)
  const out = new Uint32Array(words)
  let unanswered: Uint32Array | null = null
  for (let position = 0; position < statuses.length; position += 1) {
    const code = statuses[position] ?? IN_STOCK
    if (code === IN_STOCK || code === SHELF_EMPTY) continue
    const word = position >>> 5
    const bit = 1 << (position & 31)
    if (code === OUT) out[word] = (out[word] ?? 0) | bit
    else {
      unanswered ??= new Uint32Array(words)
      unanswered[word] = (unanswered[word] ?? 0) | bit
    }
  }
  return { storeNbr, counts, out, unanswered }
}

/** A store's trend bitsets from its packed status blob: for runs summarised before digests were kept. */
export function trendStoreFromBlob(storeNbr: number, counts: SummaryCounts, blob: Uint8Array, values: number): TrendStore {
  return trendStoreOf(storeNbr, unpackStatuses(blob, values), counts)
}

export function packTrendDigest(values: number, stores: readonly TrendStore[]): Uint8Array {
  const words = bitsetWords(values)
  let size = HEADER
  for (const store of stores) size += STORE_HEADER + words * (store.unanswered === null ? 1 : 2)
  const digest = new Uint32Array(size)
  digest[0] = FORMAT
  digest[1] = stores.length
  digest[2] = values
  let at = HEADER
  for (const store of stores) {
    digest[at++] = store.storeNbr
    for (const status of SUMMARY_STATUSES) digest[at++] = store.counts[status]
    digest[at++] = store.unanswered === null ? 0 : HAS_UNANSWERED
    digest.set(store.out.subarray(0, words), at)
    at += words
    if (store.unanswered !== null) {
      digest.set(store.unanswered.subarray(0, words), at)
      at += words
    }
  }
  return new Uint8Array(digest.buffer)
}

/**
 * The stores of a digest as written by `packTrendDigest`, or null for one this version cannot read
 * (the caller then reads the store rows). The bitsets are views of the blob's words.
 */
export function unpackTrendDigest(blob: Uint8Array): TrendStore[] | null {
  if (blob.byteLength < HEADER * 4 || blob.byteLength % 4 !== 0) return null
  const digest = wordsOf(blob)
  if (digest[0] !== FORMAT) return null
  const storeCount = digest[1] ?? 0
  const words = bitsetWords(digest[2] ?? 0)
  const stores: TrendStore[] = []
  let at = HEADER
  for (let index = 0; index < storeCount; index += 1) {
    if (at + STORE_HEADER + words > digest.length) return null
    const storeNbr = digest[at++] ?? 0
    const counts = {} as SummaryCounts
    for (const status of SUMMARY_STATUSES) counts[status] = digest[at++] ?? 0
    const flags = digest[at++] ?? 0
    const out = digest.subarray(at, at + words)
    at += words
    let unanswered: Uint32Array | null = null
    if ((flags & HAS_UNANSWERED) !== 0) {
      if (at + words > digest.length) return null
      unanswered = digest.subarray(at, at + words)
      at += words
    }
    stores.push({ storeNbr, counts, out, unanswered })
  }
  return at === digest.length ? stores : null
}

/**
 * A blob of 32-bit words (a length a multiple of 4) read as words: a view of its bytes where they
 * start on a 4-byte boundary, as SQLite's blobs do, else a copy. A year of trends reads 16 MB of them.
 */
export function wordsOf(blob: Uint8Array): Uint32Array {
  if (blob.byteOffset % 4 === 0) return new Uint32Array(blob.buffer, blob.byteOffset, blob.byteLength >>> 2)
  return new Uint32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength))
}

/** Calls `visit` with the position of every set bit, in order. */
export function forEachSetBit(bits: Uint32Array, visit: (position: number) => void): void {
  for (let word = 0; word < bits.length; word += 1) {
    let rest = bits[word] ?? 0
    while (rest !== 0) {
      const lowest = rest & -rest
      visit((word << 5) + 31 - Math.clz32(lowest))
      rest ^= lowest
    }
  }
}
