/** What a response says about throttling: requests left in the window, when it refills, and how long to wait. */
export interface RateLimit {
  remaining: number | null
  /** Epoch ms when the window is replenished. */
  resetAt: number | null
  retryAfterMs: number | null
}

export const NO_RATE_LIMIT: RateLimit = { remaining: null, resetAt: null, retryAfterMs: null }

/** The three headers, by their lower-case names (as a search's exchange keeps them), or a response's `Headers`. */
export type RateLimitHeaders = Headers | Partial<Record<RateLimitHeader, string>>

type RateLimitHeader = 'x-current-token-count' | 'x-next-replenishment-time' | 'retry-after'

/**
 * Read once per search: the shape is told once, and a search's headers (an object that crossed
 * from the search thread) are read by their names, not through a function handed each name.
 */
export function parseRateLimit(headers: RateLimitHeaders, now: number): RateLimit {
  if (isHeaders(headers)) {
    return rateLimitOf(headers.get('x-current-token-count'), headers.get('x-next-replenishment-time'), headers.get('retry-after'), now)
  }
  return rateLimitOf(
    headers['x-current-token-count'] ?? null,
    headers['x-next-replenishment-time'] ?? null,
    headers['retry-after'] ?? null,
    now
  )
}

function rateLimitOf(count: string | null, replenishment: string | null, retryAfterRaw: string | null, now: number): RateLimit {
  const retryAfter = parseInstant(retryAfterRaw, now, 'seconds')
  return {
    remaining: parseCount(count),
    resetAt: parseInstant(replenishment, now),
    retryAfterMs: retryAfter === null ? null : Math.max(0, retryAfter - now)
  }
}

/**
 * Told apart by shape: `instanceof Headers` reads Node's global `Headers`, whose first read loads
 * undici, Node's fetch, on main's thread, which under Node sends no fetch of its own.
 */
function isHeaders(headers: RateLimitHeaders): headers is Headers {
  return typeof (headers as { get?: unknown }).get === 'function'
}

function parseCount(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null
  const value = Number(raw.trim())
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null
}

/**
 * The replenishment header is not documented beyond its name, so every plausible form is read:
 * epoch milliseconds (13 digits), epoch seconds (10 digits), an ISO or HTTP date, or a small
 * number of seconds from now. `Retry-After` is seconds or an HTTP date (RFC 9110).
 */
function parseInstant(raw: string | null, now: number, numbersAre: 'auto' | 'seconds' = 'auto'): number | null {
  if (raw === null) return null
  const text = raw.trim()
  if (text === '') return null
  if (/^\d+(\.\d+)?$/.test(text)) {
    const value = Number(text)
    if (numbersAre === 'seconds') return now + value * 1000
    if (value >= 1e12) return value
    if (value >= 1e9) return value * 1000
    return now + value * 1000
  }
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : date
}
