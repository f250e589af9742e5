import type { FinalLineStatus } from '../../shared/domain/line-result'
import type { LineToLookUp } from '../history/history-types'
import type { PackedValues } from '../inventory/search-request'
import { decodeValues, encodeValues, type PackedLines } from '../workers/packed-lines'

/**
 * The values a run looks up in a store, as columns: their lines, every value as UTF-8 bytes and
 * where each starts in them, and for a resume or a retry the result each replaces. A list of
 * 200,000 values is a few arrays outside the heap, not 200,000 objects (nor a 2.8 MB text) that
 * main's garbage collector would carry in old space for the whole run; a search's values are
 * decoded only as it is sent.
 */
export interface PendingLines {
  readonly count: number
  readonly lines: Float64Array
  /** Value `i` is the bytes from `starts[i]` up to `starts[i + 1]`: `count + 1` entries. */
  readonly starts: Uint32Array
  readonly bytes: Uint8Array
  /** A resume's or a retry's: per line, the result it replaces. */
  readonly replaces?: ReplacedResults
}

/** Per line of a resume or a retry, the result it replaces: its place in the result log, and its status. */
export interface ReplacedResults {
  readonly seqs: Float64Array
  readonly statuses: readonly FinalLineStatus[]
}

/** The values a new lookup looks up, as History's writer gave them: used as they are, no object per value. */
export function pendingFromPacked({ lines, starts, bytes }: PackedLines): PendingLines {
  return { count: lines.length, lines, starts, bytes }
}

/** One store's lines a resume or a retry looks up again, each replacing its current result. */
export function pendingToRedo(storeLines: readonly LineToLookUp[]): PendingLines {
  const count = storeLines.length
  const lines = new Float64Array(count)
  const seqs = new Float64Array(count)
  const statuses = new Array<FinalLineStatus>(count)
  storeLines.forEach((line, index) => {
    lines[index] = line.line
    seqs[index] = line.seq
    statuses[index] = line.status
  })
  const { starts, bytes } = encodeValues(count, (index) => storeLines[index]?.value ?? '')
  return { count, lines, starts, bytes, replaces: { seqs, statuses } }
}

/**
 * The lengths of the last search whose values were all of one length, frozen: a lookup's values
 * are most often of one length (GTINs are 14 digits), and then its 2,000 searches of 100 values
 * share one list rather than make one each.
 */
let sameLengths: readonly number[] = Object.freeze([])

/** Each value's length in UTF-16 units, for values beyond ASCII: a value's bytes decoded alone. */
function unitLengths(pending: PendingLines, from: number, to: number): number[] {
  const { starts, bytes } = pending
  const lengths = new Array<number>(to - from)
  for (let index = from; index < to; index++)
    lengths[index - from] = decodeValues(bytes.subarray(starts[index] ?? 0, starts[index + 1] ?? 0)).length
  return lengths
}

/**
 * The values from `from` up to `to`, as a search sends them: one text decoded from their bytes
 * and each value's length, not a string per value.
 */
export function packedBetween(pending: PendingLines, from: number, to: number): PackedValues {
  const { starts } = pending
  const size = (starts[to] ?? 0) - (starts[from] ?? 0)
  const text = decodeValues(pending.bytes.subarray(starts[from] ?? 0, starts[to] ?? 0))
  // A byte per unit: all ASCII, each value's length in bytes is its length as text.
  if (text.length !== size) return { text, lengths: unitLengths(pending, from, to) }
  const count = to - from
  const first = count === 0 ? 0 : (starts[from + 1] ?? 0) - (starts[from] ?? 0)
  if (size === first * count) {
    let index = from + 1
    while (index < to && (starts[index + 1] ?? 0) - (starts[index] ?? 0) === first) index++
    if (index >= to) {
      if (sameLengths.length !== count || sameLengths[0] !== first) sameLengths = Object.freeze(new Array<number>(count).fill(first))
      return { text, lengths: sameLengths }
    }
  }
  const lengths = new Array<number>(count)
  for (let index = from; index < to; index++) lengths[index - from] = (starts[index + 1] ?? 0) - (starts[index] ?? 0)
  return { text, lengths }
}

/** The result line `index` replaces, if the run is a resume or a retry. */
export function replacedAt(pending: PendingLines, index: number): { seq: number; status: FinalLineStatus } | undefined {
  const { replaces } = pending
  const status = replaces?.statuses[index]
  return replaces === undefined || status === undefined ? undefined : { seq: replaces.seqs[index] ?? 0, status }
}

/** How many of the lines replace a result with `status`. */
export function replacing(pending: PendingLines, status: FinalLineStatus): number {
  let count = 0
  for (const replaced of pending.replaces?.statuses ?? []) if (replaced === status) count += 1
  return count
}
