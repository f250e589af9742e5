import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import type { EchoFormat } from '../http/test-support/echoing-api'
import { echoingApi } from '../http/test-support/loopback-servers'
import { createAppRoot } from '../composition-root'
import type { LookupIo } from './lookup-io'
import { runLookup } from './run-lookup'

/** The headless command against servers that echo the request: its terminal output and its file keep neither secret nor token. */
const SECRET = 'CANARY-cli "q\\/+= x~'
const TOKEN = 'CANARY.cli-token.abc'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-lookup-redaction-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

type SecretSource = 'INVENTORY_CLIENT_SECRET' | 'INVENTORY_CLIENT_SECRET_FILE'

async function terminal(source: SecretSource): Promise<LookupIo & { out: string[]; err: string[] }> {
  const out: string[] = []
  const err: string[] = []
  const secretFile = join(dir, 'client-secret')
  if (source === 'INVENTORY_CLIENT_SECRET_FILE') await writeFile(secretFile, `${SECRET}\n`, { mode: 0o600 })
  return {
    out,
    err,
    env: {
      STORE_INVENTORY_DATA_DIR: join(dir, 'data'),
      ...(source === 'INVENTORY_CLIENT_SECRET' ? { INVENTORY_CLIENT_SECRET: SECRET } : { INVENTORY_CLIENT_SECRET_FILE: secretFile })
    },
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: () => createMemorySecretStore(),
    startServices: createAppRoot,
    onInterrupt: () => () => undefined,
    progressIntervalMs: 60_000
  }
}

function expectNoCanary(text: string): void {
  for (const form of [SECRET, TOKEN, 'CANARY-cli', 'CANARY.cli', encodeURIComponent(SECRET)]) expect(text).not.toContain(form)
}

describe.each<[EchoFormat, SecretSource]>([
  ['json', 'INVENTORY_CLIENT_SECRET'],
  ['xml', 'INVENTORY_CLIENT_SECRET'],
  ['text', 'INVENTORY_CLIENT_SECRET'],
  ['json', 'INVENTORY_CLIENT_SECRET_FILE']
])('the headless command against servers echoing the request as %s, the secret from %s', (format, source) => {
  it.each([
    ['a rejected token request', { tokenStatus: 401, searchStatus: 500 }],
    ['a rejected search', { searchStatus: 401 }]
  ])('%s: stderr and the output file show the server message without the secret or token', async (_case, statuses) => {
    const api = await echoingApi({ format, token: TOKEN, ...statuses })
    const input = join(dir, 'in.txt')
    await writeFile(input, '00012345678905\n')
    const output = join(dir, 'out.json')
    const io = await terminal(source)
    const args = ['--env', 'sandbox', '--store', '1234', '--client-id', 'client-1', '--auth-url', api.url, '--base-url', api.url]
    const code = await runLookup([...args, '--input', input, '--output', output], io)

    expect(code).toBe(1)
    const everything = [...io.out, ...io.err, await readFile(output, 'utf8')].join('\n')
    expect(everything).toContain('Rejected request.')
    expect(everything).toContain('[redacted]')
    expectNoCanary(everything)
  })
})
