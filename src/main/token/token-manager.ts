import { z } from 'zod'
import { AppError } from '../../shared/domain/app-error'
import type { EnvironmentId } from '../../shared/domain/item-type'
import { TOKEN_PATH } from '../../shared/environments'
import { describeBytes, ERROR_REPLY_LIMIT_BYTES, TOKEN_REPLY_LIMIT_BYTES } from '../http/bounded-reply'
import { classifyFetchFailure, errorChain, fetchFailureMessage, joinUrl } from '../http/fetch-failure'
import { isSuccessStatus, type HttpPost, type HttpPostReply } from '../http/http-post'
import { describeRedirect, type Redirect } from '../http/redirect-refusal'
import { extractErrorMessage } from '../inventory/error-body'
import type { Logger } from '../logging/logger'
import { secretFingerprint } from './secret-fingerprint'

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
  /**
   * The token `getToken` would answer at once, without a promise: what each search of a lookup
   * asks for; undefined when a token must be fetched first (none yet, or it is due for renewal).
   */
  heldToken(target: TokenTarget): string | undefined
  /** Drops the cached token if it is still `token`, so several 401s for one token cause one refresh. */
  invalidate(target: TokenTarget, token: string): void
  stats(): { tokensFetched: number }
}

const DEFAULT_LIFETIME_SECONDS = 900
const REFRESH_MARGIN_MS = 60_000
const SHORT_LIFETIME_MS = 10 * 60_000

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number)
    ])
    .optional()
})

/**
 * Client-credentials tokens, kept in memory only, one per environment, identity host, client ID
 * and secret. Concurrent callers share one request; a token is replaced a margin before it expires.
 */
export function createTokenManager(deps: {
  /** How the token request goes out: over Electron's `net.fetch`, or node:http(s) under Node (`AppEffects.mainHttp`). */
  post: HttpPost
  now: () => number
  log: Logger
  timeoutMs?: number
}): TokenManager {
  const { log } = deps
  const timeoutMs = deps.timeoutMs ?? 30_000
  const cache = new Map<string, IssuedToken & { refreshAt: number }>()
  const inFlight = new Map<string, Promise<IssuedToken>>()
  let tokensFetched = 0
  /**
   * Each target's key, as it was made from the target's fields: every search asks for its token,
   * and a hash and a joined key per ask cost main ~8 ms of a 200,000-value lookup. An entry lives
   * as long as its target (which holds the secret anyway) and no longer.
   */
  const keys = new WeakMap<TokenTarget, { from: TokenTarget; key: string }>()

  function keyOf(target: TokenTarget): string {
    const known = keys.get(target)
    // Every field, not only the target's identity: a target changed after its key was made gets a new one.
    if (known !== undefined && sameTarget(known.from, target)) return known.key
    // The secret is part of the key so a replaced secret gets a new token, but only as a hash.
    const key = [target.environment, target.authUrl, target.clientId, secretFingerprint(target.clientSecret)].join('\n')
    const { environment, authUrl, clientId, clientSecret } = target
    keys.set(target, { from: { environment, authUrl, clientId, clientSecret }, key })
    return key
  }

  async function request(target: TokenTarget, signal: AbortSignal | undefined): Promise<IssuedToken & { refreshAt: number }> {
    log.redact(target.clientSecret)
    const url = joinUrl(target.authUrl, TOKEN_PATH)
    const host = new URL(url).origin
    const timeout = AbortSignal.timeout(timeoutMs)
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: target.clientId,
      client_secret: target.clientSecret
    })
    let reply: HttpPostReply
    try {
      // The secret must not follow a redirect to another host: the transport follows none.
      reply = await deps.post({
        url,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: body.toString(),
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
        limitBytes: (status) => (isSuccessStatus(status) ? TOKEN_REPLY_LIMIT_BYTES : ERROR_REPLY_LIMIT_BYTES)
      })
    } catch (error) {
      const failure = classifyFetchFailure(error, signal, timeout.aborted)
      log.warn('token request failed', { environment: target.environment, host, failure, cause: errorChain(error) })
      if (failure === 'cancelled') throw new AppError('cancelled', 'The request was cancelled.')
      if (failure === 'redirect') throw redirectError(host, { status: null, location: null })
      const message = fetchFailureMessage(failure, { service: 'identity', host, timeoutSeconds: Math.round(timeoutMs / 1000) })
      throw new AppError(
        failure === 'timeout' ? 'timeout' : failure === 'certificate_untrusted' ? 'certificate_untrusted' : 'offline',
        message
      )
    }
    if (reply.kind === 'redirected') throw redirectError(host, reply.redirect)
    if (reply.kind === 'too_large') throw tooLargeError(host, reply.status, reply.limitBytes)
    tokensFetched++

    const text = new TextDecoder().decode(reply.body)
    if (!isSuccessStatus(reply.status)) {
      throw tokenError(
        reply.status,
        host,
        extractErrorMessage(text, reply.header('content-type'), (message) => log.redactor.text(message))
      )
    }

    let parsed: z.infer<typeof tokenResponseSchema>
    try {
      parsed = tokenResponseSchema.parse(JSON.parse(text))
    } catch {
      throw new AppError(
        'identity_unavailable',
        `The identity host ${host} answered, but not with a token. Check the identity host in Settings.`,
        reply.status
      )
    }
    log.redact(parsed.access_token)
    const lifetimeMs = (parsed.expires_in ?? DEFAULT_LIFETIME_SECONDS) * 1000
    const margin = lifetimeMs < SHORT_LIFETIME_MS ? lifetimeMs * 0.1 : REFRESH_MARGIN_MS
    const issuedAt = deps.now()
    log.info('token issued', { environment: target.environment, expiresInSeconds: lifetimeMs / 1000 })
    return { token: parsed.access_token, expiresAt: issuedAt + lifetimeMs, refreshAt: issuedAt + lifetimeMs - margin }
  }

  /** The cached token of `key` while it is not yet due for renewal. */
  function freshToken(key: string): (IssuedToken & { refreshAt: number }) | undefined {
    const cached = cache.get(key)
    return cached !== undefined && deps.now() < cached.refreshAt ? cached : undefined
  }

  return {
    getToken(target, signal) {
      if (signal?.aborted === true) return Promise.reject(new AppError('cancelled', 'The request was cancelled.'))
      const key = keyOf(target)
      const cached = freshToken(key)
      if (cached !== undefined) return Promise.resolve({ token: cached.token, expiresAt: cached.expiresAt })
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
    heldToken: (target) => freshToken(keyOf(target))?.token,
    invalidate(target, token) {
      const key = keyOf(target)
      if (cache.get(key)?.token === token) cache.delete(key)
    },
    stats: () => ({ tokensFetched })
  }
}

