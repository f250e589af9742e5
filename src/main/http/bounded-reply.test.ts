import { describe, expect, it } from 'vitest'
import { readBoundedText, ReplyTooLargeError } from './bounded-reply'
import { rejectionOf } from './test-support/loopback-servers'

/** A body of endless 1 KB chunks that counts how many were pulled and whether it was cancelled. */
function endlessBody(headers: Record<string, string> = {}): { response: Response; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0
  let cancelled = false
  const chunk = new Uint8Array(1024).fill(0x61)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1
      controller.enqueue(chunk)
    },
    cancel() {
      cancelled = true
    }
  })
  return { response: new Response(stream, { headers }), pulled: () => pulled, cancelled: () => cancelled }
}

describe('readBoundedText', () => {
  it('reads a reply within the limit as UTF-8, split multi-byte characters included', async () => {
    const bytes = new TextEncoder().encode('Størë ✓')
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]))
        controller.close()
      }
    })
    expect(await readBoundedText(new Response(stream), bytes.length)).toBe('Størë ✓')
  })

  it('stops an endless reply just past the limit and drops the stream', async () => {
    const body = endlessBody()
    const error = await rejectionOf(readBoundedText(body.response, 64 * 1024), ReplyTooLargeError)
    expect(error.limitBytes).toBe(64 * 1024)
    expect(error.message).toBe('The reply is larger than 64 KB.')
    expect(body.pulled()).toBeLessThanOrEqual(66)
    expect(body.cancelled()).toBe(true)
  })

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const body = endlessBody({ 'Content-Length': String(2 * 1024 ** 3) })
    const pulledBefore = body.pulled()
    await rejectionOf(readBoundedText(body.response, 16 * 1024 * 1024), ReplyTooLargeError)
    expect(body.cancelled()).toBe(true)
    // A stream pulls once ahead of any reader; nothing beyond that was asked for.
    expect(body.pulled()).toBeLessThanOrEqual(pulledBefore + 1)
  })

  it('reads an empty body as empty text', async () => {
    expect(await readBoundedText(new Response(null, { status: 204 }), 10)).toBe('')
  })
})
