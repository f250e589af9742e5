import { createHash } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '../../shared/domain/app-error'
import type { EnvironmentId } from '../../shared/domain/item-type'
import { TOKEN_PATH } from '../../shared/environments'
import { classifyFetchFailure, joinUrl } from '../http/fetch-failure'
import { extractErrorMessage } from '../inventory/error-body'
import type { Logger } from '../logging/logger'

export interface TokenTarget {
  environment: EnvironmentId
  authUrl: string
  clientId: string
  clientSecret: string
}

export interface IssuedToken {
  token: string
  /** Epoch ms. */
  expiresAt: number
}

export interface TokenManager {
  getToken(target: TokenTarget, signal?: AbortSignal): Promise<IssuedToken>
  /** Drops the cached token if it is still `token`, so several 401s for one token cause one refresh. */
  invalidate(target: TokenTarget, token: string): void
  stats(): { tokensFetched: number }
}

const DEFAULT_LIFETIME_SECONDS = 900
const REFRESH_MARGIN_MS = 60_000
const SHORT_LIFETIME_MS = 10 * 60_000

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]).optional()
})

/**
 * Client-credentials tokens, kept in memory only, one per environment, identity host, client ID
 * and secret. Concurrent callers share one request; a token is replaced a margin before it expires.
 */
export function createTokenManager(deps: {
  fetch: typeof fetch
  now: () => number
  log: Logger
  timeoutMs?: number
}): TokenManager {
  const { log } = deps
  const timeoutMs = deps.timeoutMs ?? 30_000
  const cache = new Map<string, IssuedToken & { refreshAt: number }>()
  const inFlight = new Map<string, Promise<IssuedToken>>()
  let tokensFetched = 0

  function keyOf(target: TokenTarget): string {
    // The secret is part of the key so a replaced secret gets a new token, but only as a hash.
    const fingerprint = createHash('sha256').update(target.clientSecret).digest('hex').slice(0, 16)
    return [target.environment, target.authUrl, target.clientId, fingerprint].join('\n')
  }

  async function request(target: TokenTarget, signal: AbortSignal | undefined): Promise<IssuedToken & { refreshAt: number }> {
    log.redact(target.clientSecret)
    const timeout = AbortSignal.timeout(timeoutMs)
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: target.clientId,
      client_secret: target.clientSecret
    })
    let response: Response
    let text: string
    try {
      response = await deps.fetch(joinUrl(target.authUrl, TOKEN_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: body.toString(),
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout])
      })
      text = await response.text()
    } catch (error) {
      const failure = classifyFetchFailure(error, signal, timeout)
      log.warn('token request failed', { environment: target.environment, failure, error: String(error) })
      if (failure === 'cancelled') throw new AppError('cancelled', 'The request was cancelled.')
      if (failure === 'timeout') {
        throw new AppError('timeout', 'The identity service did not answer in time. Try again in a moment.')
      }
      throw new AppError('offline', 'Could not reach the identity service. Check your network connection or proxy, and the identity host in Settings.')
    }
    tokensFetched++

    if (!response.ok) throw tokenError(response.status, extractErrorMessage(text, response.headers.get('content-type'), (message) => log.redactor.text(message)))

    let parsed: z.infer<typeof tokenResponseSchema>
    try {
      parsed = tokenResponseSchema.parse(JSON.parse(text))
    } catch {
      throw new AppError(
        'identity_unavailable',
        'The identity service answered, but not with a token. Check the identity host in Settings.',
        response.status
      )
    }
    log.redact(parsed.access_token)
    const lifetimeMs = (parsed.expires_in ?? DEFAULT_LIFETIME_SECONDS) * 1000
    const margin = lifetimeMs < SHORT_LIFETIME_MS ? lifetimeMs * 0.1 : REFRESH_MARGIN_MS
    const issuedAt = deps.now()
    log.info('token issued', { environment: target.environment, expiresInSeconds: lifetimeMs / 1000 })
    return { token: parsed.access_token, expiresAt: issuedAt + lifetimeMs, refreshAt: issuedAt + lifetimeMs - margin }
  }

  return {
    getToken(target, signal) {
      const key = keyOf(target)
      const cached = cache.get(key)
      if (cached !== undefined && deps.now() < cached.refreshAt) {
        return Promise.resolve({ token: cached.token, expiresAt: cached.expiresAt })
      }
      const pending = inFlight.get(key)
      if (pending !== undefined) return pending
      // Not tied to one caller's signal: other callers share this request.
      const started = request(target, undefined)
        .then((issued) => {
          cache.set(key, issued)
          return { token: issued.token, expiresAt: issued.expiresAt }
        })
        .finally(() => inFlight.delete(key))
      inFlight.set(key, started)
      return signal === undefined ? started : raceAbort(started, signal)
    },
    invalidate(target, token) {
      const key = keyOf(target)
      if (cache.get(key)?.token === token) cache.delete(key)
    },
    stats: () => ({ tokensFetched })
  }
}

function tokenError(status: number, serverMessage: string): AppError {
  const said = serverMessage === '' ? '' : ` The server said: "${serverMessage}"`
  if (status === 400 || status === 401) {
    return new AppError(
      'wrong_credentials',
      `The identity service rejected the client ID or secret. Check both in Settings; the secret may have been rotated.${said}`,
      status
    )
  }
  if (status === 403) {
    return new AppError('not_subscribed', `This client ID is not subscribed to the inventory service in this environment. Ask your API administrator to subscribe it.${said}`, status)
  }
  if (status === 404) {
    return new AppError('identity_unavailable', `The identity service was not found at this address. Check the identity host in Settings.${said}`, status)
  }
  return new AppError('identity_unavailable', `The identity service is not available right now (HTTP ${status}). Try again in a few minutes.${said}`, status)
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new AppError('cancelled', 'The request was cancelled.'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AppError('cancelled', 'The request was cancelled.'))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    )
  })
}
