import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { backoffDelay, classifyFailure, decideRetry, DEFAULT_RETRY_POLICY, type Failure } from './retry-policy'

class KindedError extends AppError {
  constructor(
    code: ConstructorParameters<typeof AppError>[0],
    message: string,
    status: number | undefined,
    readonly kind: string,
    readonly retryable: boolean,
    readonly rateLimit?: { remaining: number | null; resetAt: number | null; retryAfterMs: number | null }
  ) {
    super(code, message, status)
  }
}

describe('classifyFailure', () => {
  it.each([
    ['a 500', new KindedError('server_error', 'An internal server error has occurred.', 500, 'server', true)],
    ['a 503', new AppError('server_error', 'One or more services are unavailable', 503)],
    ['a 408', new AppError('timeout', 'The request timed out.', 408)],
    ['a timeout', new KindedError('timeout', 'The server did not answer in time.', undefined, 'timeout', true)],
    ['a dropped connection', new KindedError('offline', 'The connection was reset.', undefined, 'network', true)],
    ['a malformed body', new KindedError('server_error', 'The server sent a response that could not be read.', 200, 'server', true)]
  ])('retries %s', (_name, error) => {
    expect(classifyFailure(error).kind).toBe('transient')
  })

  it('fails only the batch on other 4xx, keeping the server message', () => {
    const failure = classifyFailure(new KindedError('bad_request', 'Invalid parameter.', 400, 'client', false))
    expect(failure).toEqual({ kind: 'batch', error: { code: 'bad_request', message: 'Invalid parameter.', status: 400 }, rateLimit: null })
  })

  it('treats credential and subscription failures as fatal for the whole job', () => {
    expect(classifyFailure(new KindedError('not_subscribed', 'The consumer id is not subscribed.', 403, 'auth', false)).kind).toBe('job')
    expect(classifyFailure(new AppError('wrong_credentials', 'The client ID or secret is wrong.')).kind).toBe('job')
  })

  it('recognises throttling and keeps the rate-limit figures', () => {
    const rateLimit = { remaining: 0, resetAt: 123, retryAfterMs: 4_000 }
    const failure = classifyFailure(new KindedError('throttled', 'Too Many Requests', 429, 'throttled', true, rateLimit))
    expect(failure.kind).toBe('throttled')
    expect(failure.rateLimit).toEqual(rateLimit)
  })

  it('recognises cancellation, and reports anything that is not an AppError without its text', () => {
    expect(classifyFailure(new KindedError('cancelled', 'Cancelled.', undefined, 'cancelled', false)).kind).toBe('cancelled')
    const failure = classifyFailure(new TypeError('secret-ish internals'))
    expect(failure.kind).toBe('batch')
    expect(failure.error.code).toBe('internal')
    expect(failure.error.message).not.toContain('secret-ish')
  })
})

describe('backoffDelay', () => {
  const policy = { baseDelayMs: 500, maxDelayMs: 15_000 }

  it('grows the ceiling exponentially and caps it', () => {
    const top = () => 0.999_999
    expect(backoffDelay(1, top, policy)).toBe(499)
    expect(backoffDelay(2, top, policy)).toBe(999)
    expect(backoffDelay(3, top, policy)).toBe(1_999)
    expect(backoffDelay(10, top, policy)).toBe(14_999)
  })

  it('draws the whole range below the ceiling (full jitter)', () => {
    expect(backoffDelay(3, () => 0, policy)).toBe(0)
    expect(backoffDelay(3, () => 0.5, policy)).toBe(1_000)
  })
})

describe('decideRetry', () => {
  const transient: Failure = { kind: 'transient', error: { code: 'server_error', message: 'x', status: 500 }, rateLimit: null }

  it('retries a transient fault until the attempts run out', () => {
    expect(decideRetry(transient, 1, DEFAULT_RETRY_POLICY, () => 0.5)).toEqual({ retry: true, delayMs: 250 })
    expect(decideRetry(transient, 4, DEFAULT_RETRY_POLICY, () => 0.5)).toEqual({ retry: true, delayMs: 2_000 })
    expect(decideRetry(transient, 5, DEFAULT_RETRY_POLICY, () => 0.5)).toEqual({ retry: false })
  })

  it('never retries what a retry cannot fix', () => {
    for (const kind of ['batch', 'job', 'cancelled', 'throttled'] as const) {
      expect(decideRetry({ ...transient, kind }, 1, DEFAULT_RETRY_POLICY, () => 0.5)).toEqual({ retry: false })
    }
  })
})
