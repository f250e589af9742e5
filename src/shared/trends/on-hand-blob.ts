/**
 * A store's On hand for each of a run's values, as its summary keeps it beside the statuses (0 where
 * nothing was found), so two runs' summaries say whether a store and item's On hand changed without
 * their raw answers. Whole quantities (nearly every item) take 4 bytes each, others 8, exactly as
 * counted. The first byte says which.
 */
const WHOLE = 1
const FRACTIONAL = 2
const INT32_MIN = -0x8000_0000
const INT32_MAX = 0x7fff_ffff

export function packOnHand(onHand: Float64Array): Uint8Array {
  const whole = onHand.every((quantity) => Number.isInteger(quantity) && quantity >= INT32_MIN && quantity <= INT32_MAX)
  const numbers = whole ? Int32Array.from(onHand) : onHand
  const blob = new Uint8Array(1 + numbers.byteLength)
  blob[0] = whole ? WHOLE : FRACTIONAL
  blob.set(new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength), 1)
  return blob
}

/** The quantities of `length` values; null when the blob is not one of theirs (another length, or a kind this version does not know). */
export function unpackOnHand(blob: Uint8Array, length: number): Int32Array | Float64Array | null {
  const width = blob[0] === WHOLE ? 4 : blob[0] === FRACTIONAL ? 8 : 0
  if (width === 0 || blob.byteLength !== 1 + width * length) return null
  // A copy: the blob's bytes need not start on a word boundary.
  const bytes = blob.buffer.slice(blob.byteOffset + 1, blob.byteOffset + blob.byteLength)
  return width === 4 ? new Int32Array(bytes) : new Float64Array(bytes)
}
