import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutputDocument } from '../../shared/export/output-document'
import { DEMO_CREDENTIALS } from '../demo-api/demo-api'
import { testDemoApi } from '../http/test-support/loopback-servers'
import { runLookup } from './run-lookup'
import { demoTerminal } from './test-support/demo-terminal'
import { outputValidator } from './test-support/output-validator'

/** The command's output for scripts, read back as a script would and checked against the JSON Schema in the repository. */
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-lookup-output-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const validator = outputValidator()

function terminal(env: NodeJS.ProcessEnv = {}) {
  return demoTerminal({ STORE_INVENTORY_DATA_DIR: join(dir, 'data'), STORE_INVENTORY_DEMO_DATE: '2025-03-03', ...env })
}

async function input(count: number): Promise<string> {
  const path = join(dir, 'in.csv')
  const rows = Array.from({ length: count }, (_, i) => `${10_000_000 + i * 37},Item ${i},${i % 12}`)
  await writeFile(path, `Item number,Item name,Case pack\n${rows.join('\n')}\nnot a number,Broken,1\n`)
  return path
}

const demo = (path: string) => ['--env', 'demo', '--store', '100,101', '--item-type', 'wm_item_number', '--input', path]

async function documentOf(path: string): Promise<OutputDocument> {
  const document = JSON.parse(await readFile(path, 'utf8')) as unknown
  expect(validator.document(document)).toEqual([])
  return document as OutputDocument
}

/** Each test runs one or more lookups of a few hundred values: 3-8 s here, over 30 s on a 2-core machine at load 16. */
const LOOKUP_TEST_MS = 90_000

