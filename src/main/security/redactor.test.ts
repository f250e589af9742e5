import { describe, expect, it } from 'vitest'
import { createRedactor, REDACTED } from './redactor'

const SECRET = 'Sx"9\\q+/=Zé~ab!'

describe('redactor: remembered secrets and tokens', () => {
  it.each([
    ['as is', SECRET],
    ['URL-encoded', encodeURIComponent(SECRET)],
    ['form-encoded', new URLSearchParams({ client_secret: SECRET }).toString().slice('client_secret='.length)],
    ['JSON-escaped', JSON.stringify(SECRET).slice(1, -1)],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(SECRET).slice(1, -1)).slice(1, -1)],
    ['JSON-escaped with \\/', JSON.stringify(SECRET).slice(1, -1).replace(/\//g, '\\/')],
    ['JSON-escaped as ASCII', JSON.stringify(SECRET).slice(1, -1).replace('é', '\\u00e9')],
    ['XML-escaped', SECRET.replace(/&/g, '&amp;').replace(/"/g, '&quot;')],
    ['base64', Buffer.from(SECRET).toString('base64')],
    ['base64url', Buffer.from(SECRET).toString('base64url')]
  ])('removes a secret %s, inside other text', (_form, encoded) => {
    const redactor = createRedactor()
    redactor.remember(SECRET)
    const out = redactor.text(`before ${encoded} after`)
    expect(out).toBe(`before ${REDACTED} after`)
  })

  it.each(['', 'i', 'id', 'client-id'])('removes a secret inside Basic base64(%j:secret), at any byte alignment', (clientId) => {
    const redactor = createRedactor([SECRET])
    const header = `Basic ${Buffer.from(`${clientId}:${SECRET}`).toString('base64')}`
    const out = redactor.text(`sent ${header}.`)
    expect(out).toContain(REDACTED)
    expect(out).not.toContain(Buffer.from(SECRET).toString('base64').slice(4, 12))
  })

  it('removes a JWE token with dots wherever it appears, including in a JSON-escaped log line', () => {
    const token = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..q1w2e3r4.t5y6u7i8o9p0.a1s2d3f4'
    const redactor = createRedactor()
    redactor.remember(token)
    expect(redactor.text(JSON.stringify({ echoed: `token ${token}` }))).toBe(`{"echoed":"token ${REDACTED}"}`)
  })

  it('removes short secrets where they stand alone, but not letters inside ordinary words', () => {
    const redactor = createRedactor(['k3y'])
    expect(redactor.text('secret k3y, "k3y" and k3yboard')).toBe(`secret ${REDACTED}, "${REDACTED}" and k3yboard`)
    expect(redactor.text('client_secret=k3y&grant_type=client_credentials')).toBe(`client_secret=${REDACTED}&grant_type=client_credentials`)
  })

  it('learns values after it was built and ignores the empty string', () => {
    const redactor = createRedactor()
    redactor.remember('')
    expect(redactor.text('nothing to hide')).toBe('nothing to hide')
    redactor.remember('late-token-value')
    expect(redactor.text('a late-token-value b')).toBe(`a ${REDACTED} b`)
    expect(redactor.known()).toEqual(['late-token-value'])
    expect(redactor.knownCount()).toBe(1)
    redactor.remember('late-token-value')
    expect(redactor.knownCount()).toBe(1)
    expect(createRedactor(redactor.known()).text('late-token-value')).toBe(REDACTED)
  })

  it('redacts a text it has seen before once the value in it is remembered (short texts are kept redacted, not kept as they were)', () => {
    const redactor = createRedactor()
    const key = { 'store-secret-7': 'shelf store-secret-7' }
    expect(redactor.value(key)).toBe(key)
    expect(redactor.text('store-secret-7')).toBe('store-secret-7')
    redactor.remember('store-secret-7')
    expect(redactor.text('store-secret-7')).toBe(REDACTED)
    expect(redactor.value(key)).toEqual({ [REDACTED]: `shelf ${REDACTED}` })
  })
})

describe("redactor: the memo of short texts' redacted forms", () => {
  const pairs = (count: number) =>
    Array.from({ length: count }, (_, index) => `${1000 + (index % 50)}:${String(10_000_000_000_000 + index)}`)

  it("keeps words that come back, not each value, pair and time that passes once (Since the last run's store:value pairs)", () => {
    const memo = new Map<string, string>()
    const redactor = createRedactor([SECRET], memo)
    const since = { pairs: { newly_out_of_stock: pairs(30_000) }, asOf: '2025-03-14T10:00:00.000Z', line: '12', price: '1,299.50' }
    expect(redactor.value(since)).toBe(since)
    expect([...memo.keys()]).toEqual(['pairs', 'newly_out_of_stock', 'asOf', 'line', 'price'])
  })

  it('still removes a remembered value that is itself numeric from numeric texts, including one remembered later', () => {
    const memo = new Map<string, string>()
    const redactor = createRedactor([], memo)
    expect(redactor.text('1234:98765432101234')).toBe('1234:98765432101234')
    redactor.remember('98765432101234')
    expect(redactor.text('1234:98765432101234')).toBe(`1234:${REDACTED}`)
    expect(redactor.value(['98765432101234', '7:98765432101234-2'])).toEqual([REDACTED, `7:${REDACTED}-2`])
    const short = createRedactor(['4821'])
    expect(short.text('4821')).toBe(REDACTED)
    expect(short.text('1234:4821')).toBe(`1234:${REDACTED}`)
    expect(short.text('14821')).toBe('14821')
  })

  it('keeps redacting a credential named in a text that also has numbers', () => {
    const redactor = createRedactor()
    expect(redactor.text('1234 access_token=9876543210')).toBe(`1234 access_token=${REDACTED}`)
  })
})

describe('redactor: credentials it was never told about', () => {
  it.each([
    ['a form body', 'grant_type=client_credentials&client_id=abc&client_secret=unknown%2Bvalue', `client_secret=${REDACTED}`],
    ['a JSON body', '{"client_secret":"u","other":1}', `"client_secret":"${REDACTED}","other":1`],
    ['a token reply', '{"access_token":"a.b.c","expires_in":900}', `"access_token":"${REDACTED}","expires_in":900`],
    ['an escaped JSON body', '{\\"accessToken\\":\\"zz\\"}', `\\"accessToken\\":\\"${REDACTED}\\"`],
    ['an echoed header', 'Authorization: Bearer abc.def', `Authorization: Bearer ${REDACTED}`],
    [
      'an echoed header without a scheme',
      'headers: {"authorization":"tok","wm_consumer.id":"c1"}',
      `"authorization":"${REDACTED}","wm_consumer.id":"c1"`
    ],
    ['XML', '<fault><client_secret>x</client_secret> was sent</fault>', `<client_secret>${REDACTED}</client_secret> was sent`],
    ['an HTML-escaped body', 'client_secret&quot;:&quot;abc&quot;', `client_secret&quot;:&quot;${REDACTED}&quot;`],
    ['a URL-encoded body', 'client_secret%3Dabc%26x', `client_secret%3D${REDACTED}`]
  ])('removes the value in %s, whatever its length', (_where, input, expected) => {
    expect(createRedactor().text(input)).toContain(expected)
  })

  it('keeps the messages the API documents, which name credentials without values', () => {
    const redactor = createRedactor()
    for (const message of [
      'Access token : ******* validation failed with error : expired token',
      'Authentication failed due to missing Authentication header or invalid authentication credentials',
      'Request is missing the Authorization header.'
    ]) {
      expect(redactor.text(message)).toBe(message)
    }
  })
})

describe('redactor: values', () => {
  it('redacts every string and key, deep, and shares what needs no change', () => {
    const redactor = createRedactor(['tok-123456789'])
    const untouched = { a: [1, 'two', { three: true }] }
    const input = { untouched, list: ['x tok-123456789', 2], nested: { 'tok-123456789': 'key' }, bytes: new Uint8Array([1]) }
    const out = redactor.value(input)
    expect(out).toEqual({ untouched, list: [`x ${REDACTED}`, 2], nested: { [REDACTED]: 'key' }, bytes: new Uint8Array([1]) })
    expect(out.untouched).toBe(untouched)
    expect(input.list[0]).toBe('x tok-123456789')
    expect(redactor.value(untouched)).toBe(untouched)
  })

  it("passes a packed answer's number columns as they are and redacts its texts (trends: run ids and item values)", () => {
    const redactor = createRedactor(['tok-123456789'])
    const found = Int32Array.of(4, 2, -1)
    const at = Float64Array.of(1_750_000_000_000, Number.NaN)
    const trends = { stores: [10], runs: { jobIds: ['7'], at, found }, items: ['00012345678905', 'echo tok-123456789'] }
    const out = redactor.value(trends)
    expect(out.items).toEqual(['00012345678905', `echo ${REDACTED}`])
    expect(out.runs).toBe(trends.runs)
    expect(out.runs.found).toBe(found)
  })

  it('copies an object from its first changed key on, keeping every key in order and __proto__ as an own key', () => {
    const redactor = createRedactor(['tok-123456789'])
    const input = JSON.parse('{"first":"a","second":{"deep":"b"},"__proto__":{"polluted":true},"late":"tok-123456789"}') as Record<
      string,
      unknown
    >
    const out = redactor.value(input)
    expect(Object.keys(out)).toEqual(['first', 'second', '__proto__', 'late'])
    expect(out.late).toBe(REDACTED)
    expect(out.second).toBe(input.second)
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: true })
  })

  it('turns errors into their redacted name, message and stack, and survives cycles', () => {
    const redactor = createRedactor(['tok-123456789'])
    const cyclic: Record<string, unknown> = { error: new Error('bad tok-123456789') }
    cyclic.self = cyclic
    const out = redactor.value(cyclic) as { error: { message: string; stack: string }; self: unknown }
    expect(out.error.message).toBe(`bad ${REDACTED}`)
    expect(out.error.stack).not.toContain('tok-123456789')
    expect(out.self).toBe('[not shown]')
  })
})

describe('JSON handed on as bytes', () => {
  const encode = (value: unknown): Uint8Array<ArrayBuffer> => new TextEncoder().encode(JSON.stringify(value))
  const decode = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes))

  it('passes the same bytes on when nothing in them could be redacted', () => {
    const redactor = createRedactor(['s3cr3t-value-long'])
    const bytes = encode([{ line: 1, input: '00012345678905', note: 'line\nbreak "quoted"' }])
    expect(redactor.json(bytes)).toBe(bytes)
  })

  it('redacts a remembered value wherever it stands, escaped or not, and a credential named in a field', () => {
    const secret = 'pa"ss\\word/99'
    const redactor = createRedactor([secret, 'abc12'])
    const bytes = encode([{ input: secret }, { note: `before\n${secret} after` }, { raw: 'access_token=xyz.123' }, { short: 'x\nabc12' }])
    expect(decode(redactor.json(bytes))).toEqual([
      { input: REDACTED },
      { note: `before\n${REDACTED} after` },
      { raw: `access_token=${REDACTED}` },
      { short: `x\n${REDACTED}` }
    ])
  })
})
