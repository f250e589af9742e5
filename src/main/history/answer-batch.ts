import { finalLineStatusSchema, type FinalLineStatus } from '../../shared/domain/line-result'
import type { AnswerBatch, AnswerGroup, AnswerRow } from './history-types'
import { decodeItemBytes, itemBytesOf, joinItemParts } from './item-bytes'

const FINAL_STATUSES: readonly FinalLineStatus[] = finalLineStatusSchema.options

/** An answer's status as an `AnswerBatch` keeps it. */
export function statusCode(status: AnswerRow['status']): number {
  return FINAL_STATUSES.indexOf(status)
}

export function answerCount(batch: Pick<AnswerBatch, 'statuses'>): number {
  return batch.statuses.length
}

/**
 * Several batches as one group, their answers in the order given: how a run's answers reach
 * History's writer (one message and one transaction per group). The columns are joined; the
 * items' bytes stay each batch's own, as parts (`joinItemParts`). Each extra keeps pointing at its
 * own answer, shifted by the answers of the batches before it. The batches are left as they were.
 */
export function joinAnswerBatches(batches: readonly AnswerBatch[]): AnswerGroup {
  let count = 0
  for (const batch of batches) count += answerCount(batch)
  const joined: AnswerGroup = {
    stores: new Float64Array(count),
    lines: new Float64Array(count),
    statuses: new Uint8Array(count),
    items: joinItemParts(batches.map((batch) => batch.items)),
    extras: []
  }
  let at = 0
  for (const batch of batches) {
    joined.stores.set(batch.stores, at)
    joined.lines.set(batch.lines, at)
    joined.statuses.set(batch.statuses, at)
    for (const extra of batch.extras) joined.extras.push({ ...extra, index: extra.index + at })
    at += answerCount(batch)
  }
  return joined
}

/**
 * The rows of a batch, or a group of them, as History's writer stores them: decoded where they are
 * written (History's thread in the app; main's own connection only for a history in memory, which
 * tests and tools use).
 */
export function answerRowsOf(batch: AnswerBatch | AnswerGroup): AnswerRow[] {
  const items = decodeItemBytes(batch.items)
  const rows = Array.from(batch.statuses, (status, index): AnswerRow => {
    const item = items[index] ?? null
    return {
      storeNbr: batch.stores[index] ?? 0,
      line: batch.lines[index] ?? 0,
      status: FINAL_STATUSES[status] as AnswerRow['status'],
      ...(item === null ? {} : { item })
    }
  })
  for (const { index, error, replaces } of batch.extras) {
    const row = rows[index]
    if (row === undefined) continue
    if (error !== undefined) row.error = error
    if (replaces !== undefined) row.replaces = replaces
  }
  return rows
}

/** Rows written out as a batch: how tests and tools hand History's writer answers they made up. */
export function answerBatchOf(rows: readonly AnswerRow[]): AnswerBatch {
  const stores = new Float64Array(rows.length)
  const lines = new Float64Array(rows.length)
  const statuses = new Uint8Array(rows.length)
  const extras: AnswerBatch['extras'] = []
  rows.forEach((row, index) => {
    stores[index] = row.storeNbr
    lines[index] = row.line
    statuses[index] = statusCode(row.status)
    if (row.error !== undefined || row.replaces !== undefined) {
      extras.push({
        index,
        ...(row.error === undefined ? {} : { error: row.error }),
        ...(row.replaces === undefined ? {} : { replaces: row.replaces })
      })
    }
  })
  return { stores, lines, statuses, items: itemBytesOf(rows.map((row) => row.item ?? null)), extras }
}
