import type { AppErrorShape } from '../../shared/domain/app-error'
import type { HistoryReader } from './history-reader'
import type { HistoryWriter } from './history-writer'
import type { LookupOwner } from './lookup-owner'

/** The writer's calls, by name; each goes to History's thread with the caller's clock appended. */
export type HistoryWriteOp = Exclude<keyof HistoryWriter, 'close'>

/** The reads History's reader thread answers, by name. */
export type HistoryReadOp = Exclude<keyof HistoryReader, 'close' | 'warm'>

export type HistoryThreadAsk = { op: HistoryWriteOp | HistoryReadOp; args: unknown[] } | { op: 'close' }

export type HistoryThreadRequest = HistoryThreadAsk & { id: number }

export type HistoryThreadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { appError?: AppErrorShape; name: string; message: string } }

export interface HistoryThreadData {
  path: string
  owner: LookupOwner
  /** `writes`: History's writer. `reads`: the long reads (`HistoryReader`), on a connection that cannot write. */
  role: 'writes' | 'reads'
}

/** The buffers of the typed arrays in a reply (packed lines): moved to main rather than copied. */
export function transferablesOf(value: unknown, depth = 0): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) return value.buffer instanceof ArrayBuffer ? [value.buffer] : []
  if (typeof value !== 'object' || value === null || depth > 3) return []
  return Object.values(value).flatMap((item: unknown) => transferablesOf(item, depth + 1))
}
