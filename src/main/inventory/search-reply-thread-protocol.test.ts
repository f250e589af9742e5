import { describe, expect, it } from 'vitest'
import { answerHoldMs, REPLY_GATHER_MS } from './search-reply-thread-protocol'

/** When the search thread holds an answer for others: only while answers come fast, never longer than the window. */
describe('answerHoldMs', () => {
  it('holds an answer that comes soon after the last exchange with main until the window after it ends', () => {
    expect(answerHoldMs(1_000, 1_004, REPLY_GATHER_MS)).toBe(REPLY_GATHER_MS - 4)
    expect(answerHoldMs(1_000, 1_000, REPLY_GATHER_MS)).toBe(REPLY_GATHER_MS)
  })

  it('holds nothing that comes once the window after the last exchange has passed, as a real host round trip does', () => {
    expect(answerHoldMs(1_000, 1_000 + REPLY_GATHER_MS, REPLY_GATHER_MS)).toBe(0)
    expect(answerHoldMs(1_000, 1_350, REPLY_GATHER_MS)).toBe(0)
  })

  it('holds nothing before the thread and main have exchanged anything', () => {
    expect(answerHoldMs(Number.NEGATIVE_INFINITY, 5, REPLY_GATHER_MS)).toBe(0)
  })
})
