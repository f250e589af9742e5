import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { TOKEN_PATH } from '../../shared/environments'
import { startDemoApi } from './demo-api'
import { authHeaders, search, start, tokenFor, validGtins } from './test-support/demo-api-requests'

describe('stats and lifecycle', () => {
  it('counts values searched and resets on demand', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    await search(api, { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(40) }, authHeaders(token))
    await search(api, { store_nbr: 1, item_type: 'gtin', item_type_values: validGtins(60) }, authHeaders(token))
    expect(api.stats()).toMatchObject({ tokenRequests: 1, searchRequests: 2, valuesSearched: 100 })
    api.resetStats()
    expect(api.stats()).toEqual({
      tokenRequests: 0,
      searchRequests: 0,
      throttled: 0,
      serverErrors: 0,
      dropped: 0,
      malformed: 0,
      valuesSearched: 0,
      held: 0,
      maxConcurrentSearches: 0
    })
  })

  it('answers 10 searches of 100 values a second with room to spare', async () => {
    const { api } = await start()
    const token = await tokenFor(api)
    const started = performance.now()
    for (let second = 0; second < 3; second += 1) {
      const batch = Array.from({ length: 10 }, (_, i) =>
        search(api, { store_nbr: 1000 + second, item_type: 'gtin', item_type_values: validGtins(100, i * 1_000_000) }, authHeaders(token))
      )
      const responses = await Promise.all(batch)
      expect(responses.every((response) => response.status === 200)).toBe(true)
      await Promise.all(responses.map((response) => response.arrayBuffer()))
    }
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(api.stats().valuesSearched).toBe(3_000)
  })

  it('closes promptly with a slow search in flight and leaves nothing that keeps the process alive', async () => {
    const script = fileURLToPath(new URL('./test-support/close-with-search-in-flight.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = await new Promise<number | null>((resolve) => {
      // The search waits 60 s; exiting well before that proves close() cancelled its timer and socket.
      const deadline = setTimeout(() => {
        child.kill()
        resolve(null)
      }, 15_000)
      child.once('exit', (code) => {
        clearTimeout(deadline)
        resolve(code)
      })
    })
    expect(output).toContain('closed; search failed')
    expect(exited).toBe(0)
  })

  it('can be closed twice', async () => {
    const api = await startDemoApi()
    await api.close()
    await api.close()
    await expect(fetch(`${api.url}${TOKEN_PATH}`, { method: 'POST' })).rejects.toThrow(TypeError)
  })
})
