import { createInflateRaw } from 'node:zlib'

/** A zip archive's table of contents, read from its central directory (random access: parts are read in the order needed). */
export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  localHeaderOffset: number
}

/** The archive is damaged, or uses a feature no spreadsheet writes (encryption, another compression). */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ZipFormatError'
  }
}

/** The parts read so far unpack to more than the budget allows. */
export class UnpackedSizeError extends Error {
  constructor(readonly limit: number) {
    super(`the archive unpacks to more than ${limit} bytes`)
    this.name = 'UnpackedSizeError'
  }
}

const EOCD = 0x06054b50
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_EOCD = 0x06064b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const STORED = 0
const DEFLATED = 8
const OUTPUT_CHUNK = 64 * 1024

export function readZipDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const eocd = findEndOfDirectory(view)
  let count = view.getUint16(eocd + 10, true)
  let offset = view.getUint32(eocd + 16, true)
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw new ZipFormatError('zip64 locator missing')
    const record = safeNumber(view.getBigUint64(locator + 8, true))
    if (record + 56 > view.byteLength || view.getUint32(record, true) !== ZIP64_EOCD) throw new ZipFormatError('zip64 record missing')
    count = safeNumber(view.getBigUint64(record + 32, true))
    offset = safeNumber(view.getBigUint64(record + 48, true))
  }
  const entries = new Map<string, ZipEntry>()
  const names = new TextDecoder('utf-8')
  for (let i = 0; i < count; i++) {
    need(view, offset, 46)
    if (view.getUint32(offset, true) !== CENTRAL) throw new ZipFormatError('central directory damaged')
    const flags = view.getUint16(offset + 8, true)
    const method = view.getUint16(offset + 10, true)
    let compressedSize = view.getUint32(offset + 20, true)
    const uncompressedSize = view.getUint32(offset + 24, true)
    const nameLength = view.getUint16(offset + 28, true)
    const extraLength = view.getUint16(offset + 30, true)
    const commentLength = view.getUint16(offset + 32, true)
    let localHeaderOffset = view.getUint32(offset + 42, true)
    need(view, offset + 46, nameLength + extraLength)
    const name = names.decode(bytes.subarray(offset + 46, offset + 46 + nameLength))
    // Zip64 keeps the real values of the fields that overflowed, in this order, in an extra field.
    let extra = offset + 46 + nameLength
    const extraEnd = extra + extraLength
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true)
      const size = view.getUint16(extra + 2, true)
      if (id === 0x0001) {
        let field = extra + 4
        if (uncompressedSize === 0xffffffff) field += 8
        if (compressedSize === 0xffffffff && field + 8 <= extraEnd) {
          compressedSize = safeNumber(view.getBigUint64(field, true))
          field += 8
        }
        if (localHeaderOffset === 0xffffffff && field + 8 <= extraEnd) localHeaderOffset = safeNumber(view.getBigUint64(field, true))
      }
      extra += 4 + size
    }
    if ((flags & 1) !== 0) throw new ZipFormatError('encrypted entry')
    if (!entries.has(name)) entries.set(name, { name, method, compressedSize, localHeaderOffset })
    offset = extraEnd + commentLength
  }
  return entries
}

/**
 * Unpacks one entry a piece at a time, counting what comes out against `budget` (shared by every
 * part read from one file) and stopping the moment it is spent: the header's sizes are not trusted.
 */
export async function* unpackEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: { left: number; limit: number },
  partLimit = Number.POSITIVE_INFINITY
): AsyncGenerator<Uint8Array> {
  let unpacked = 0
  const spend = (length: number) => {
    unpacked += length
    budget.left -= length
    if (budget.left < 0) throw new UnpackedSizeError(budget.limit)
    if (unpacked > partLimit) throw new UnpackedSizeError(partLimit)
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const local = entry.localHeaderOffset
  need(view, local, 30)
  if (view.getUint32(local, true) !== LOCAL) throw new ZipFormatError('local header damaged')
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
  need(view, start, entry.compressedSize)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (entry.method === STORED) {
    for (let offset = 0; offset < data.length; offset += OUTPUT_CHUNK) {
      const chunk = data.subarray(offset, offset + OUTPUT_CHUNK)
      spend(chunk.length)
      yield chunk
    }
    return
  }
  if (entry.method !== DEFLATED) throw new ZipFormatError(`compression method ${entry.method}`)
  const inflate = createInflateRaw({ chunkSize: OUTPUT_CHUNK })
  inflate.end(data)
  try {
    for await (const chunk of inflate) {
      spend((chunk as Buffer).length)
      yield chunk as Buffer
    }
  } catch (error) {
    if (error instanceof UnpackedSizeError) throw error
    throw new ZipFormatError(`the entry could not be unpacked: ${(error as Error).message}`)
  } finally {
    inflate.destroy()
  }
}

function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff)
  for (let offset = view.byteLength - 22; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === EOCD) return offset
  }
  throw new ZipFormatError('no central directory')
}

function need(view: DataView, offset: number, length: number): void {
  if (offset < 0 || length < 0 || offset + length > view.byteLength) throw new ZipFormatError('the archive is cut short')
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('offset out of range')
  return Number(value)
}
