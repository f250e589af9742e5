import type { InputColumn } from '../../shared/input-column'

/**
 * Lines to look up, packed for a post to or from a thread: numbers, and every value one after
 * another as UTF-8 bytes with where each starts in them. Bytes, not one text: a message moves
 * them rather than copying them, and a 200,000-value lookup's 2.8 MB of values then sits outside
 * the heap of the thread that holds it (main, for the whole run) instead of in its old space.
 */
export interface PackedLines {
  lines: Float64Array<ArrayBuffer>
  /**
   * Value `i` is the bytes from `starts[i]` up to `starts[i + 1]` (`count + 1` entries): offsets, not
   * lengths, so that main runs from them as they come, with no pass over 200,000 values to add them up.
   */
  starts: Uint32Array<ArrayBuffer>
  bytes: Uint8Array<ArrayBuffer>
}

/**
 * Values are joined and encoded this many at a time: joining all 200,000 of a lookup at once built
 * a rope of 200,000 parts that outlived two collections on main and was promoted (6 MB of old
 * space); a chunk's text dies young.
 */
const CHUNK_VALUES = 512

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * The values `valueAt(0)` to `valueAt(count - 1)` as UTF-8, one after another, with where each
 * starts. Each value is read once: this is cold code on main at a lookup's start, where each
 * call costs.
 */
export function encodeValues(
  count: number,
  valueAt: (index: number) => string
): { starts: Uint32Array<ArrayBuffer>; bytes: Uint8Array<ArrayBuffer> } {
  const starts = new Uint32Array(count + 1)
  let bytes = new Uint8Array(0)
  let at = 0
  const parts: string[] = []
  for (let from = 0; from < count; from += CHUNK_VALUES) {
    const to = Math.min(count, from + CHUNK_VALUES)
    parts.length = to - from
    let end = at
    for (let index = from; index < to; index++) {
      const value = valueAt(index)
      parts[index - from] = value
      // Where it ends if the chunk is ASCII, a byte per unit; set again below if not.
      end += value.length
      starts[index + 1] = end
    }
    // One flat text per chunk, not a rope of its values that encoding would flatten into a copy.
    const chunk = parts.join('')
    // Room for the chunk at a byte per unit, and for the rest at this chunk's mean (one buffer for a list of like values).
    if (bytes.length - at < chunk.length)
      bytes = grown(bytes, at, at + chunk.length + Math.ceil((chunk.length / (to - from)) * (count - to)))
    const { read, written } = encoder.encodeInto(chunk, bytes.subarray(at))
    if (read === chunk.length && written === chunk.length) {
      at += written
      continue
    }
    // A value beyond ASCII: up to 3 bytes a unit, and each value's own length in bytes.
    if (bytes.length - at < chunk.length * 3) bytes = grown(bytes, at, Math.max(at + chunk.length * 3, bytes.length * 2))
    for (let index = from; index < to; index++) {
      at += encoder.encodeInto(parts[index - from] ?? '', bytes.subarray(at)).written
      starts[index + 1] = at
    }
  }
  return { starts, bytes: at === bytes.length ? bytes : new Uint8Array(bytes.buffer.transfer(at)) }
}

/** A larger buffer holding the first `used` bytes of `bytes`. */
function grown(bytes: Uint8Array<ArrayBuffer>, used: number, size: number): Uint8Array<ArrayBuffer> {
  const larger = new Uint8Array(size)
  larger.set(bytes.subarray(0, used))
  return larger
}

export function packLines(lines: readonly { line: number; input: string }[]): PackedLines {
  const numbers = new Float64Array(lines.length)
  const encoded = encodeValues(lines.length, (index) => {
    const line = lines[index]
    numbers[index] = line?.line ?? 0
    return line?.input ?? ''
  })
  return { lines: numbers, ...encoded }
}

/**
 * A lookup's column packed as it came (`InputColumn`: numbers, and values joined by U+0000), or
 * null when its numbers and values do not pair up. The values text is encoded once, whole, and the
 * separators dropped in one pass over its bytes: UTF-8 has a 0 byte only for U+0000, and a value
 * holds none (`packInputColumn` replaced it). No value is cut out of the text or encoded alone.
 */
export function packColumn({ lines, values }: InputColumn): PackedLines | null {
  const count = lines.length
  if (count === 0) return values === '' ? { lines: new Float64Array(0), starts: new Uint32Array(1), bytes: new Uint8Array(0) } : null
  const bytes = encoder.encode(values)
  const starts = new Uint32Array(count + 1)
  let at = 0
  let index = 0
  // In place: each value moves down by the separators before it.
  for (let from = 0; from < bytes.length; from++) {
    const byte = bytes[from] ?? 0
    if (byte !== 0) bytes[at++] = byte
    else if (++index < count) starts[index] = at
    else return null
  }
  if (index !== count - 1) return null
  starts[count] = at
  // A copy: the packed lines move to History's writer, and the caller's column stays whole.
  return { lines: lines.slice(), starts, bytes: at === bytes.length ? bytes : new Uint8Array(bytes.buffer.transfer(at)) }
}

/** The text of `bytes` (UTF-8 values one after another): a lone surrogate was encoded as U+FFFD and comes back so, as History stores it anyway. */
export function decodeValues(bytes: Uint8Array): string {
  return decoder.decode(bytes)
}

export function unpackLines({ lines, starts, bytes }: PackedLines): { line: number; input: string }[] {
  const unpacked = new Array<{ line: number; input: string }>(lines.length)
  const text = decodeValues(bytes)
  // All ASCII (a byte per unit): each value is cut from the one text.
  const ascii = text.length === bytes.length
  for (let index = 0; index < lines.length; index++) {
    const start = starts[index] ?? 0
    const end = starts[index + 1] ?? 0
    unpacked[index] = { line: lines[index] ?? 0, input: ascii ? text.slice(start, end) : decodeValues(bytes.subarray(start, end)) }
  }
  return unpacked
}
