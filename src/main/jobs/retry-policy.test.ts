import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { InventoryApiError } from '../inventory/inventory-client'
import { backoffDelay, classifyFailure, decideRetry, DEFAULT_RETRY_POLICY, type Failure } from './retry-policy'

describe('classifyFailure', () => {
  it.each([
    [
      'a 500',
      new InventoryApiError('server_error', 'An internal server error has occurred.', { status: 500, kind: 'server', retryable: true })
    ],
    [
      'a 503',
      new InventoryApiError('server_error', 'One or more services are unavailable', { status: 503, kind: 'server', retryable: true })
    ],
    ['a 408', new InventoryApiError('server_error', 'The request timed out.', { status: 408, kind: 'server', retryable: true })],
    ['a timeout', new InventoryApiError('timeout', 'The server did not answer in time.', { kind: 'timeout', retryable: true })],
    ['a dropped connection', new InventoryApiError('offline', 'The connection was reset.', { kind: 'network', retryable: true })],
    [
      'a malformed body',
      new InventoryApiError('server_error', 'The server sent a response that could not be read.', {
        status: 200,
        kind: 'server',
        retryable: true
      })
    ]
  ])('retries %s', (_name, error) => {
    expect(classifyFailure(error).kind).toBe('transient')
  })

  it('fails only the batch on other 4xx, keeping the server message', () => {
    const failure = classifyFailure(
      new InventoryApiError('bad_request', 'Invalid parameter.', { status: 400, kind: 'client', retryable: false })
    )
    expect(failure).toEqual({ kind: 'batch', error: { code: 'bad_request', message: 'Invalid parameter.', status: 400 }, rateLimit: null })
  })

  it('retries failures of the token request, which arrive as plain AppErrors', () => {
    expect(classifyFailure(new AppError('identity_unavailable', 'The identity service is down.')).kind).toBe('transient')
    expect(classifyFailure(new AppError('offline', 'No network.')).kind).toBe('transient')
  })

  it('recognises "not mapped to the Supplier" apart from a wrong URL', () => {
    const notMapped = new InventoryApiError('not_found', 'HTTP 404. The server said: "A requested GTIN is not mapped to the Supplier."', {
      status: 404,
      kind: 'client',
      retryable: false
    })
    const wrongUrl = new InventoryApiError('not_found', 'HTTP 404. The server said: "Not found."', {
      status: 404,
      kind: 'client',
      retryable: false
    })
    expect(classifyFailure(notMapped).kind).toBe('not_mapped')
    expect(classifyFailure(wrongUrl).kind).toBe('batch')
  })

  it('treats credential and subscription failures as fatal for the whole job', () => {
    expect(
      classifyFailure(
        new InventoryApiError('not_subscribed', 'The consumer id is not subscribed.', { status: 403, kind: 'auth', retryable: false })
      ).kind
    ).toBe('job')
    expect(classifyFailure(new AppError('wrong_credentials', 'The client ID or secret is wrong.')).kind).toBe('job')
  })

  it('treats a redirect, an untrusted certificate and an oversized token reply as fatal for the job, and an oversized search reply as this batch only', () => {
    expect(
      classifyFailure(new InventoryApiError('redirected', 'Redirected.', { status: 307, kind: 'config', retryable: false })).kind
    ).toBe('job')
    expect(classifyFailure(new InventoryApiError('certificate_untrusted', 'Not trusted.', { kind: 'config', retryable: false })).kind).toBe(
      'job'
    )
    for (const code of ['redirected', 'certificate_untrusted', 'reply_too_large'] as const) {
      expect(classifyFailure(new AppError(code, 'From the identity host.')).kind).toBe('job')
    }
    expect(
      classifyFailure(new InventoryApiError('reply_too_large', 'Too large.', { status: 200, kind: 'client', retryable: false })).kind
    ).toBe('batch')
  })

  it('recognises throttling and keeps the rate-limit figures', () => {
    const rateLimit = { remaining: 0, resetAt: 123, retryAfterMs: 4_000 }
    const failure = classifyFailure(
      new InventoryApiError('throttled', 'Too Many Requests', { status: 429, kind: 'throttled', retryable: true, rateLimit })
    )
    expect(failure.kind).toBe('throttled')
    expect(failure.rateLimit).toEqual(rateLimit)
  })

  it('recognises cancellation, and reports anything that is not an AppError without its text', () => {
    expect(classifyFailure(new InventoryApiError('cancelled', 'Cancelled.', { kind: 'cancelled', retryable: false })).kind).toBe(
      'cancelled'
    )
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
    for (const kind of ['batch', 'job', 'cancelled', 'throttled', 'not_mapped'] as const) {
      expect(decideRetry({ ...transient, kind }, 1, DEFAULT_RETRY_POLICY, () => 0.5)).toEqual({ retry: false })
    }
  })
})
