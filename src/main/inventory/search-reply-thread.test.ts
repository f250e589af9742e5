import { describe, expect, it } from 'vitest'
import type { InventoryItem } from '../../shared/domain/line-result'
import { REDACTED } from '../security/redactor'
import { isThreadStopped } from '../workers/supervised-thread'
import { runningThreads } from '../workers/thread-census'
import { readSearchReply, UnreadableReplyError, type SearchAnswers, type SearchQuestion } from './search-reply'
import { readsReplyInPlace, SMALL_REPLY_BYTES } from './search-reply-thread'
import { openedSearchThreads } from './test-support/opened-search-threads'
import { readableAnswers } from './test-support/readable-answers'

const TOKEN = 'tok-0123456789abcdef'
const LATER_TOKEN = 'tok-fedcba9876543210'
const QUESTION: SearchQuestion = { itemType: 'gtin', values: ['00012345678905', '36000291452', '00000000000017'] }

/**
 * A reply with an item for the first two values asked (one without its leading zeros) and one for a
 * value not asked; `size: 'large'` pads it past what is read in place, so the thread reads it.
 */
function reply(echoed: string, size: 'small' | 'large' = 'large'): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({
      supplier_name: 'Acme',
      store_nbr: 1234,
      ...(size === 'large' ? { request_id: 'r'.repeat(SMALL_REPLY_BYTES) } : {}),
      items: [
        { gtin: '36000291452', inventory_locations: [{ location_area: 'store', state: 'available', quantity: 4 }] },
        { gtin: '12345678905', inventory_locations: [{ location_area: 'backroom', state: 'available', quantity: 2, note: echoed }] },
        { gtin: '99999999999', inventory_locations: [] }
      ]
    })
  )
}

const open = openedSearchThreads(TOKEN)

function itemsOf(answers: SearchAnswers): (InventoryItem | null)[] {
  return readableAnswers(answers).items.map((item) => (item === null ? null : (JSON.parse(item.json) as InventoryItem)))
}

describe('where a search reply is read', () => {
  it('reads a reply of up to SMALL_REPLY_BYTES in place while the thread is not running, and every other reply on the thread', () => {
    expect(readsReplyInPlace(0, false)).toBe(true)
    expect(readsReplyInPlace(SMALL_REPLY_BYTES, false)).toBe(true)
    expect(readsReplyInPlace(SMALL_REPLY_BYTES + 1, false)).toBe(false)
    expect(readsReplyInPlace(0, true)).toBe(false)
    expect(readsReplyInPlace(SMALL_REPLY_BYTES, true)).toBe(false)
  })

  it('reads a small reply without starting the thread, and a larger one on a thread started for it, with the same answers either way', async () => {
    const { thread, redactor } = open()
    const small = reply(`Bearer ${TOKEN}`, 'small')
    const large = reply(`Bearer ${TOKEN}`, 'large')
    expect(small.byteLength).toBeLessThanOrEqual(SMALL_REPLY_BYTES)
    expect(large.byteLength).toBeGreaterThan(SMALL_REPLY_BYTES)

    const inPlace = await thread.read(small, QUESTION)
    expect(runningThreads('Search replies')).toEqual([])
    expect(inPlace).toEqual(readSearchReply(small, QUESTION, redactor))
    expect(readableAnswers(inPlace).items[0]?.json).toContain(REDACTED)

    const onThread = await thread.read(large, QUESTION)
    expect(runningThreads('Search replies')).toHaveLength(1)
    // What History stores of each item (its JSON and locations) and the unmatched count do not depend on where it was read.
    expect(onThread).toEqual(inPlace)

    // Once the thread runs, a small reply is read there too: main's thread reads none of a large lookup's replies.
    redactor.remember(LATER_TOKEN)
    const after = await thread.read(reply(LATER_TOKEN, 'small'), QUESTION)
    expect(JSON.stringify(readableAnswers(after))).toContain(REDACTED)
    expect(JSON.stringify(readableAnswers(after))).not.toContain(LATER_TOKEN)
    expect(runningThreads('Search replies')).toHaveLength(1)
  })

  it('says a small body that is not a search reply could not be read, as the thread does', async () => {
    const { thread } = open()
    await expect(thread.read(new TextEncoder().encode('{"items": [tru'), QUESTION)).rejects.toBeInstanceOf(UnreadableReplyError)
    expect(runningThreads('Search replies')).toEqual([])
  })
})

describe('search replies read on their own thread', () => {
  it('answers as the reading on main would, matched to the values asked and redacted with every value main knows, even one learned after the thread started', async () => {
    const { thread, redactor } = open()
    const first = await thread.read(reply(`Bearer ${TOKEN}`), QUESTION)
    expect(first).toEqual(readSearchReply(reply(`Bearer ${TOKEN}`), QUESTION, redactor))
    expect(first.unmatched).toBe(1)
    expect(itemsOf(first).map((item) => item?.gtin ?? null)).toEqual(['00012345678905', '00036000291452', null])
    expect(readableAnswers(first).items[0]?.json).toContain(REDACTED)
    expect(readableAnswers(first).items[0]?.locations).toBe('[["backroom","available",2]]')

    redactor.remember(LATER_TOKEN)
    const second = await thread.read(reply(LATER_TOKEN), QUESTION)
    expect(JSON.stringify(readableAnswers(second))).not.toContain(LATER_TOKEN)
    expect(readableAnswers(second).items[0]?.json).toContain(REDACTED)
  })

  it('says a body that is not a search reply could not be read', async () => {
    const { thread } = open()
    const padded = (text: string) => new TextEncoder().encode(text.padEnd(SMALL_REPLY_BYTES + 1))
    await expect(thread.read(padded('{"items": [tru'), QUESTION)).rejects.toBeInstanceOf(UnreadableReplyError)
    await expect(thread.read(padded('[1, 2]'), QUESTION)).rejects.toBeInstanceOf(UnreadableReplyError)
    expect(runningThreads('Search replies')).toHaveLength(1)
    expect(readableAnswers(await thread.read(reply('x'), QUESTION)).items).toHaveLength(3)
  })

  it('ended mid-read: the read fails with the sentence, the stop is heard, and the next read runs on a new thread taught every value again', async () => {
    const { thread, stops } = open()
    await thread.read(reply('warm-up'), QUESTION)
    const [running] = runningThreads('Search replies')
    // A reply of some megabytes is still being read when the thread is ended.
    const large = new TextEncoder().encode(
      JSON.stringify({ items: Array.from({ length: 40_000 }, (_, index) => ({ gtin: String(index), inventory_locations: [] })) })
    )
    const reading = thread.read(large, QUESTION)
    await running?.terminate()
    const error: unknown = await reading.then(
      () => null,
      (failure: unknown) => failure
    )
    expect(isThreadStopped(error)).toBe(true)
    expect((error as Error).message).toBe(
      'The inventory answer reader stopped unexpectedly; the lookups running were paused with every answer kept, and can be resumed from History. The details were written to the log.'
    )
    expect(stops.map((stop) => stop.message)).toEqual([(error as Error).message])

    const again = await thread.read(reply(`Bearer ${TOKEN}`), QUESTION)
    expect(runningThreads('Search replies')).toHaveLength(1)
    expect(runningThreads('Search replies')[0]).not.toBe(running)
    expect(JSON.stringify(again)).not.toContain(TOKEN)
  })
})
