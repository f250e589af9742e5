import type { LineResult } from './line-result'

/**
 * A page of a lookup's result log as it crosses from History's reader thread to the window: the
 * entries as UTF-8 JSON in one byte array, which main hands on without decoding (a page of 1,000
 * results decoded, walked and copied again cost main ~10 ms; bytes cost it nothing), and the window
 * decodes.
 */
export interface EncodedResultPage {
  /** The entries, `LineResult[]` as UTF-8 JSON. */
  encoded: Uint8Array<ArrayBuffer>
  /** How many entries `encoded` holds. */
  count: number
  /** Where the following page starts. */
  next: number
}

export function encodeResultPage(page: { entries: readonly LineResult[]; next: number }): EncodedResultPage {
  // TextEncoder gives the bytes a buffer of their own, so a thread can move them rather than copy them.
  return { encoded: new TextEncoder().encode(JSON.stringify(page.entries)), count: page.entries.length, next: page.next }
}

/** The entries of a page; a page that does not hold a list of `count` entries is refused, not shown half read. */
export function decodeResultPage(page: EncodedResultPage): LineResult[] {
  let entries: unknown = null
  try {
    entries = JSON.parse(new TextDecoder().decode(page.encoded))
  } catch {
    // Refused below, with the sentence.
  }
  if (!Array.isArray(entries) || entries.length !== page.count) throw new Error(UNREADABLE_PAGE)
  return entries as LineResult[]
}

const UNREADABLE_PAGE = 'A page of results could not be read; open the lookup again from History.'
