import { describe, expect, it } from 'vitest'
import type { HttpPostRequest } from './http-post'
import { postOverNode } from './node-http-post'
import { answeringServer, countingServer, endlessReplyServer } from './test-support/loopback-servers'

function postTo(url: string, extra: Partial<HttpPostRequest> = {}): HttpPostRequest {
  return {
    url,
    headers: { 'Content-Type': 'text/plain' },
    body: 'størë',
    signal: new AbortController().signal,
    limitBytes: () => 1024,
    ...extra
  }
}

describe('POST over node:http(s)', () => {
  it('sends the body with its length and gives the reply in a buffer of its own, headers as fetch joins them', async () => {
    let seen: { length: string | undefined; body: string } | null = null
    const url = await answeringServer((request, body, response) => {
      seen = { length: request.headers['content-length'], body }
      response.setHeader('X-Several', ['a', 'b'])
      response.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    })
    const reply = await postOverNode()(postTo(url))
    expect(seen).toEqual({ length: String(Buffer.byteLength('størë')), body: 'størë' })
    if (reply.kind !== 'answered') throw new Error(`answered expected, got ${reply.kind}`)
    expect(reply.status).toBe(201)
    expect(new TextDecoder().decode(reply.body)).toBe('{"ok":true}')
    expect(reply.body.byteOffset === 0 && reply.body.byteLength === reply.body.buffer.byteLength).toBe(true)
    expect(reply.header('content-type')).toBe('application/json')
    expect(reply.header('X-Several')).toBe('a, b')
    expect(reply.header('retry-after')).toBeNull()
  })

  it('refuses a declared length over the limit for its status, and stops an endless one just past it', async () => {
    const declared = await answeringServer((_request, _body, response) =>
      response.writeHead(500, { 'Content-Length': '5000' }).end('x'.repeat(5000))
    )
    expect(await postOverNode()(postTo(declared, { limitBytes: (status) => (status === 500 ? 100 : 10_000) }))).toEqual({
      kind: 'too_large',
      status: 500,
      limitBytes: 100
    })
    const endless = await endlessReplyServer()
    expect(await postOverNode()(postTo(endless.url, { limitBytes: () => 64 * 1024 }))).toEqual({
      kind: 'too_large',
      status: 200,
      limitBytes: 64 * 1024
    })
    expect(endless.sentBytes()).toBeLessThan(64 * 1024 * 1024)
  })

  it('follows no redirect: says where it pointed, and nothing reaches there', async () => {
    const elsewhere = await countingServer()
    const url = await answeringServer((_request, _body, response) =>
      response.writeHead(302, { Location: `${elsewhere.url}/collect` }).end()
    )
    expect(await postOverNode()(postTo(url))).toEqual({
      kind: 'redirected',
      redirect: { status: 302, location: `${elsewhere.url}/collect` }
    })
    expect(elsewhere.requests()).toBe(0)
  })

  it('rejects with the signal reason when cancelled while the reply streams in', async () => {
    const controller = new AbortController()
    const url = await answeringServer((_request, _body, response) => {
      response.writeHead(200).write('part of it')
      controller.abort(new Error('given up'))
    })
    await expect(postOverNode()(postTo(url, { signal: controller.signal }))).rejects.toThrow('given up')
  })

  it('gives a relative Location as the address it resolves to', async () => {
    const url = await answeringServer((_request, _body, response) => response.writeHead(308, { Location: '/moved?to=here' }).end())
    expect(await postOverNode()(postTo(`${url}/token`))).toEqual({
      kind: 'redirected',
      redirect: { status: 308, location: `${url}/moved?to=here` }
    })
  })

  it('sends plain http only to this computer, and nothing for another protocol', async () => {
    await expect(postOverNode()(postTo('http://192.0.2.1/token'))).rejects.toThrow(
      'A request with credentials goes over https://, or plain http:// to this computer only (127.0.0.1 or localhost): not to http://192.0.2.1.'
    )
    await expect(postOverNode()(postTo('ftp://127.0.0.1/token'))).rejects.toThrow('not to ftp://127.0.0.1.')
  })
})
