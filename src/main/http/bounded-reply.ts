/**
 * How much of a server's reply main reads, before parsing anything. A token reply is a few
 * hundred bytes and a search of 100 values a few hundred KB; a server that sends more is broken
 * or hostile, and reading on would only cost memory.
 */
export const TOKEN_REPLY_LIMIT_BYTES = 64 * 1024
export const SEARCH_REPLY_LIMIT_BYTES = 16 * 1024 * 1024
/** Any non-2xx body: enough for any real error message. */
export const ERROR_REPLY_LIMIT_BYTES = 64 * 1024

export class ReplyTooLargeError extends Error {
  readonly limitBytes: number
  constructor(limitBytes: number) {
    super(`The reply is larger than ${describeBytes(limitBytes)}.`)
    this.name = 'ReplyTooLargeError'
    this.limitBytes = limitBytes
  }
}

/** `64 KB`, `16 MB`: the limits as a person reads them. */
export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`
}

/**
 * The body as UTF-8 text, read while it streams in: a declared or actual size over `limitBytes`
 * stops the reading there (the connection is dropped) and throws `ReplyTooLargeError`.
 */
export async function readBoundedText(response: Response, limitBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBoundedBytes(response, limitBytes))
}

/** The body's bytes, bounded as `readBoundedText` reads them, in a buffer of their own: for a reply read on another thread. */
export async function readBoundedBytes(response: Response, limitBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (response.body === null) return new Uint8Array(0)
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body.cancel().catch(() => undefined)
    throw new ReplyTooLargeError(limitBytes)
  }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined)
      throw new ReplyTooLargeError(limitBytes)
    }
    chunks.push(value)
  }
  return joinChunks(chunks, size)
}

/** A reply's chunks in a buffer of their own (never a slice of Node's shared pool), so it can be moved to another thread. */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
