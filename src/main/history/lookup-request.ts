import { AppError } from '../../shared/domain/app-error'
import { lookupSizeProblem } from '../../shared/domain/store-list'
import { validateLines } from '../../shared/domain/values'
import { encodeValues, unpackLines, type PackedLines } from '../workers/packed-lines'
import type { LineToLookUp, NewLookup, StoppedState } from './history-types'
import type { LookupOrigin } from './lookup-origins'
import { storedLinesFor } from './stored-lines'

/**
 * A lookup to create: the lines as typed, validated where the lookup is stored (off main's thread
 * in the app). A run gives them packed, as the lookup service packed them at its door: a thread's
 * message moves them, and the writer with no thread unpacks them as the thread does. Tests and
 * tools that write History directly may give the line objects instead.
 */
export type NewLookupRequest = NewLookupParts &
  ({ packed: PackedLines; lines?: undefined } | { lines: readonly { line: number; input: string }[]; packed?: undefined })

interface NewLookupParts {
  lookup: Omit<NewLookup, 'lines'>
  /** Per line (aligned with the lines), the imported file's other cells joined by `CELL_SEPARATOR`; null for a row the file lacks. */
  carried?: readonly (string | null)[]
  /** Instead of `carried`: the key under which the cells were staged on History's writer, a part at a time (`stageCarried`). */
  carriedStaged?: string
  /** The imported file whose "Item name" column the carried cells begin with: the catalogue keeps its names as from there. */
  itemNamesFrom?: string
  /** Where it came from (a watchlist's run, a Run again): written in the lookup's own transaction, so History never has the run without it. */
  origin?: LookupOrigin
}

/** What creating a lookup gives the run: its id, and the values to look up with their lines, in input order. */
export interface CreatedLookup {
  id: number
  /**
   * Every valid line that is not a duplicate, with the value it looks up, packed: the run batches
   * straight from these columns, and the thread's reply moves them to main whole.
   */
  toLookUp: PackedLines
}

/** A stopped lookup taken over for a resume or a retry, with the lines it looks up again. */
export interface ClaimedRun {
  /** The state it was in: the state a run that ends with lines still unanswered leaves it in again. */
  prior: StoppedState
  lines: LineToLookUp[]
}

/**
 * Validates the request's lines and gives the lookup to store and the values it looks up; a lookup
 * of more stores x distinct values than the app takes is refused before anything is stored.
 */
export function prepareLookup(request: NewLookupRequest): { lookup: NewLookup; toLookUp: PackedLines } {
  const lines = request.packed === undefined ? request.lines : unpackLines(request.packed)
  const carried = request.carried === undefined ? undefined : { columns: request.lookup.carriedColumns, rows: request.carried }
  const stored = storedLinesFor({
    lines,
    itemType: request.lookup.itemType,
    validated: validateLines(lines, request.lookup.itemType),
    ...(carried === undefined ? {} : { carried })
  })
  const kept: typeof stored = []
  for (const line of stored) if (line.value !== null && line.invalidReason === undefined && line.duplicateOf === undefined) kept.push(line)
  const numbers = new Float64Array(kept.length)
  for (let index = 0; index < kept.length; index++) numbers[index] = kept[index]?.line ?? 0
  const toLookUp: PackedLines = { lines: numbers, ...encodeValues(kept.length, (index) => kept[index]?.value ?? '') }
  const count = kept.length
  const tooBig = lookupSizeProblem(request.lookup.stores.length, count)
  if (tooBig !== null) throw new AppError('invalid_input', tooBig)
  return { lookup: { ...request.lookup, lines: stored }, toLookUp }
}
