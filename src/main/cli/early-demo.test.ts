import { afterEach, describe, expect, it, vi } from 'vitest'
import { runningThreads } from '../workers/thread-census'
import { earlyDemoFor, withEarlyDemo } from './early-demo'
import { readCommandLine } from './lookup-args'

const demoThreads = () => runningThreads('Demo API').length
const RUN = ['--store', '100', '--input', 'i.csv', '--output', 'o.csv']
const ENV = { STORE_INVENTORY_DEMO_DATE: '2025-03-14' }

afterEach(async () => {
  await vi.waitFor(() => expect(demoThreads()).toBe(0))
})

describe('the Demo API the command starts early', () => {
  it('starts for a lookup whose arguments say --env demo, and is closed when the run ends', async () => {
    const early = earlyDemoFor(readCommandLine(['--env', 'demo', ...RUN]), ENV)
    expect(early).not.toBeNull()
    const code = await withEarlyDemo(early, async (given) => {
      expect(given).toBe(early)
      await vi.waitFor(() => expect(demoThreads()).toBe(1))
      return 0
    })
    expect(code).toBe(0)
    expect(demoThreads()).toBe(0)
  })

  it('is closed when the run fails', async () => {
    const early = earlyDemoFor(readCommandLine(['--env', 'demo', ...RUN]), ENV)
    const failing = withEarlyDemo(early, async () => {
      await vi.waitFor(() => expect(demoThreads()).toBe(1))
      throw new Error('the run failed')
    })
    await expect(failing).rejects.toThrow('the run failed')
    expect(demoThreads()).toBe(0)
  })

  it.each([
    ['a sandbox lookup', ['--env', 'sandbox', ...RUN], ENV],
    ['a production lookup', ['--env', 'production', ...RUN], ENV],
    ['a watchlist, whose environment is not known yet', ['--watchlist', 'Weekly', '--output', 'o.csv'], ENV],
    ['a resume', ['--resume', 'last', '--output', 'o.csv'], ENV],
    ['the History list', ['--history'], ENV],
    ['arguments the command refuses', ['--env', 'demo', '--store', 'x', ...RUN.slice(2)], ENV],
    ['a Demo date the command refuses', ['--env', 'demo', ...RUN], { STORE_INVENTORY_DEMO_DATE: '2025-02-30' }]
  ])('never starts for %s', async (_what, argv, env) => {
    expect(earlyDemoFor(readCommandLine(argv), env)).toBeNull()
    expect(await withEarlyDemo(null, async (given) => given)).toBeUndefined()
    expect(demoThreads()).toBe(0)
  })
})
