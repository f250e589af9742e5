import { AppError, type AppErrorShape, type ErrorCode } from '../../shared/domain/app-error'
import { InventoryApiError, type RateLimit } from '../inventory/inventory-client'

export interface RetryPolicy {
  /** Requests one batch may make for faults other than throttling, the first one included. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 15_000 }

/**
 * - `throttled`: the server asked us to slow down; the whole job pauses and the batch goes again.
 * - `transient`: 5xx, 408, timeouts, dropped connections, malformed bodies; the batch goes again after a backoff.
 * - `not_mapped`: 404 "A requested GTIN is not mapped to the Supplier."; which value it means is not said.
 * - `job`: the credentials or subscription are wrong, so every other batch would fail the same way.
 * - `batch`: the server rejected this request (other 4xx); retrying would not change its answer.
 * - `cancelled`: the request was aborted.
 */
export type FailureKind = 'throttled' | 'transient' | 'not_mapped' | 'job' | 'batch' | 'cancelled'

export interface Failure {
  kind: FailureKind
  error: AppErrorShape
  rateLimit: RateLimit | null
}

const JOB_FATAL_CODES: ReadonlySet<ErrorCode> = new Set([
  'wrong_credentials',
  'not_subscribed',
  'missing_credentials',
  'token_rejected',
  // The identity host is misconfigured or not the one it claims to be: every batch would meet the same.
  'certificate_untrusted',
  'redirected',
  'reply_too_large'
])
// Failures of the token request surface as plain AppErrors.
const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set(['server_error', 'timeout', 'offline', 'identity_unavailable'])
const NOT_MAPPED = /not mapped to the supplier/i

export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof AppError)) {
    return {
      kind: 'batch',
      error: { code: 'internal', message: 'The lookup failed unexpectedly; try these values again.' },
      rateLimit: null
    }
  }
  const shape = error.toShape()
  if (error instanceof InventoryApiError) {
    const rateLimit = error.rateLimit ?? null
    const kind = ((): FailureKind => {
      switch (error.kind) {
        case 'cancelled':
          return 'cancelled'
        case 'throttled':
          return 'throttled'
        case 'auth':
        case 'config':
          return 'job'
        case 'server':
        case 'timeout':
        case 'network':
          return 'transient'
        case 'client':
          if (error.status === 404 && NOT_MAPPED.test(error.message)) return 'not_mapped'
          return error.retryable ? 'transient' : 'batch'
      }
    })()
    return { kind, error: shape, rateLimit }
  }
  if (error.code === 'cancelled') return { kind: 'cancelled', error: shape, rateLimit: null }
  if (JOB_FATAL_CODES.has(error.code)) return { kind: 'job', error: shape, rateLimit: null }
  return { kind: TRANSIENT_CODES.has(error.code) ? 'transient' : 'batch', error: shape, rateLimit: null }
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
