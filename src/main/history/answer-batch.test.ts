import { describe, expect, it } from 'vitest'
import { answerBatchOf, answerCount, answerRowsOf, joinAnswerBatches } from './answer-batch'
import type { AnswerRow } from './history-types'
import { encodeItem } from './item-batch'
import { decodeItemBytes, dropItemBytes, encodeItemBytes, isFound, itemBytesTransfer, joinItemBytes, noItemBytes } from './item-bytes'
import { sampleItem } from './test-support/sample-lookups'

describe("a batch of answers on its way to History's writer", () => {
  it('gives back, decoded, every kind of answer: found with its encoded item (any text), not found, failed with its error, and a result replacing another', () => {
    const rows: AnswerRow[] = [
      { storeNbr: 7, line: 2, status: 'found', item: encodeItem(sampleItem('00012345678905', 3)) },
      { storeNbr: 7, line: 3, status: 'not_found' },
      { storeNbr: 3, line: 2, status: 'failed', error: { code: 'server_error', message: 'The server failed.', status: 500 } },
      {
        storeNbr: 3,
        line: 4,
        status: 'found',
        item: encodeItem(sampleItem('Crème brûlée 🍮 日本', 0)),
        replaces: { seq: 41, status: 'cancelled' }
      },
      { storeNbr: 3, line: 5, status: 'cancelled' }
    ]
    const batch = answerBatchOf(rows)
    expect(answerCount(batch)).toBe(5)
    expect(answerRowsOf(batch)).toEqual(rows)
    expect(answerRowsOf(answerBatchOf([]))).toEqual([])
  })

  it('carries the items as UTF-8 bytes and a length per value, -1 for none, and nothing else', () => {
    const item = sampleItem('Crème 🍮', 2)
    const encoded = encodeItemBytes([null, item, null])
    const { json, locations } = encodeItem(item)
    expect(encoded.bytes).toBeInstanceOf(Uint8Array)
    expect(Array.from(encoded.items)).toEqual([-1, Buffer.byteLength(json), -1])
    expect(Array.from(encoded.locations)).toEqual([-1, Buffer.byteLength(locations), -1])
    expect(Buffer.from(encoded.bytes).toString('utf8')).toBe(json + locations)
    // Its own buffer, whole, so that a message can move it to another thread.
    expect(encoded.bytes.byteOffset).toBe(0)
    expect(encoded.bytes.buffer.byteLength).toBe(encoded.bytes.byteLength)
    expect([0, 1, 2].map((index) => isFound(encoded, index))).toEqual([false, true, false])
    expect(decodeItemBytes(encoded)).toEqual([null, { json, locations }, null])
  })

  it('holds no bytes when nothing was found, for a reply with no item or a batch every value of which is not found', () => {
    for (const none of [encodeItemBytes([null, null]), noItemBytes(2)]) {
      expect(none.bytes.byteLength).toBe(0)
      expect(decodeItemBytes(none)).toEqual([null, null])
    }
    expect(decodeItemBytes(encodeItemBytes([]))).toEqual([])
  })

  it('joins batches into one, in order: every answer, its item and its error or replaced result kept with it', () => {
    const found = (storeNbr: number, line: number, text: string): AnswerRow => ({
      storeNbr,
      line,
      status: 'found',
      item: encodeItem(sampleItem(text, line))
    })
    const first: AnswerRow[] = [
      found(7, 1, 'Crème 🍮'),
      { storeNbr: 7, line: 2, status: 'not_found', replaces: { seq: 3, status: 'cancelled' } }
    ]
    // No item at all: an empty run of bytes between two batches that have some.
    const failed: AnswerRow[] = [1, 2, 3].map((line) => ({
      storeNbr: 9,
      line,
      status: 'failed',
      error: { code: 'server_error', message: 'The server failed.', status: 500 }
    }))
    const last: AnswerRow[] = [
      { storeNbr: 3, line: 8, status: 'not_found' },
      { ...found(3, 9, '日本'), replaces: { seq: 12, status: 'failed' } },
      found(3, 10, 'plain')
    ]
    const batches = [answerBatchOf(first), answerBatchOf(failed), answerBatchOf([]), answerBatchOf(last)]
    const joined = joinAnswerBatches(batches)
    expect(answerCount(joined)).toBe(8)
    expect(answerRowsOf(joined)).toEqual([...first, ...failed, ...last])
    expect(joined.extras.map((extra) => extra.index)).toEqual([1, 2, 3, 4, 6])
    // Its own buffer, whole, so that the group's message moves it instead of copying it.
    expect(itemBytesTransfer(joined.items)).toEqual([joined.items.bytes.buffer])
    // The batches are left whole: what is written again if History's writer stops before it has the group.
    expect(batches.flatMap(answerRowsOf)).toEqual([...first, ...failed, ...last])
  })

  it('joins batches with no item found, and no batch at all, into batches with no bytes', () => {
    const none = joinAnswerBatches([
      answerBatchOf([{ storeNbr: 1, line: 1, status: 'not_found' }]),
      answerBatchOf([{ storeNbr: 1, line: 2, status: 'cancelled' }])
    ])
    expect(none.items.bytes.byteLength).toBe(0)
    expect(answerRowsOf(none).map((row) => row.line)).toEqual([1, 2])
    expect(answerCount(joinAnswerBatches([]))).toBe(0)
  })

  it('joins item bytes as they are, lengths per value in order, with -1 runs and empty parts', () => {
    const [a, b] = [sampleItem('a', 1), sampleItem('b', 2)]
    const joined = joinItemBytes([encodeItemBytes([a, null]), noItemBytes(2), encodeItemBytes([]), encodeItemBytes([null, b])])
    expect(Array.from(joined.items).map((length) => length >= 0)).toEqual([true, false, false, false, false, true])
    expect(decodeItemBytes(joined)).toEqual([encodeItem(a), null, null, null, null, encodeItem(b)])
    expect(joined.bytes.byteOffset).toBe(0)
    expect(joined.bytes.buffer.byteLength).toBe(joined.bytes.byteLength)
  })

  it("lets go of items' own buffer at once, and never of a buffer they only have a view into", () => {
    const own = encodeItemBytes([sampleItem('a', 1)])
    const { buffer } = own.bytes
    dropItemBytes(own)
    expect(buffer.byteLength).toBe(0)
    const larger = new Uint8Array(10).fill(3)
    dropItemBytes({ ...noItemBytes(0), bytes: larger.subarray(2, 4) })
    expect(Array.from(larger)).toEqual(Array<number>(10).fill(3))
  })
})
