import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { runLookup, type LookupIo } from './run-lookup'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-lookup-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function io(onInterrupt: LookupIo['onInterrupt']): LookupIo & { err: string[] } {
  const err: string[] = []
  return {
    err,
    env: { STORE_INVENTORY_DATA_DIR: join(dir, 'data') },
    stdout: () => undefined,
    stderr: (text) => err.push(text),
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: () => createMemorySecretStore(),
    onInterrupt
  }
}

describe('runLookup', () => {
  it('on Ctrl+C cancels what is still pending, still writes every line, and exits 1', async () => {
    const input = join(dir, 'in.txt')
    await writeFile(input, Array.from({ length: 500 }, (_, i) => String(10_000_000 + i)).join('\n'))
    const output = join(dir, 'out.json')
    let unregistered = false
    const terminal = io((cancel) => {
      cancel()
      return () => {
        unregistered = true
      }
    })
    const code = await runLookup(['--env', 'demo', '--store', '3', '--item-type', 'wm_item_number', '--input', input, '--output', output], terminal)
    expect(code).toBe(1)
    expect(unregistered).toBe(true)
    expect(terminal.err.join('')).toContain('Cancelling')
    const rows = JSON.parse(await readFile(output, 'utf8')) as Array<Record<string, unknown>>
    expect(rows).toHaveLength(500)
    expect(new Set(rows.map((row) => row.Line)).size).toBe(500)
    expect(rows.some((row) => row['Stock status'] === 'Cancelled')).toBe(true)
  }, 30_000)
})
