import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import {
  answeringServer,
  closedPort,
  countingServer,
  endlessReplyServer,
  redirectingServer,
  rejectionOf,
  testDemoApi
} from '../http/test-support/loopback-servers'
import { postOverFetch, type HttpPost } from '../http/http-post'
import { postOverNode } from '../http/node-http-post'
import { createMemoryLogger } from '../logging/logger'
import { createTokenManager, type TokenTarget } from './token-manager'

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, AppError)

function targetFor(url: string, secret = 'demo-secret+/='): TokenTarget {
  return { environment: 'sandbox', authUrl: url, clientId: 'demo-client', clientSecret: secret }
}

/** Every case runs over both transports: what a user reads must not depend on which one the entry chose. */
const TRANSPORTS: [string, () => HttpPost][] = [
  ['fetch', () => postOverFetch(fetch)],
  ['node:http(s)', postOverNode]
]

describe.each(TRANSPORTS)('token manager over %s', (_transport, transport) => {
  const post = transport()

  it('gets a token with a form-encoded secret and shares one request among 100 callers', async () => {
    const api = await testDemoApi({ faults: { tokenLatencyMs: 50 } })
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger() })
    const issued = await Promise.all(Array.from({ length: 100 }, () => tokens.getToken(targetFor(api.url))))
    expect(new Set(issued.map((token) => token.token)).size).toBe(1)
    expect(api.stats().tokenRequests).toBe(1)
    expect(tokens.stats().tokensFetched).toBe(1)
  })

  it('sends grant_type, client_id and the URL-encoded secret, and defaults expires_in to 900 s', async () => {
    let seen: { type: string | undefined; body: string } | null = null
    const url = await answeringServer((request, body, response) => {
      seen = { type: request.headers['content-type'], body }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: 'abc.def.ghi' }))
    })
    const now = 1_000_000
    const tokens = createTokenManager({ post, now: () => now, log: createMemoryLogger() })
    expect(await tokens.getToken(targetFor(url, 's+/=cret'))).toEqual({ token: 'abc.def.ghi', expiresAt: now + 900_000 })
    expect(seen).toEqual({
      type: 'application/x-www-form-urlencoded',
      body: 'grant_type=client_credentials&client_id=demo-client&client_secret=s%2B%2F%3Dcret'
    })
  })

  it('refreshes 60 s before expiry, or at 10% of a short lifetime', async () => {
    let count = 0
    let lifetime = 900
    const url = await answeringServer((_request, _body, response) => {
      count++
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ access_token: `token-${count}`, expires_in: String(lifetime) }))
    })
    let now = 0
    const tokens = createTokenManager({ post, now: () => now, log: createMemoryLogger() })
    const target = targetFor(url)
    expect((await tokens.getToken(target)).token).toBe('token-1')
    now = 839_999
    expect((await tokens.getToken(target)).token).toBe('token-1')
    now = 840_000
    expect((await tokens.getToken(target)).token).toBe('token-2')

    lifetime = 100
    const short = { ...target, clientId: 'other' }
    now = 0
    expect((await tokens.getToken(short)).token).toBe('token-3')
    now = 89_999
    expect((await tokens.getToken(short)).token).toBe('token-3')
    now = 90_000
    expect((await tokens.getToken(short)).token).toBe('token-4')
  })

  it('holds a token for a search without a promise only while getToken would answer it at once', async () => {
    let count = 0
    const url = await answeringServer((_request, _body, response) => {
      count++
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ access_token: `token-${count}`, expires_in: 900 }))
    })
    let now = 0
    const tokens = createTokenManager({ post, now: () => now, log: createMemoryLogger() })
    const target = targetFor(url)
    expect(tokens.heldToken(target)).toBeUndefined()
    await tokens.getToken(target)
    expect(tokens.heldToken(target)).toBe('token-1')
    expect(tokens.heldToken(targetFor(url, 'replaced-secret'))).toBeUndefined()
    now = 839_999
    expect(tokens.heldToken(target)).toBe('token-1')
    now = 840_000
    expect(tokens.heldToken(target)).toBeUndefined()
    expect((await tokens.getToken(target)).token).toBe('token-2')
    tokens.invalidate(target, 'token-2')
    expect(tokens.heldToken(target)).toBeUndefined()
    expect(count).toBe(2)
  })

  it('invalidates only the token that was rejected, so concurrent 401s cause one refresh', async () => {
    const api = await testDemoApi()
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger() })
    const target = targetFor(api.url)
    const first = await tokens.getToken(target)
    tokens.invalidate(target, first.token)
    const second = await tokens.getToken(target)
    tokens.invalidate(target, first.token)
    expect((await tokens.getToken(target)).token).toBe(second.token)
    expect(api.stats().tokenRequests).toBe(2)
  })

  it('gets a new token when the secret is replaced', async () => {
    const api = await testDemoApi()
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger() })
    await tokens.getToken(targetFor(api.url))
    await rejection(tokens.getToken(targetFor(api.url, 'replaced-secret')))
    expect(api.stats().tokenRequests).toBe(2)
  })

  it.each([
    [401, 'wrong_credentials'],
    [400, 'wrong_credentials'],
    [403, 'not_subscribed'],
    [503, 'identity_unavailable'],
    [404, 'identity_unavailable']
  ])('turns HTTP %i into %s with the server message and without the secret', async (status, code) => {
    const url = await answeringServer((_request, _body, response) => {
      response.writeHead(status, { 'Content-Type': 'application/xml' }).end('<error><message>Nope from server</message></error>')
    })
    const log = createMemoryLogger()
    const tokens = createTokenManager({ post, now: Date.now, log })
    const error = await rejection(tokens.getToken(targetFor(url, 'canary-secret-123')))
    expect(error.code).toBe(code)
    expect(error.message).toContain('Nope from server')
    expect(`${error.message}${log.lines.join('')}`).not.toContain('canary-secret-123')
  })

  it('reports a body without a token, an unreachable host and a timeout in words', async () => {
    const noToken = await answeringServer((_request, _body, response) => response.writeHead(200).end('{"token_type":"Bearer"}'))
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger(), timeoutMs: 300 })
    expect((await rejection(tokens.getToken(targetFor(noToken)))).code).toBe('identity_unavailable')
    const nowhere = `http://127.0.0.1:${await closedPort()}`
    expect(await rejection(tokens.getToken(targetFor(nowhere)))).toMatchObject({
      code: 'offline',
      message: `${nowhere} refused the connection: nothing answers at that address and port. Check the identity host in Settings.`
    })
    const silent = await answeringServer(() => undefined)
    expect((await rejection(tokens.getToken(targetFor(silent)))).code).toBe('timeout')
  })

  it('says in words that the certificate is untrusted, the name unknown, or the time up, nothing sent', async () => {
    let reached = 0
    const selfSigned = await answeringServer(
      (_request, _body, response) => {
        reached += 1
        response.end('{"access_token":"never"}')
      },
      { selfSignedTls: true }
    )
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger(), timeoutMs: 300 })
    expect(await rejection(tokens.getToken(targetFor(selfSigned)))).toMatchObject({
      code: 'certificate_untrusted',
      message: `The certificate of ${selfSigned} is not trusted, so nothing was sent to it. On a network that inspects HTTPS (a company proxy), ask your IT team to install its certificate on this computer; otherwise check the identity host in Settings.`
    })
    expect(reached).toBe(0)
    expect(await rejection(tokens.getToken(targetFor('https://identity.invalid')))).toMatchObject({
      code: 'offline',
      message:
        'The name of the identity host https://identity.invalid was not found (DNS). Check the identity host in Settings for a typo, or your network connection and proxy.'
    })
    const silent = await answeringServer(() => undefined)
    expect(await rejection(tokens.getToken(targetFor(silent)))).toMatchObject({
      code: 'timeout',
      message: `${silent} did not answer within 0 s. Try again in a moment; if it keeps happening, check your network connection or proxy.`
    })
  })

  it('gets a new token when the secret of a target already used is changed in place', async () => {
    const api = await testDemoApi()
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger() })
    const target = targetFor(api.url)
    await tokens.getToken(target)
    await tokens.getToken(target)
    target.clientSecret = 'replaced-secret'
    expect((await rejection(tokens.getToken(target))).code).toBe('wrong_credentials')
    expect(api.stats().tokenRequests).toBe(2)
  })

  it('wrong credentials against the Demo API are not cached: the next call asks again', async () => {
    const api = await testDemoApi()
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger() })
    expect((await rejection(tokens.getToken(targetFor(api.url, 'wrong')))).code).toBe('wrong_credentials')
    expect((await rejection(tokens.getToken(targetFor(api.url, 'wrong')))).code).toBe('wrong_credentials')
    expect(api.stats().tokenRequests).toBe(2)
  })

  it('never follows a redirect: the error names the host and where it pointed, and the secret goes nowhere else', async () => {
    const elsewhere = await countingServer()
    const identity = await redirectingServer(`${elsewhere.url}/collect?from=identity`)
    const log = createMemoryLogger()
    const tokens = createTokenManager({ post, now: Date.now, log })
    const error = await rejection(tokens.getToken(targetFor(identity.url, 'canary-secret-307')))
    expect(error).toMatchObject({
      code: 'redirected',
      status: 307,
      message: `The identity host ${identity.url} redirected the token request to ${elsewhere.url}/collect?from=identity (HTTP 307); the app does not follow redirects, so the client secret was not sent there. Check the identity host in Settings.`
    })
    expect(identity.requests()).toBe(1)
    expect(elsewhere.requests()).toBe(0)
  })

  it.each([
    [200, 'sent a reply larger than 64 KB'],
    [500, 'answered HTTP 500 with a reply larger than 64 KB']
  ])('reads at most 64 KB of an endless HTTP %i reply, once, and says the reply was too large', async (status, said) => {
    const server = await endlessReplyServer(status)
    const tokens = createTokenManager({ post, now: Date.now, log: createMemoryLogger() })
    const error = await rejection(tokens.getToken(targetFor(server.url)))
    expect(error.code).toBe('reply_too_large')
    expect(error.message).toBe(
      `The identity host ${server.url} ${said}, so it was not read; a token reply is far smaller. Check the identity host in Settings.`
    )
    expect(server.requests()).toBe(1)
    expect(server.sentBytes()).toBeLessThan(64 * 1024 * 1024)
  })

  it('a caller that gives up on a shared token request is told at once, while the others still get the one token', async () => {
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let arrived: () => void = () => undefined
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve
    })
    let requests = 0
    const url = await answeringServer((_request, _body, response) => {
      requests += 1
      arrived()
      void released.then(() => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"access_token":"shared.token"}'))
    })
    let sent = 0
    const countingPost: HttpPost = (request) => {
      sent += 1
      return post(request)
    }
    const tokens = createTokenManager({ post: countingPost, now: Date.now, log: createMemoryLogger() })
    const target = targetFor(url)
    const leaving = new AbortController()
    const first = tokens.getToken(target, leaving.signal)
    const second = tokens.getToken(target)
    await requestArrived

    leaving.abort()
    expect(await rejection(first)).toMatchObject({ code: 'cancelled' })
    release()
    expect(await second).toMatchObject({ token: 'shared.token' })
    // The request was not aborted for the others: it completed once, and later callers get its token from the cache.
    expect(await tokens.getToken(target, new AbortController().signal)).toMatchObject({ token: 'shared.token' })
    expect(requests).toBe(1)
    expect(tokens.stats().tokensFetched).toBe(1)
    // Aborted before it asks: refused without a request.
    await expect(tokens.getToken(targetFor(url, 'other-secret'), AbortSignal.abort())).rejects.toMatchObject({ code: 'cancelled' })
    expect(sent).toBe(1)
  })
})

describe("token manager over Electron's net.fetch", () => {
  it('reports a redirect that Electron refused without saying where, as a redirect', async () => {
    const electronLike: typeof fetch = () => Promise.reject(new TypeError('Redirect was cancelled'))
    const tokens = createTokenManager({ post: postOverFetch(electronLike), now: Date.now, log: createMemoryLogger() })
    expect(await rejection(tokens.getToken(targetFor('https://id.example.com')))).toMatchObject({
      code: 'redirected',
      message: expect.stringContaining('The identity host https://id.example.com redirected the token request elsewhere;')
    })
  })
})
