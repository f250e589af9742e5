import { isRedirectRejection } from './redirect-refusal'

/**
 * Why a `fetch` rejected, as precisely as Node's fetch (error codes on `cause`) and Electron's
 * `net.fetch` (`net::ERR_*` messages) let us tell: the user gets one sentence per cause, and the
 * underlying error goes to the log.
 */
export type FetchFailure =
  'cancelled' | 'timeout' | 'redirect' | 'name_not_found' | 'connection_refused' | 'certificate_untrusted' | 'network'

const NAME_NOT_FOUND = /\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED)\b/
const CONNECTION_REFUSED = /\b(ECONNREFUSED|ERR_CONNECTION_REFUSED|ERR_ADDRESS_UNREACHABLE)\b/
const TIMED_OUT = /\b(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|ERR_CONNECTION_TIMED_OUT|ERR_TIMED_OUT)\b/
/** Node's OpenSSL verification codes and Chromium's `ERR_CERT_*`: the server's certificate is not trusted here. */
const CERTIFICATE =
  /\b(ERR_CERT_[A-Z_]+|ERR_TLS_CERT_ALTNAME_INVALID|[A-Z_]*CERT[A-Z_]*|[A-Z_]*SELF_SIGNED[A-Z_]*|UNABLE_TO_(GET|VERIFY)_[A-Z_]+|HOSTNAME_MISMATCH)\b/

/** `timedOut`: whether the request's own time ran out; a cancel by the caller's signal counts before it. */
export function classifyFetchFailure(error: unknown, callerSignal: AbortSignal | undefined, timedOut: boolean): FetchFailure {
  if (callerSignal?.aborted === true) return 'cancelled'
  if (timedOut) return 'timeout'
  if (isRedirectRejection(error)) return 'redirect'
  const evidence = errorChain(error).join(' ')
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout'
  if (CERTIFICATE.test(evidence)) return 'certificate_untrusted'
  if (NAME_NOT_FOUND.test(evidence)) return 'name_not_found'
  if (CONNECTION_REFUSED.test(evidence)) return 'connection_refused'
  if (TIMED_OUT.test(evidence)) return 'timeout'
  return 'network'
}

/** Every code and message along `cause` and inside aggregate errors (Node tries IPv6 and IPv4), for classifying and the log. */
export function errorChain(error: unknown, depth = 0): string[] {
  if (depth > 5 || error === null || error === undefined) return []
  if (!(error instanceof Error)) return [String(error)]
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code} ` : ''
  const own = [`${error.name}: ${code}${error.message}`]
  const nested = error instanceof AggregateError ? error.errors.flatMap((inner: unknown) => errorChain(inner, depth + 1)) : []
  return [...own, ...nested, ...errorChain(error.cause, depth + 1)]
}

export interface FailedHost {
  /** `identity` or `inventory`: which service, and which field of Settings names its host. */
  service: 'identity' | 'inventory'
  /** The origin that was tried, e.g. `https://developer.api.walmart.com`. */
  host: string
  timeoutSeconds: number
}

/** One sentence for a request that got no answer: the host tried, the cause, and what to do. */
export function fetchFailureMessage(
  failure: Exclude<FetchFailure, 'cancelled' | 'redirect'>,
  { service, host, timeoutSeconds }: FailedHost
): string {
  const field = `${service} host`
  switch (failure) {
    case 'timeout':
      return `${host} did not answer within ${timeoutSeconds} s. Try again in a moment; if it keeps happening, check your network connection or proxy.`
    case 'name_not_found':
      return `The name of the ${field} ${host} was not found (DNS). Check the ${field} in Settings for a typo, or your network connection and proxy.`
    case 'connection_refused':
      return `${host} refused the connection: nothing answers at that address and port. Check the ${field} in Settings.`
    case 'certificate_untrusted':
      return `The certificate of ${host} is not trusted, so nothing was sent to it. On a network that inspects HTTPS (a company proxy), ask your IT team to install its certificate on this computer; otherwise check the ${field} in Settings.`
    case 'network':
      return `Could not connect to ${host}. Check your network connection or proxy, and the ${field} in Settings.`
  }
}

/** Joins a host (which may carry a path prefix or a trailing slash) and an absolute API path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}
