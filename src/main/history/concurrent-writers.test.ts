import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { createDirectHistory } from './test-support/direct-history'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-writers-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

interface Writer {
  ready: Promise<void>
  go(): void
  ids: Promise<number[]>
}

function writer(lookups: number, lines: number, source: string): Writer {
  const child = spawn(TSX, [join(import.meta.dirname, 'test-support', 'write-lookups.ts'), dir, String(lookups), String(lines), source], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    if (out.startsWith('ready\n')) markReady()
  })
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const ids = new Promise<number[]>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      markReady()
      if (code === 0) resolve(JSON.parse(out.slice('ready\n'.length)) as number[])
      else reject(new Error(`writer exited ${code}: ${err}`))
    })
  })
  return { ready, go: () => child.stdin.end('go\n'), ids }
}

it('two processes writing the same history at once both keep every result', async () => {
  const writers = [writer(6, 3_000, 'app'), writer(6, 3_000, 'cli')]
  await Promise.all(writers.map((w) => w.ready))
  for (const w of writers) w.go()
  const [app = [], cli = []] = await Promise.all(writers.map((w) => w.ids))
  const history = createDirectHistory({ dir, log: createMemoryLogger(), now: Date.now })
  try {
    const all = history.list()
    expect(all.map((lookup) => lookup.id).sort((a, b) => a - b)).toEqual([...app, ...cli].sort((a, b) => a - b))
    for (const lookup of all) {
      expect(lookup.state).toBe('finished')
      expect(lookup.counts.found).toBe(3_000)
      expect(lookup.resultsCount).toBe(3_000)
      const current = history.current(lookup.id)
      expect(current.map(({ result }) => result.line)).toEqual(Array.from({ length: 3_000 }, (_, i) => i + 1))
      expect(current.every(({ result }) => result.item?.total_quantity === result.line % 7)).toBe(true)
    }
  } finally {
    history.close()
  }
}, 60_000)