function sameTarget(a: TokenTarget, b: TokenTarget): boolean {
  return a.environment === b.environment && a.authUrl === b.authUrl && a.clientId === b.clientId && a.clientSecret === b.clientSecret
}

function tokenError(status: number, host: string, serverMessage: string): AppError {
  const said = serverMessage === '' ? '' : ` The server said: "${serverMessage}"`
  if (status === 400 || status === 401) {
    return new AppError(
      'wrong_credentials',
      `The identity host ${host} rejected the client ID or secret (HTTP ${status}). Check both in Settings; the secret may have been rotated.${said}`,
      status
    )
  }
  if (status === 403) {
    return new AppError(
      'not_subscribed',
      `This client ID is not subscribed to the inventory service in this environment (HTTP 403 from ${host}). Ask your API administrator to subscribe it.${said}`,
      status
    )
  }
  if (status === 404) {
    return new AppError(
      'identity_unavailable',
      `The identity service was not found at ${host} (HTTP 404). Check the identity host in Settings.${said}`,
      status
    )
  }
  return new AppError(
    'identity_unavailable',
    `The identity host ${host} is not available right now (HTTP ${status}). Try again in a few minutes.${said}`,
    status
  )
}

function redirectError(host: string, redirect: Redirect): AppError {
  return new AppError(
    'redirected',
    `The identity host ${host} ${describeRedirect(redirect, 'token request')}; the app does not follow redirects, so the client secret was not sent there. Check the identity host in Settings.`,
    redirect.status ?? undefined
  )
}

function tooLargeError(host: string, status: number | null, limitBytes: number): AppError {
  const answered = status !== null && (status < 200 || status > 299) ? `answered HTTP ${status} with a reply` : 'sent a reply'
  return new AppError(
    'reply_too_large',
    `The identity host ${host} ${answered} larger than ${describeBytes(limitBytes)}, so it was not read; a token reply is far smaller. Check the identity host in Settings.`,
    status ?? undefined
  )
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
