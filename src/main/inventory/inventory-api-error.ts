import { AppError, type ErrorCode } from '../../shared/domain/app-error'
import type { RateLimit } from './rate-limit-headers'

/** `config`: the host is wrong or not to be trusted (redirect, untrusted certificate); every search would fail alike. */
export type FailureKind = 'throttled' | 'server' | 'timeout' | 'network' | 'client' | 'auth' | 'config' | 'cancelled'

/** A failed search, with what the job runner needs to decide between retrying, pausing and giving up. */
export class InventoryApiError extends AppError {
  readonly kind: FailureKind
  readonly retryable: boolean
  readonly rateLimit: RateLimit | undefined

  constructor(
    code: ErrorCode,
    message: string,
    details: { kind: FailureKind; retryable: boolean; status?: number; rateLimit?: RateLimit }
  ) {
    super(code, message, details.status)
    this.name = 'InventoryApiError'
    this.kind = details.kind
    this.retryable = details.retryable
    this.rateLimit = details.rateLimit
  }
}

/** Maps a non-2xx search answer to the error the user will read. */
export function searchHttpError(status: number, serverMessage: string, rateLimit: RateLimit): InventoryApiError {
  const said = serverMessage === '' ? '' : ` The server said: "${serverMessage}"`
  const base = { status, rateLimit }
  if (status === 429) {
    return new InventoryApiError('throttled', `The server asked us to slow down.${said}`, { ...base, kind: 'throttled', retryable: true })
  }
  if (status === 408 || status >= 500) {
    return new InventoryApiError('server_error', `The inventory service had a problem (HTTP ${status}).${said}`, {
      ...base,
      kind: 'server',
      retryable: true
    })
  }
  if (status === 401) {
    return new InventoryApiError(
      'token_rejected',
      `The inventory service rejected a fresh token. Check the client ID and secret in Settings.${said}`,
      { ...base, kind: 'auth', retryable: false }
    )
  }
  if (status === 403 && /not subscribed/i.test(serverMessage)) {
    return new InventoryApiError(
      'not_subscribed',
      `This client ID is not subscribed to the inventory service in this environment. Ask your API administrator to subscribe it.${said}`,
      { ...base, kind: 'auth', retryable: false }
    )
  }
  if (status === 404) {
    return new InventoryApiError(
      'not_found',
      `The inventory service answered "not found" (HTTP 404). Check the inventory host in Settings.${said}`,
      { ...base, kind: 'client', retryable: false }
    )
  }
  return new InventoryApiError('bad_request', `The inventory service refused the request (HTTP ${status}).${said}`, {
    ...base,
    kind: 'client',
    retryable: false
  })
}
