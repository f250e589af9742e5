import type { AppErrorShape } from '../../shared/domain/app-error'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { FinalLineStatus, InvalidReason, LineResult } from '../../shared/domain/line-result'
import type { EncodedItem } from './item-batch'
import type { ItemBytes, ItemParts } from './item-bytes'

export type LookupState = 'running' | 'finished' | 'cancelled' | 'interrupted'
/** How a run of a lookup ended, as History keeps it. */
export type StoppedState = Exclude<LookupState, 'running'>
export type LookupSource = 'app' | 'cli'
export type LineCounts = Record<FinalLineStatus, number>

/** The figures a run keeps adding to; a resumed run starts from the stored ones. */
export interface RunFigures {
  requests: number
  retries: number
  throttledMs: number
  batchesDone: number
  batchesTotal: number
}

/** One lookup as History lists it: never a secret or a token, only where it went and what came of it. */
export interface StoredLookup extends RunFigures {
  id: number
  environment: EnvironmentId
  authUrl: string
  baseUrl: string
  clientId: string
  itemType: ItemType
  source: LookupSource
  carriedColumns: string[]
  stores: number[]
  /** Each store's results per outcome, aligned with `stores`; `counts` is their sum. */
  storeCounts: LineCounts[]
  lines: number
  startedAt: number
  finishedAt: number | null
  state: LookupState
  counts: LineCounts
  /** Length of the lookup's result log (the next `seq`). */
  resultsCount: number
  valuesPerSecond: number
  /** When retention dropped its raw answers (its lines, counts and summary stay); null while they are kept. */
  answersRemovedAt: number | null
}

/** An input line as validated at the start: stored once per lookup, whatever the number of stores. */
export interface NewLookupLine {
  line: number
  input: string
  /** The value looked up; null for an invalid line. */
  value: string | null
  /** The line's note: how the value was normalised, or for an invalid line why it is invalid. */
  note?: string
  invalidReason?: InvalidReason
  duplicateOf?: number
  /** The imported file's other cells, joined by `CELL_SEPARATOR` as they came from the file: never split into a string per cell. */
  carried?: string
}

export interface NewLookup {
  environment: EnvironmentId
  authUrl: string
  baseUrl: string
  clientId: string
  itemType: ItemType
  source: LookupSource
  carriedColumns: string[]
  stores: number[]
  startedAt: number
  lines: readonly NewLookupLine[]
}

/** A line's answer from one store, as a batch of answers records it. */
export interface AnswerRow {
  storeNbr: number
  line: number
  status: 'found' | 'not_found' | 'failed' | 'cancelled'
  /** The item found, as History stores it (encoded where the search reply was read). */
  item?: EncodedItem
  error?: AppErrorShape
  /** The current result this one replaces: a failure retried, a cancelled line resumed. */
  replaces?: { seq: number; status: FinalLineStatus }
}

/**
 * A batch of answers on its way to History's writer, as columns: a row per value answered, the
 * found items as bytes (`ItemBytes`, decoded only where they are written), and the few rows with
 * an error or a result they replace by their index. What a run hands the writer: main holds no
 * object and no item text per answer, and the message to History's thread copies a few buffers.
 */
export interface AnswerBatch {
  stores: Float64Array
  lines: Float64Array
  /** Index into the final statuses (`statusCode`). */
  statuses: Uint8Array
  items: ItemBytes
  extras: { index: number; error?: AppErrorShape; replaces?: AnswerRow['replaces'] }[]
}

/** Batches of answers as one message to History's writer: their columns joined, their items' bytes still each batch's own. */
export interface AnswerGroup extends Omit<AnswerBatch, 'items'> {
  items: ItemParts
}

/** A line that a resume or a retry looks up again, with the result it will replace. */
export interface LineToLookUp {
  storeNbr: number
  line: number
  value: string
  seq: number
  status: FinalLineStatus
}

/** Values typed or imported but not run yet: restored after a reload or a restart. */
export interface StoredDraft {
  savedAt: number
  draft: unknown
}

/** One line's current result, with the store it was looked up in. */
export interface CurrentLine {
  storeNbr: number
  result: LineResult
}

/** Where a slice of current results starts: after this store and line (null: the first). */
/** One store's answer for one input line: what a lookup over several stores has a row for. */
export interface StoreLine {
  storeNbr: number
  line: number
}

export type CurrentAfter = StoreLine | null

export interface HistoryListQuery {
  search?: string
  limit?: number
  /** The next page of the newest-first list: lookups older than this one. */
  beforeId?: number
}
