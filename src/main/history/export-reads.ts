import type { MessagePort } from 'node:worker_threads'
import type { ExportSheet } from '../../shared/export/export-sheet'
import type { ExportViewSpec } from '../../shared/export/export-spec'
import { exportChunks } from '../files/export/export-chunks'
import { sendSheets } from '../files/export/export-stream'
import { lookupGone } from './lookup-id'
import type { LookupReads } from './lookup-reads'

export type ExportReadsOf = Pick<LookupReads, 'lookup' | 'current' | 'currentOf' | 'answeredLines'>

/**
 * An export of lookup `id` as `spec` shows it, built a slice at a time where History is read and
 * sent on `port` to the files worker that writes it: neither the rows nor the sheets pass main.
 */
export function sendExport(reads: ExportReadsOf, id: number, spec: ExportViewSpec, port: MessagePort): Promise<{ chunks: number }> {
  return sendSheets(sheetsOf(reads, id, spec), port)
}

function* sheetsOf(reads: ExportReadsOf, id: number, spec: ExportViewSpec): Generator<ExportSheet[]> {
  const lookup = reads.lookup(id)
  if (lookup === null) throw lookupGone()
  const { itemType, carriedColumns, stores, lines } = lookup
  yield* exportChunks(
    { itemType, carriedColumns, stores, lines },
    {
      current: (after, limit, { carried }) => reads.current(id, after, limit, { carried }).map(({ result }) => result),
      currentOf: (pairs) => reads.currentOf(id, pairs),
      answeredLines: (after, limit) => reads.answeredLines(id, after, limit)
    },
    spec
  )
}
