import { AppError, type AppErrorShape, type ErrorCode } from '../../shared/domain/app-error'

export interface RetryPolicy {
  /** Requests one batch may make for faults other than throttling, the first one included. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 15_000 }

/** What the server said about its rate window, as the inventory client reports it. */
export interface RateLimitInfo {
  remaining: number | null
  resetAt: number | null
  retryAfterMs: number | null
}

/**
 * - `throttled`: the server asked us to slow down; the whole job pauses and the batch goes again.
 * - `transient`: 5xx, 408, timeouts, dropped connections, malformed bodies; the batch goes again after a backoff.
 * - `job`: the credentials or subscription are wrong, so every other batch would fail the same way.
 * - `batch`: the server rejected this request (other 4xx); retrying would not change its answer.
 * - `cancelled`: the request was aborted.
 */
export type FailureKind = 'throttled' | 'transient' | 'job' | 'batch' | 'cancelled'

export interface Failure {
  kind: FailureKind
  error: AppErrorShape
  rateLimit: RateLimitInfo | null
}

const JOB_FATAL_CODES: ReadonlySet<ErrorCode> = new Set(['wrong_credentials', 'not_subscribed', 'missing_credentials', 'token_rejected'])
const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set(['server_error', 'timeout', 'offline', 'identity_unavailable'])
const TRANSIENT_KINDS: ReadonlySet<string> = new Set(['server', 'timeout', 'network'])

interface ErrorDetails {
  kind?: unknown
  retryable?: unknown
  rateLimit?: unknown
}

export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof AppError)) {
    return {
      kind: 'batch',
      error: { code: 'internal', message: 'The lookup failed unexpectedly; try these values again.' },
      rateLimit: null
    }
  }
  const details = error as AppError & ErrorDetails
  const rateLimit = asRateLimit(details.rateLimit)
  const shape = error.toShape()
  const status = error.status
  const kind = typeof details.kind === 'string' ? details.kind : null

  if (kind === 'cancelled' || error.code === 'cancelled') return { kind: 'cancelled', error: shape, rateLimit }
  if (kind === 'throttled' || status === 429 || error.code === 'throttled') return { kind: 'throttled', error: shape, rateLimit }
  if (kind === 'auth' || JOB_FATAL_CODES.has(error.code)) return { kind: 'job', error: shape, rateLimit }
  const transient =
    details.retryable === true ||
    (kind !== null && TRANSIENT_KINDS.has(kind)) ||
    TRANSIENT_CODES.has(error.code) ||
    status === 408 ||
    (status !== undefined && status >= 500)
  return { kind: transient ? 'transient' : 'batch', error: shape, rateLimit }
}

/** Full jitter: a uniformly random wait up to an exponentially growing, capped ceiling. */
export function backoffDelay(attempt: number, random: () => number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.floor(random() * ceiling)
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false }

/** `attemptsMade` counts the requests this batch has made for non-throttling faults, the failed one included. */
export function decideRetry(failure: Failure, attemptsMade: number, policy: RetryPolicy, random: () => number): RetryDecision {
  if (failure.kind !== 'transient' || attemptsMade >= policy.maxAttempts) return { retry: false }
  return { retry: true, delayMs: backoffDelay(attemptsMade, random, policy) }
}

function asRateLimit(value: unknown): RateLimitInfo | null {
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  return {
    remaining: numberOrNull(record['remaining']),
    resetAt: numberOrNull(record['resetAt']),
    retryAfterMs: numberOrNull(record['retryAfterMs'])
  }
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}
