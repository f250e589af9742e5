import type { DemoDay } from './demo-date'
import type { DemoFaults, FaultDice } from './demo-faults'
import { searchInventory, supplierNameFor } from './demo-inventory'
import { retryAfterSeconds, type FixedWindowLimiter, type RateWindowState } from './demo-rate-limiter'
import {
  errorsReply,
  jsonReply,
  MESSAGES,
  messageReply,
  notSubscribedMessage,
  textReply,
  xmlErrorReply,
  type DemoReply
} from './demo-replies'
import { parseSearchBody } from './demo-search-request'
import type { DemoApiStats } from './demo-stats'
import type { DemoTokenStore } from './demo-tokens'

export interface SearchRequest {
  method: string
  consumerId: string | undefined
  authorization: string | undefined
  contentType: string | undefined
  body: string
}

export type SearchOutcome = { kind: 'reply'; reply: DemoReply } | { kind: 'drop' }

export interface SearchEndpointDeps {
  tokens: DemoTokenStore
  limiter: FixedWindowLimiter
  dice: FaultDice
  stats: DemoApiStats
  subscribedClientIds: readonly string[]
  faults: Required<DemoFaults>
  now: () => number
  /** The day whose stock the answers show. */
  day: () => DemoDay
  /** A fresh number for each answered search, echoed as the undocumented `request_id`. */
  nextRequestNumber: () => number
}

/**
 * The search pipeline, in the order a gateway in front of the service applies it:
 * security headers, subscription, token, then the rate limit, then the backend (body validation,
 * injected faults, lookup). Authentication comes before the rate limit on purpose: requests that
 * are refused anyway do not spend the caller's allowance, and a client cannot be throttled into
 * hiding an expired token. Refused requests still report the window in their headers.
 */
export function answerSearchRequest(request: SearchRequest, deps: SearchEndpointDeps): SearchOutcome {
  const { rateLimitPerWindow: limit, rateWindowMs: windowMs, rateWindowOriginMs: originMs, rateLimitHeaders } = deps.faults
  const reply = (answer: DemoReply, window?: RateWindowState): SearchOutcome => {
    if (limit === null || rateLimitHeaders !== 'all') return { kind: 'reply', reply: answer }
    return { kind: 'reply', reply: withRateHeaders(answer, window ?? deps.limiter.peek(limit, windowMs, originMs)) }
  }

  if (request.method !== 'POST') {
    const answer = messageReply(405, MESSAGES.methodNotAllowed, { Allow: 'POST' })
    return reply(answer)
  }
  const consumerId = request.consumerId?.trim() ?? ''
  const authorization = request.authorization?.trim() ?? ''
  if (consumerId === '' || authorization === '') {
    return reply(xmlErrorReply(403, 'SECURITY_HEADERS_MISSING', MESSAGES.missingHeaders))
  }
  if (!deps.subscribedClientIds.includes(consumerId)) {
    return reply(messageReply(403, notSubscribedMessage(consumerId)))
  }
  const token = deps.tokens.check(authorization.replace(/^Bearer\s+/i, ''))
  if (token.state === 'unknown') return reply(errorsReply(401, 'UNAUTHORIZED', MESSAGES.authenticationFailed))
  if (token.state === 'expired') return reply(messageReply(401, MESSAGES.expiredToken))

  let window: RateWindowState | undefined
  if (limit !== null) {
    const decision = deps.limiter.take(limit, windowMs, originMs)
    window = decision
    if (!decision.allowed) {
      deps.stats.throttled += 1
      const retryAfter: Record<string, string> =
        rateLimitHeaders === 'none' ? {} : { 'Retry-After': String(retryAfterSeconds(decision.resetAt, deps.now())) }
      return reply(messageReply(429, MESSAGES.tooManyRequests, retryAfter), window)
    }
  }

  const parsed = parseSearchBody(request.contentType, request.body)
  if (!parsed.ok) return reply(errorsReply(400, 'INVALID_PARAMETER', MESSAGES.invalidParameter, parsed.field), window)

  const fault = deps.dice.roll(deps.faults)
  if (fault.kind === 'drop') {
    deps.stats.dropped += 1
    return { kind: 'drop' }
  }
  if (fault.kind === 'server_error') {
    deps.stats.serverErrors += 1
    const answer =
      fault.status === 500 ? errorsReply(500, 'INTERNAL_SERVER_ERROR', MESSAGES.internalError) : textReply(503, MESSAGES.unavailable)
    return reply(answer, window)
  }

  const { search } = parsed
  deps.stats.valuesSearched += search.values.length
  const { items, mapped } = searchInventory(search, deps.now(), deps.day())
  if (mapped === 0 && deps.faults.notMappedError) {
    return reply(messageReply(404, MESSAGES.notMapped), window)
  }
  const answer = jsonReply(200, {
    supplier_name: supplierNameFor(token.clientId),
    store_nbr: search.storeNbr,
    items,
    request_id: `demo-${search.storeNbr}-${deps.nextRequestNumber()}`
  })
  if (fault.kind === 'malformed') {
    deps.stats.malformed += 1
    return reply({ ...answer, body: malformed(answer.body, fault.variant) }, window)
  }
  return reply(answer, window)
}

function malformed(body: string, variant: 'truncated' | 'trailing_garbage'): string {
  // Any proper prefix of a JSON object lacks its closing brace, so it never parses.
  return variant === 'truncated' ? body.slice(0, Math.max(1, Math.floor(body.length * 0.6))) : `${body}]}`
}

function withRateHeaders(reply: DemoReply, window: RateWindowState): DemoReply {
  return {
    ...reply,
    headers: {
      ...reply.headers,
      'X-Current-Token-Count': String(window.remaining),
      'X-Next-Replenishment-Time': String(window.resetAt)
    }
  }
}