describe('--format json and ndjson', { timeout: LOOKUP_TEST_MS }, () => {
  it.each(['items', 'locations', 'stores', 'matrix'] as const)(
    '--view %s writes one document the schema accepts: the run, then its rows with stable keys',
    async (view) => {
      const path = await input(30)
      const output = join(dir, `${view}.json`)
      const io = terminal()
      expect(await runLookup([...demo(path), '--view', view, '--output', output], io)).toBe(0)
      const document = await documentOf(output)
      expect(document).toMatchObject({
        schemaVersion: 1,
        view,
        run: { id: 1, environment: 'demo', stores: [100, 101], itemType: 'wm_item_number', counts: { lines: 31, invalid: 2 } }
      })
      if (document.view === 'items') {
        expect(document.rows).toHaveLength(62)
        expect(document.rows[0]).toMatchObject({ store: 100, line: 2, input: '10000000', itemName: 'Item 0', file: { 'Case pack': '0' } })
        expect(document.rows.at(-1)).toMatchObject({ store: 101, line: 32, status: 'invalid', itemName: 'Broken' })
      }
      if (document.view === 'matrix') expect(document.rows).toHaveLength(60)
      if (document.view === 'stores') {
        for (const row of document.rows) expect(row.inStockRate).toBe((row.valuesFound - row.outOfStock) / row.valuesFound)
      }
    }
  )

  it('--output - --format ndjson writes one row per line to standard output, and every message to standard error', async () => {
    const path = await input(30)
    const chunks: string[] = []
    const io = { ...terminal(), writeStdout: async (chunk: string | Uint8Array) => void chunks.push(String(chunk)) }
    expect(await runLookup([...demo(path), '--output', '-', '--format', 'ndjson'], io)).toBe(0)
    expect(io.out).toEqual([])
    const lines = chunks.join('').split('\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(62)
    for (const line of lines) expect(validator.row('items', JSON.parse(line))).toEqual([])
    expect(io.err.join('')).toContain('Wrote 62 rows to standard output.')
  })

  it('the extension chooses the format unless --format says; .ndjson and .jsonl are NDJSON', async () => {
    const path = await input(3)
    for (const [name, lines] of [
      ['rows.ndjson', 8],
      ['rows.jsonl', 8]
    ] as const) {
      expect(await runLookup([...demo(path), '--output', join(dir, name)], terminal())).toBe(0)
      expect((await readFile(join(dir, name), 'utf8')).split('\n')).toHaveLength(lines + 1)
    }
    expect(await runLookup([...demo(path), '--output', join(dir, 'rows.txt'), '--format', 'csv'], terminal())).toBe(0)
    expect(await readFile(join(dir, 'rows.txt'), 'utf8')).toMatch(/^\uFEFFStock status,Store,Item name,On shelf/)
  })

  it('--compare-with writes the comparison for scripts: each value then and now, and the earlier run', async () => {
    const path = await input(200)
    expect(
      await runLookup([...demo(path), '--output', join(dir, 'first.json')], terminal({ STORE_INVENTORY_DEMO_DATE: '2025-03-03' }))
    ).toBe(0)
    const output = join(dir, 'compare.json')
    const io = terminal({ STORE_INVENTORY_DEMO_DATE: '2025-03-04' })
    expect(await runLookup([...demo(path), '--compare-with', 'previous', '--output', output], io)).toBe(0)
    const document = await documentOf(output)
    expect(document).toMatchObject({ view: 'compare', run: { id: 2 }, comparedWith: { id: 1 } })
    if (document.view !== 'compare') return
    const newlyOut = document.rows.filter((row) => row.comparison === 'newly_out').length
    expect(io.err.join('')).toContain(`Comparing with run 1 of `)
    expect(io.err.join('')).toContain(`: ${newlyOut} newly out of stock,`)
  })
})

describe('--fail-on', { timeout: LOOKUP_TEST_MS }, () => {
  it('out-of-stock: exit status 3 when the rows written have any, saying how many', async () => {
    const path = await input(200)
    const output = join(dir, 'rows.ndjson')
    expect(await runLookup([...demo(path), '--output', output], terminal())).toBe(0)
    const outOfStock = (await readFile(output, 'utf8'))
      .trim()
      .split('\n')
      .filter((line) => (JSON.parse(line) as { status: string }).status === 'out_of_stock').length
    expect(outOfStock, 'the Demo has items out of stock in these stores').toBeGreaterThan(0)
    const io = terminal()
    expect(await runLookup([...demo(path), '--output', output, '--fail-on', 'out-of-stock'], io)).toBe(3)
    expect(io.err.join('')).toContain(`--fail-on: ${outOfStock} out of stock; exit status 3.`)
    // A condition that does not hold leaves the status as it was.
    expect(await runLookup([...demo(path), '--output', output, '--fail-on', 'failed'], terminal())).toBe(0)
  })

  it('newly-out-of-stock: exit status 3 when a value had stock in the earlier run and has none now', async () => {
    const path = await input(400)
    const flags = ['--compare-with', 'previous', '--fail-on', 'newly-out-of-stock']
    const day = (date: string) => terminal({ STORE_INVENTORY_DEMO_DATE: date })
    expect(await runLookup([...demo(path), '--output', join(dir, 'monday.json')], day('2025-03-03'))).toBe(0)
    // The same day again: nothing changed, nothing newly out of stock.
    expect(await runLookup([...demo(path), ...flags, '--output', join(dir, 'again.json')], day('2025-03-03'))).toBe(0)
    const io = day('2025-03-10')
    const code = await runLookup([...demo(path), ...flags, '--output', join(dir, 'next.json')], io)
    const document = await documentOf(join(dir, 'next.json'))
    const newlyOut = document.view === 'compare' ? document.rows.filter((row) => row.comparison === 'newly_out').length : 0
    expect(newlyOut, 'a week later, some Demo items have sold out').toBeGreaterThan(0)
    expect(code).toBe(3)
    expect(io.err.join('')).toContain(`--fail-on: ${newlyOut} newly out of stock; exit status 3.`)
  })

  it('failed: exit status 3 instead of 1 when lookups failed', async () => {
    const api = await testDemoApi({ faults: { serverErrorRate: 1 } })
    const path = await input(5)
    const sandbox = ['--env', 'sandbox', '--client-id', DEMO_CREDENTIALS.clientId, '--auth-url', api.url, '--base-url', api.url]
    const args = [...sandbox, '--store', '9', '--item-type', 'wm_item_number', '--input', path, '--output', join(dir, 'failed.json')]
    const env = { INVENTORY_CLIENT_SECRET: DEMO_CREDENTIALS.clientSecret }
    expect(await runLookup(args, terminal(env))).toBe(1)
    const io = terminal(env)
    expect(await runLookup([...args, '--fail-on', 'failed'], io)).toBe(3)
    expect(io.err.join('')).toContain('--fail-on: 5 failed; exit status 3.')
  }, 60_000)

  it('says in a sentence what is wrong with a condition', async () => {
    const path = await input(3)
    const usage = async (flags: string[]) => {
      const io = terminal()
      expect(await runLookup([...demo(path), '--output', join(dir, 'x.json'), ...flags], io)).toBe(2)
      return io.err.join('').split('\n')[0]
    }
    expect(await usage(['--fail-on', 'sold-out'])).toBe(
      'Error: --fail-on sold-out is not a condition; use out-of-stock, failed or newly-out-of-stock.'
    )
    expect(await usage(['--fail-on', 'out-of-stock,newly-out-of-stock'])).toBe(
      'Error: --fail-on newly-out-of-stock needs an earlier run to compare with; add --compare-with previous (or a run ID).'
    )
    expect(await usage(['--format', 'yaml'])).toBe('Error: --format yaml is not a format; use json, ndjson, csv or xlsx.')
  })
})
