import { describe, expect, it } from 'vitest'
import { classifyFetchFailure, fetchFailureMessage } from './fetch-failure'
import { answeringServer, closedPort } from './test-support/loopback-servers'

const HOST = { service: 'identity', host: 'https://id.example.com', timeoutSeconds: 30 } as const

async function failureOf(url: string, timeoutMs = 10_000): Promise<ReturnType<typeof classifyFetchFailure>> {
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    await fetch(url, { signal: timeout })
  } catch (error) {
    return classifyFetchFailure(error, undefined, timeout.aborted)
  }
  throw new Error(`${url} answered`)
}

/** How node:http(s) reports a failed request: the system error itself, its code on it. */
function nodeError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code })
}

/** How Node's fetch reports a failed request: a TypeError with the system error as its cause. */
function nodeFetchError(code: string, message: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) })
}

describe('classifyFetchFailure', () => {
  it('tells a refused connection from a real loopback port', async () => {
    expect(await failureOf(`http://127.0.0.1:${await closedPort()}/`)).toBe('connection_refused')
  })

  it('tells an untrusted certificate from a real self-signed loopback server', async () => {
    const url = await answeringServer((_request, _body, response) => response.end('{}'), { selfSignedTls: true })
    expect(await failureOf(url)).toBe('certificate_untrusted')
  })

  it.each([
    ['Node, name not found', nodeFetchError('ENOTFOUND', 'getaddrinfo ENOTFOUND identity.invalid'), 'name_not_found'],
    ['Node, DNS temporarily failing', nodeFetchError('EAI_AGAIN', 'getaddrinfo EAI_AGAIN identity.example'), 'name_not_found'],
    [
      'Node, both addresses refused',
      new TypeError('fetch failed', { cause: new AggregateError([nodeFetchError('ECONNREFUSED', 'connect ECONNREFUSED ::1:443')], '') }),
      'connection_refused'
    ],
    ['Node, connect timeout', nodeFetchError('UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error'), 'timeout'],
    ['Node, expired certificate', nodeFetchError('CERT_HAS_EXPIRED', 'certificate has expired'), 'certificate_untrusted'],
    [
      'Node, wrong name on the certificate',
      nodeFetchError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"),
      'certificate_untrusted'
    ],
    ['Node, connection reset', nodeFetchError('ECONNRESET', 'read ECONNRESET'), 'network'],
    ['node:https, refused', nodeError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:443'), 'connection_refused'],
    ['node:https, name not found', nodeError('ENOTFOUND', 'getaddrinfo ENOTFOUND identity.invalid'), 'name_not_found'],
    ['node:https, expired certificate', nodeError('CERT_HAS_EXPIRED', 'certificate has expired'), 'certificate_untrusted'],
    [
      'node:https, unverifiable leaf',
      nodeError('UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'),
      'certificate_untrusted'
    ],
    ['node:https, self-signed', nodeError('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), 'certificate_untrusted'],
    ['node:https, timed out', nodeError('ETIMEDOUT', 'connect ETIMEDOUT 192.0.2.1:443'), 'timeout'],
    ['node:https, reset', nodeError('ECONNRESET', 'socket hang up'), 'network'],
    ['Electron, name not found', new Error('net::ERR_NAME_NOT_RESOLVED'), 'name_not_found'],
    ['Electron, refused', new Error('net::ERR_CONNECTION_REFUSED'), 'connection_refused'],
    ['Electron, untrusted authority', new Error('net::ERR_CERT_AUTHORITY_INVALID'), 'certificate_untrusted'],
    ['Electron, timed out', new Error('net::ERR_CONNECTION_TIMED_OUT'), 'timeout'],
    ['Electron, a refused redirect', new TypeError('Redirect was cancelled'), 'redirect'],
    ['Electron, proxy down', new Error('net::ERR_PROXY_CONNECTION_FAILED'), 'network']
  ])('%s', (_case, error, expected) => {
    expect(classifyFetchFailure(error, undefined, false)).toBe(expected)
  })

  it('puts the caller giving up before anything else, and our own timeout next', () => {
    const aborted = AbortSignal.abort()
    const error = nodeFetchError('ECONNREFUSED', 'connect ECONNREFUSED')
    expect(classifyFetchFailure(error, aborted, true)).toBe('cancelled')
    expect(classifyFetchFailure(error, undefined, true)).toBe('timeout')
  })
})

describe('fetchFailureMessage', () => {
  it('names the host and the cause once, with what to do', () => {
    expect(fetchFailureMessage('name_not_found', HOST)).toBe(
      'The name of the identity host https://id.example.com was not found (DNS). Check the identity host in Settings for a typo, or your network connection and proxy.'
    )
    expect(fetchFailureMessage('connection_refused', HOST)).toContain('https://id.example.com refused the connection')
    expect(fetchFailureMessage('timeout', HOST)).toContain('https://id.example.com did not answer within 30 s.')
    expect(fetchFailureMessage('certificate_untrusted', HOST)).toContain(
      'The certificate of https://id.example.com is not trusted, so nothing was sent to it. On a network that inspects HTTPS'
    )
    expect(fetchFailureMessage('network', { ...HOST, service: 'inventory' })).toContain('the inventory host in Settings')
  })
})
