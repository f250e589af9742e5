import type { InventoryItem } from '../../shared/domain/line-result'
import { encodeItem, type EncodedItem } from './item-batch'

/**
 * The items found for one batch of values, in the form History stores them, as UTF-8 bytes: each
 * found item's JSON then its location rows (`packLocations`), one after the other, in the order the
 * values were asked. Made where a search reply is read (the search thread in the app), moved to
 * main and on to History's writer, which alone decodes them: main learns per value only whether it
 * was found, and never holds an item's text in its heap.
 */
export interface ItemBytes {
  bytes: Uint8Array
  /** Per value asked: the byte length of its item's JSON, -1 when none was found. */
  items: Int32Array
  /** Per value asked: the byte length of its location rows, -1 when none was found. */
  locations: Int32Array
  /**
   * The same bytes again, in a buffer of their own, made where the reply was read: the copy that
   * moves on to History's writer, while main keeps `bytes` until the writer has committed them (to
   * write them again if it stops first). So the copy a crash needs is made off main's thread in the
   * app, not on main. Empty once moved.
   */
  spare?: Uint8Array
}

/**
 * The items of several batches on their way to History's writer as one group: their lengths
 * joined, their bytes still each batch's own (the spare, moved), in order. Each part holds whole
 * items: a batch's bytes are exactly its items'.
 */
export interface ItemParts {
  parts: Uint8Array[]
  items: Int32Array
  locations: Int32Array
}

/** The items a search reply found, with their spare copy for History's writer. */
export function encodeItemBytes(found: readonly (InventoryItem | null)[]): ItemBytes {
  const encoded = itemBytesOf(found.map((item) => (item === null ? null : encodeItem(item))))
  return encoded.bytes.byteLength === 0 ? encoded : { ...encoded, spare: encoded.bytes.slice() }
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

/** The buffer of `view` when the view is all of it and it is not empty (a view into a larger buffer is not its to give away). */
function ownBuffer(view: Uint8Array | undefined): ArrayBuffer[] {
  if (view === undefined) return []
  const { buffer } = view
  const whole = view.byteOffset === 0 && view.byteLength === buffer.byteLength
  return buffer instanceof ArrayBuffer && whole && buffer.byteLength > 0 ? [buffer] : []
}

/**
 * The buffers a message moves to another thread instead of copying: the items' own, and their
 * spare's, when each is all of its buffer (a view into a larger buffer is copied, so as not to take
 * the rest away).
 */
export function itemBytesTransfer({ bytes, spare }: ItemBytes): ArrayBuffer[] {
  return [...ownBuffer(bytes), ...ownBuffer(spare)]
}

/** Whether the items still have their spare copy to move to History's writer (not moved already). */
function hasSpare(items: ItemBytes): items is ItemBytes & { spare: Uint8Array } {
  return items.spare !== undefined && items.spare.byteLength === items.bytes.byteLength && ownBuffer(items.spare).length > 0
}

/** The buffers a group's message moves to History's writer: the spare of each batch that has one; the rest are copied. */
export function spareTransfer(items: ItemBytes): ArrayBuffer[] {
  return hasSpare(items) ? ownBuffer(items.spare) : []
}

/**
 * The items of several batches as History's writer takes a group of them: the bytes each batch
 * sends (its spare while it has one, else its own bytes, which the message then copies) follow
 * one another as parts, never copied into one buffer on main.
 */
export function joinItemParts(batches: readonly ItemBytes[]): ItemParts {
  let values = 0
  for (const batch of batches) values += batch.items.length
  const joined: ItemParts = { parts: [], items: new Int32Array(values), locations: new Int32Array(values) }
  let at = 0
  for (const batch of batches) {
    joined.items.set(batch.items, at)
    joined.locations.set(batch.locations, at)
    at += batch.items.length
    const part = hasSpare(batch) ? batch.spare : batch.bytes
    if (part.byteLength > 0) joined.parts.push(part)
  }
  return joined
}

/**
 * Lets go of the items' own buffers (and their spare's, if not moved) at once, once they are no
 * longer needed: detached, their memory is freed now. Left to the collector, the buffers the search
 * thread moved to main (130 MB over a 200,000-value lookup) counted towards V8's external memory
 * until then, and made it collect main's whole heap seven times during the lookup instead of once.
 */
export function dropItemBytes(items: ItemBytes): void {
  for (const buffer of itemBytesTransfer(items)) buffer.transfer(0)
}

export function isFound(items: ItemBytes, index: number): boolean {
  return (items.items[index] ?? -1) >= 0
}

/** The items as History's writer stores them: decoded where they are written, off main's thread in the app. */
export function decodeItemBytes(items: ItemBytes | ItemParts): (EncodedItem | null)[] {
  const parts = 'parts' in items ? items.parts : [items.bytes]
  const texts = parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength))
  const decoded = new Array<EncodedItem | null>(items.items.length)
  let part = 0
  let offset = 0
  for (let index = 0; index < items.items.length; index++) {
    const jsonLength = items.items[index] ?? -1
    if (jsonLength < 0) {
      decoded[index] = null
      continue
    }
    // An item never spans two parts: one that starts where a part ends starts the next.
    while (offset >= (texts[part]?.byteLength ?? 0) && part < texts.length - 1) {
      part += 1
      offset = 0
    }
    const text = texts[part] ?? Buffer.alloc(0)
    const locationsEnd = offset + jsonLength + (items.locations[index] ?? 0)
    decoded[index] = {
      json: text.toString('utf8', offset, offset + jsonLength),
      locations: text.toString('utf8', offset + jsonLength, locationsEnd)
    }
    offset = locationsEnd
  }
  return decoded
}
