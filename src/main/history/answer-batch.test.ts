import { describe, expect, it } from 'vitest'
import { answerBatchOf, answerCount, answerRowsOf } from './answer-batch'
import type { AnswerRow } from './history-types'
import { encodeItem } from './item-batch'
import { decodeItemBytes, encodeItemBytes, isFound, noItemBytes } from './item-bytes'
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
})
