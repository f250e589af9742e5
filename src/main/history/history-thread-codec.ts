import { finalLineStatusSchema, type FinalLineStatus } from '../../shared/domain/line-result'
import { packCells, unpackCells, type PackedCells } from '../workers/packed-cells'
import { packLines, unpackLines, type PackedLines } from '../workers/packed-lines'
import type { LineToLookUp } from './history-types'
import type { ClaimedRun, NewLookupRequest } from './lookup-request'
import { isPackedPart, type CarriedPart, type CarriedRowsPart, type PackedCarriedPart } from './staged-carried'

/** The packed part is the thread's message: its readers know it by this file, with the others. */
export type { PackedCarriedPart } from './staged-carried'

/**
 * The writes whose messages to and from History's thread carry a line per input line: packed as
 * a few typed arrays and the values' UTF-8 bytes, which a message moves in milliseconds where
 * 200,000 objects take main ~100 ms. Packed here, at the thread's boundary only; a history in memory, written on
 * main's connection, never packs. (The values a new lookup looks up need no packing here: History
 * gives them packed already, as the run batches from them.)
 */

export interface PackedNewLookupRequest {
  lookup: NewLookupRequest['lookup']
  lines: PackedLines
  carried?: PackedCells
  carriedStaged?: string
  itemNamesFrom?: string
  origin?: NewLookupRequest['origin']
}

/** Lines a resume or a retry looks up again, packed as columns. */
export interface PackedClaimedRun {
  prior: ClaimedRun['prior']
  stores: Float64Array
  seqs: Float64Array
  /** Index into `FINAL_STATUSES`. */
  statuses: Uint8Array
  /** `line` and, as `input`, the value. */
  values: PackedLines
}

const FINAL_STATUSES: readonly FinalLineStatus[] = finalLineStatusSchema.options

/** A part of a lookup's carried cells on its way to be staged, packed; one the files worker packed already goes as it is. */
export function packCarriedPart(part: CarriedPart): PackedCarriedPart {
  return isPackedPart(part) ? part : { lines: Float64Array.from(part.lines), rows: packCells(part.rows) }
}

export function unpackCarriedPart(packed: PackedCarriedPart): CarriedRowsPart {
  return { lines: Array.from(packed.lines), rows: unpackCells(packed.rows) }
}

export function packNewLookup(request: NewLookupRequest): PackedNewLookupRequest {
  return {
    lookup: request.lookup,
    lines: request.packed === undefined ? packLines(request.lines) : request.packed,
    ...(request.carried === undefined ? {} : { carried: packCells(request.carried) }),
    ...(request.carriedStaged === undefined ? {} : { carriedStaged: request.carriedStaged }),
    ...(request.itemNamesFrom === undefined ? {} : { itemNamesFrom: request.itemNamesFrom }),
    ...(request.origin === undefined ? {} : { origin: request.origin })
  }
}

export function unpackNewLookup(packed: PackedNewLookupRequest): NewLookupRequest {
  return {
    lookup: packed.lookup,
    packed: packed.lines,
    ...(packed.carried === undefined ? {} : { carried: unpackCells(packed.carried) }),
    ...(packed.carriedStaged === undefined ? {} : { carriedStaged: packed.carriedStaged }),
    ...(packed.itemNamesFrom === undefined ? {} : { itemNamesFrom: packed.itemNamesFrom }),
    ...(packed.origin === undefined ? {} : { origin: packed.origin })
  }
}

export function packClaimed(claimed: ClaimedRun | null): PackedClaimedRun | null {
  if (claimed === null) return null
  const { lines } = claimed
  const stores = new Float64Array(lines.length)
  const seqs = new Float64Array(lines.length)
  const statuses = new Uint8Array(lines.length)
  lines.forEach((line, index) => {
    stores[index] = line.storeNbr
    seqs[index] = line.seq
    statuses[index] = FINAL_STATUSES.indexOf(line.status)
  })
  return { prior: claimed.prior, stores, seqs, statuses, values: packLines(lines.map((line) => ({ line: line.line, input: line.value }))) }
}

export function unpackClaimed(packed: PackedClaimedRun | null): ClaimedRun | null {
  if (packed === null) return null
  const values = unpackLines(packed.values)
  const lines = values.map(({ line, input }, index): LineToLookUp => ({
    storeNbr: packed.stores[index] ?? 0,
    line,
    value: input,
    seq: packed.seqs[index] ?? 0,
    status: FINAL_STATUSES[packed.statuses[index] ?? 0] as FinalLineStatus
  }))
  return { prior: packed.prior, lines }
}
