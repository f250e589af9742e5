/**
 * The small set of failures the UI can explain in one sentence each.
 * Messages that travel with a code never contain a secret or a token.
 */
export const ERROR_CODES = [
  'invalid_input',
  'forbidden_sender',
  'wrong_credentials',
  'not_subscribed',
  'missing_credentials',
  'token_rejected',
  'identity_unavailable',
  'offline',
  'timeout',
  'certificate_untrusted',
  'redirected',
  'reply_too_large',
  'throttled',
  'server_error',
  'bad_request',
  'not_found',
  'keychain_unavailable',
  'file_unreadable',
  'file_write_failed',
  'cancelled',
  'busy',
  'internal'
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** An AppError as it crosses to the renderer: what app-error-schema.ts checks. */
export interface AppErrorShape {
  code: ErrorCode
  message: string
  status?: number | undefined
}

/** Thrown inside main; converted to `{ ok: false, error }` at the IPC boundary. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number | undefined

  constructor(code: ErrorCode, message: string, status?: number) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.status = status
  }

  toShape(): AppErrorShape {
    return this.status === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, status: this.status }
  }
}
