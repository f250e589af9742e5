import type { InventoryItem } from '../../shared/domain/line-result'
import { encodeItem, type EncodedItem } from './item-batch'

/**
 * The items found for one batch of values, in the form History stores them, as UTF-8 bytes: each
 * found item's JSON then its location rows (`packLocations`), one after the other, in the order the
 * values were asked. Made where a search reply is read (the search thread in the app), moved to
 * main as one buffer and copied on to History's writer, which alone decodes them: main learns per
 * value only whether it was found, and never holds an item's text in its heap.
 */
export interface ItemBytes {
  bytes: Uint8Array
  /** Per value asked: the byte length of its item's JSON, -1 when none was found. */
  items: Int32Array
  /** Per value asked: the byte length of its location rows, -1 when none was found. */
  locations: Int32Array
}

export function encodeItemBytes(found: readonly (InventoryItem | null)[]): ItemBytes {
  return itemBytesOf(found.map((item) => (item === null ? null : encodeItem(item))))
}

/** Items already in the form History stores them, as bytes. */
export function itemBytesOf(encoded: readonly (EncodedItem | null)[]): ItemBytes {
  const items = new Int32Array(encoded.length)
  const locations = new Int32Array(encoded.length)
  let total = 0
  encoded.forEach((item, index) => {
    items[index] = item === null ? -1 : Buffer.byteLength(item.json)
    locations[index] = item === null ? -1 : Buffer.byteLength(item.locations)
    if (item !== null) total += (items[index] ?? 0) + (locations[index] ?? 0)
  })
  // A buffer of its own (never a slice of Node's pool), so that it can be moved to another thread.
  const bytes = new Uint8Array(total)
  const encoder = new TextEncoder()
  let offset = 0
  for (const item of encoded) {
    if (item === null) continue
    offset += encoder.encodeInto(item.json, bytes.subarray(offset)).written
    offset += encoder.encodeInto(item.locations, bytes.subarray(offset)).written
  }
  return { bytes, items, locations }
}

/** No item found for any of `count` values. */
export function noItemBytes(count: number): ItemBytes {
  return { bytes: new Uint8Array(0), items: new Int32Array(count).fill(-1), locations: new Int32Array(count).fill(-1) }
}

/**
 * The buffer a message moves to another thread instead of copying: the items' own, when the
 * bytes are all of it (a view into a larger buffer is copied, so as not to take the rest away).
 */
export function itemBytesTransfer({ bytes }: ItemBytes): ArrayBuffer[] {
  const { buffer } = bytes
  const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
  return buffer instanceof ArrayBuffer && whole && buffer.byteLength > 0 ? [buffer] : []
}

/**
 * The items of several batches as one, in the order given: what History's writer takes for a
 * group of batches. Each part's bytes are exactly its items' (as `itemBytesOf` makes them), so
 * they follow one another unchanged, in a buffer of their own, whole, for a message to move.
 */
export function joinItemBytes(parts: readonly ItemBytes[]): ItemBytes {
  let values = 0
  let total = 0
  for (const part of parts) {
    values += part.items.length
    total += part.bytes.byteLength
  }
  const joined: ItemBytes = { bytes: new Uint8Array(total), items: new Int32Array(values), locations: new Int32Array(values) }
  let at = 0
  let offset = 0
  for (const part of parts) {
    joined.items.set(part.items, at)
    joined.locations.set(part.locations, at)
    joined.bytes.set(part.bytes, offset)
    at += part.items.length
    offset += part.bytes.byteLength
  }
  return joined
}

/**
 * Lets go of the items' own buffer at once, once they are no longer needed: detached, its memory
 * is freed now. Left to the collector, the buffers the search thread moved to main (130 MB over a
 * 200,000-value lookup) counted towards V8's external memory until then, and made it collect main's
 * whole heap seven times during the lookup instead of once.
 */
export function dropItemBytes(items: ItemBytes): void {
  for (const buffer of itemBytesTransfer(items)) buffer.transfer(0)
}

export function isFound(items: ItemBytes, index: number): boolean {
  return (items.items[index] ?? -1) >= 0
}

/** The items as History's writer stores them: decoded where they are written, off main's thread in the app. */
export function decodeItemBytes({ bytes, items, locations }: ItemBytes): (EncodedItem | null)[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const decoded = new Array<EncodedItem | null>(items.length)
  let offset = 0
  for (let index = 0; index < items.length; index++) {
    const jsonLength = items[index] ?? -1
    if (jsonLength < 0) {
      decoded[index] = null
      continue
    }
    const locationsEnd = offset + jsonLength + (locations[index] ?? 0)
    decoded[index] = {
      json: text.toString('utf8', offset, offset + jsonLength),
      locations: text.toString('utf8', offset + jsonLength, locationsEnd)
    }
    offset = locationsEnd
  }
  return decoded
}
