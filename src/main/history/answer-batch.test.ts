import { describe, expect, it } from 'vitest'
import { answerBatchOf, answerCount, answerRowsOf, joinAnswerBatches } from './answer-batch'
import type { AnswerRow } from './history-types'
import { encodeItem } from './item-batch'
import {
  decodeItemBytes,
  dropItemBytes,
  encodeItemBytes,
  isFound,
  itemBytesTransfer,
  joinItemParts,
  noItemBytes,
  spareTransfer
} from './item-bytes'
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
    // And a spare copy in a buffer of its own, for History's writer; both move with a reply's message.
    expect(encoded.spare).toEqual(encoded.bytes)
    expect(encoded.spare?.buffer).not.toBe(encoded.bytes.buffer)
    expect(itemBytesTransfer(encoded)).toEqual([encoded.bytes.buffer, encoded.spare?.buffer])
  })

  it('holds no bytes when nothing was found, for a reply with no item or a batch every value of which is not found', () => {
    for (const none of [encodeItemBytes([null, null]), noItemBytes(2)]) {
      expect(none.bytes.byteLength).toBe(0)
      expect(none.spare).toBeUndefined()
      expect(itemBytesTransfer(none)).toEqual([])
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
    // The items' bytes are not copied into one buffer: each batch that has some is a part, as it is.
    expect(joined.items.parts).toHaveLength(2)
    expect(joined.items.parts[0]).toBe(batches[0]?.items.bytes)
    expect(joined.items.parts[1]).toBe(batches[3]?.items.bytes)
    // The batches are left whole: what is written again if History's writer stops before it has the group.
    expect(batches.flatMap(answerRowsOf)).toEqual([...first, ...failed, ...last])
  })

  it('joins batches with no item found, and no batch at all, into batches with no bytes', () => {
    const none = joinAnswerBatches([
      answerBatchOf([{ storeNbr: 1, line: 1, status: 'not_found' }]),
      answerBatchOf([{ storeNbr: 1, line: 2, status: 'cancelled' }])
    ])
    expect(none.items.parts).toEqual([])
    expect(answerRowsOf(none).map((row) => row.line)).toEqual([1, 2])
    expect(answerCount(joinAnswerBatches([]))).toBe(0)
  })

  it('joins items as parts, the spare of each batch that has one, lengths per value in order, with -1 runs and no empty part', () => {
    const [a, b, c] = [sampleItem('a', 1), sampleItem('Crème 🍮', 2), sampleItem('c', 3)]
    const batches = [encodeItemBytes([a, null]), noItemBytes(2), encodeItemBytes([]), encodeItemBytes([null, b]), encodeItemBytes([c])]
    const joined = joinItemParts(batches)
    expect(Array.from(joined.items).map((length) => length >= 0)).toEqual([true, false, false, false, false, true, true])
    expect(joined.parts).toEqual([batches[0]?.spare, batches[3]?.spare, batches[4]?.spare])
    expect(joined.parts[0]).toBe(batches[0]?.spare)
    expect(decodeItemBytes(joined)).toEqual([encodeItem(a), null, null, null, null, encodeItem(b), encodeItem(c)])
    expect(batches.flatMap((batch) => spareTransfer(batch))).toEqual(joined.parts.map((part) => part.buffer))
  })

  it('sends a batch whose spare has moved as its own bytes, which stay where they are', () => {
    const item = sampleItem('a', 1)
    const moved = encodeItemBytes([item])
    structuredClone(moved.spare, { transfer: spareTransfer(moved) })
    expect(moved.spare?.byteLength).toBe(0)
    expect(spareTransfer(moved)).toEqual([])
    const joined = joinItemParts([moved])
    expect(joined.parts).toEqual([moved.bytes])
    expect(decodeItemBytes(joined)).toEqual([encodeItem(item)])
    // Letting go of it then detaches its own bytes, and passes over the spare already gone.
    dropItemBytes(moved)
    expect(moved.bytes.byteLength).toBe(0)
  })

  it("lets go of items' own buffer at once, and never of a buffer they only have a view into", () => {
    const own = encodeItemBytes([sampleItem('a', 1)])
    const { buffer } = own.bytes
    dropItemBytes(own)
    expect(buffer.byteLength).toBe(0)
    expect(own.spare?.byteLength).toBe(0)
    const larger = new Uint8Array(10).fill(3)
    dropItemBytes({ ...noItemBytes(0), bytes: larger.subarray(2, 4) })
    expect(Array.from(larger)).toEqual(Array<number>(10).fill(3))
  })
})
