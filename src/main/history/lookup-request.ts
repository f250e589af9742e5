import { finalLineStatusSchema, type FinalLineStatus } from '../../shared/domain/line-result'
import { AppError } from '../../shared/domain/app-error'
import { lookupSizeProblem } from '../../shared/domain/store-list'
import { validateLines } from '../../shared/domain/values'
import { packLines, unpackLines, type PackedLines } from '../workers/packed-lines'
import type { LineToLookUp, NewLookup } from './history-types'
import { storedLinesFor } from './stored-lines'

/**
 * A lookup to create, as main sends it to History's thread: the lines as typed, packed (a list of
 * 200,000 objects takes main ~100 ms to copy into a message; this takes a few), validated where
 * the lookup is stored, so main neither validates nor copies them.
 */
export interface NewLookupRequest {
  lookup: Omit<NewLookup, 'lines'>
  lines: PackedLines
  /** Per line (aligned with `lines`), the imported file's other cells joined by `CELL_SEPARATOR`; null for a row the file lacks. */
  carried?: PackedCells
}

/** What creating a lookup gives the run: its id, and the values to look up with their lines, in input order. */
export interface CreatedLookup {
  id: number
  /** `line` and, as `input`, the value to look up: every valid line that is not a duplicate. */
  toLookUp: PackedLines
}

/** Cells (or null) packed as one text and each one's length, -1 for null. */
export interface PackedCells {
  lengths: Int32Array
  text: string
}

export function packCells(cells: readonly (string | null)[]): PackedCells {
  const lengths = new Int32Array(cells.length)
  const texts: string[] = []
  cells.forEach((cell, index) => {
    lengths[index] = cell === null ? -1 : cell.length
    if (cell !== null) texts.push(cell)
  })
  return { lengths, text: texts.join('') }
}

export function unpackCells({ lengths, text }: PackedCells): (string | null)[] {
  const cells = new Array<string | null>(lengths.length)
  let offset = 0
  for (let index = 0; index < lengths.length; index++) {
    const length = lengths[index] ?? -1
    if (length < 0) {
      cells[index] = null
      continue
    }
    cells[index] = text.slice(offset, offset + length)
    offset += length
  }
  return cells
}

/**
 * Validates the request's lines and gives the lookup to store and the values it looks up; a lookup
 * of more stores x distinct values than the app takes is refused before anything is stored.
 */
export function prepareLookup(request: NewLookupRequest): { lookup: NewLookup; toLookUp: PackedLines } {
  const lines = unpackLines(request.lines.lines, request.lines.lengths, request.lines.text)
  const carried = request.carried === undefined ? undefined : { columns: request.lookup.carriedColumns, rows: unpackCells(request.carried) }
  const stored = storedLinesFor({
    lines,
    itemType: request.lookup.itemType,
    validated: validateLines(lines, request.lookup.itemType),
    ...(carried === undefined ? {} : { carried })
  })
  const toLookUp: { line: number; input: string }[] = []
  for (const line of stored) {
    if (line.value !== null && line.invalidReason === undefined && line.duplicateOf === undefined)
      toLookUp.push({ line: line.line, input: line.value })
  }
  const tooBig = lookupSizeProblem(request.lookup.stores.length, toLookUp.length)
  if (tooBig !== null) throw new AppError('invalid_input', tooBig)
  return { lookup: { ...request.lookup, lines: stored }, toLookUp: packLines(toLookUp) }
}

const FINAL_STATUSES: readonly FinalLineStatus[] = finalLineStatusSchema.options

/** Lines a resume or a retry looks up again, packed as columns for the way back to main. */
export interface PackedLinesToLookUp {
  stores: Float64Array
  seqs: Float64Array
  /** Index into `FINAL_STATUSES`. */
  statuses: Uint8Array
  /** `line` and, as `input`, the value. */
  values: PackedLines
}

export function packLinesToLookUp(lines: readonly LineToLookUp[]): PackedLinesToLookUp {
  const stores = new Float64Array(lines.length)
  const seqs = new Float64Array(lines.length)
  const statuses = new Uint8Array(lines.length)
  lines.forEach((line, index) => {
    stores[index] = line.storeNbr
    seqs[index] = line.seq
    statuses[index] = FINAL_STATUSES.indexOf(line.status)
  })
  return { stores, seqs, statuses, values: packLines(lines.map((line) => ({ line: line.line, input: line.value }))) }
}

export function unpackLinesToLookUp(packed: PackedLinesToLookUp): LineToLookUp[] {
  const values = unpackLines(packed.values.lines, packed.values.lengths, packed.values.text)
  return values.map(({ line, input }, index): LineToLookUp => ({
    storeNbr: packed.stores[index] ?? 0,
    line,
    value: input,
    seq: packed.seqs[index] ?? 0,
    status: FINAL_STATUSES[packed.statuses[index] ?? 0] as FinalLineStatus
  }))
}
