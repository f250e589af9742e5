import { errorsReply, jsonReply, MESSAGES, type DemoReply } from './demo-replies'
import { mediaType } from './demo-search-request'
import type { DemoTokenStore } from './demo-tokens'

export interface DemoClient {
  clientId: string
  clientSecret: string
}

export interface TokenRequest {
  method: string
  contentType: string | undefined
  body: string
}

export interface TokenEndpointDeps {
  tokens: DemoTokenStore
  clients: readonly DemoClient[]
  lifetimeSeconds: number
}

/**
 * OAuth client-credentials exactly as documented: a form body, never JSON or Basic auth, so a client
 * that forgets to URL-encode `+ / =` in a secret gets a 401 here just as it would in production.
 */
export function answerTokenRequest(request: TokenRequest, deps: TokenEndpointDeps): DemoReply {
  if (request.method !== 'POST') {
    const reply = errorsReply(405, 'METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed)
    return { ...reply, headers: { ...reply.headers, Allow: 'POST' } }
  }
  if (mediaType(request.contentType) !== 'application/x-www-form-urlencoded') {
    return errorsReply(400, 'INVALID_REQUEST', MESSAGES.invalidParameter, 'Content-Type')
  }
  const form = new URLSearchParams(request.body)
  for (const key of ['grant_type', 'client_id', 'client_secret']) {
    if (form.getAll(key).length > 1) return errorsReply(400, 'INVALID_REQUEST', MESSAGES.invalidParameter, key)
  }
  if (form.get('grant_type') !== 'client_credentials') {
    return errorsReply(400, 'UNSUPPORTED_GRANT_TYPE', MESSAGES.invalidParameter, 'grant_type')
  }
  const clientId = form.get('client_id')
  const clientSecret = form.get('client_secret')
  const client = deps.clients.find((c) => c.clientId === clientId && c.clientSecret === clientSecret)
  if (client === undefined) return errorsReply(401, 'INVALID_CLIENT', MESSAGES.authenticationFailed)

  return jsonReply(
    200,
    {
      access_token: deps.tokens.issue(client.clientId, deps.lifetimeSeconds),
      token_type: 'Bearer',
      expires_in: deps.lifetimeSeconds
    },
    { 'Cache-Control': 'no-store', Pragma: 'no-cache' }
  )
}
