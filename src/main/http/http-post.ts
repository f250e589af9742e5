import { readBoundedBytes, ReplyTooLargeError } from './bounded-reply'
import { redirectOf, type Redirect } from './redirect-refusal'

/** One POST that carries a secret or a token: never redirected, its reply bounded while it is read. */
export interface HttpPostRequest {
  url: string
  headers: Readonly<Record<string, string>>
  body: string
  /** Cancels the request wherever it is, the reply's reading included; the request rejects with its reason. */
  signal: AbortSignal
  /** The most of the reply's body read for its status (a token's or a search's for a 2xx, an error's otherwise). */
  limitBytes(status: number): number
}

export type HttpPostReply =
  | { kind: 'answered'; status: number; header(name: string): string | null; body: Uint8Array }
  | { kind: 'redirected'; redirect: Redirect }
  /** `status` is null when the reply was refused before its status was known. */
  | { kind: 'too_large'; status: number | null; limitBytes: number }

/**
 * How main sends a POST and reads its reply. Rejects with the transport's own error when no reply
 * came; `classifyFetchFailure` tells the cause of either transport's errors.
 */
export type HttpPost = (request: HttpPostRequest) => Promise<HttpPostReply>

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 299
}

/** Over a `fetch`: Electron's `net.fetch` (Chromium's network stack, the system's proxy and certificates), or Node's. */
export function postOverFetch(fetchFn: typeof fetch): HttpPost {
  return async ({ url, headers, body, signal, limitBytes }) => {
    let status: number | null = null
    try {
      const response = await fetchFn(url, { method: 'POST', headers, body, signal, redirect: 'manual' })
      status = response.status
      const redirect = redirectOf(response, url)
      if (redirect !== null) {
        await response.body?.cancel().catch(() => undefined)
        return { kind: 'redirected', redirect }
      }
      const bytes = await readBoundedBytes(response, limitBytes(status))
      return { kind: 'answered', status, header: (name) => response.headers.get(name), body: bytes }
    } catch (error) {
      if (error instanceof ReplyTooLargeError) return { kind: 'too_large', status, limitBytes: error.limitBytes }
      throw error
    }
  }
}
