import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutputDocument } from '../../shared/export/output-document'
import { createWatchlistStore } from '../watchlists/watchlist-store'
import { runLookup } from './run-lookup'
import { demoTerminal } from './test-support/demo-terminal'
import { outputValidator } from './test-support/output-validator'

/** The command's watchlist flags, through the app's services on one data folder, against the Demo on two days. */
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-lookup-watchlists-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const validator = outputValidator()

function terminal(day = '2025-03-03') {
  return demoTerminal({ STORE_INVENTORY_DATA_DIR: join(dir, 'data'), STORE_INVENTORY_DEMO_DATE: day })
}

async function input(count: number): Promise<string> {
  const path = join(dir, 'in.csv')
  const rows = Array.from({ length: count }, (_, i) => `${10_000_000 + i * 37},Item ${i}`)
  await writeFile(path, `Item number,Item name\n${rows.join('\n')}\n`)
  return path
}

const lookupFlags = (path: string) => ['--env', 'demo', '--store', '100,101', '--item-type', 'wm_item_number', '--input', path]

async function documentOf(path: string): Promise<OutputDocument> {
  const document = JSON.parse(await readFile(path, 'utf8')) as unknown
  expect(validator.document(document)).toEqual([])
  return document as OutputDocument
}

/** Items rows by store and line, for checking a comparison against the runs it compares. */
async function statusesOf(path: string): Promise<Map<string, string>> {
  const document = await documentOf(path)
  if (document.view !== 'items') throw new Error(`expected the Items view, got ${document.view}`)
  return new Map(document.rows.map((row) => [`${row.store}:${row.line}`, row.status]))
}

/** Each test runs two or three lookups of 300 values: a few seconds here, much longer on a 2-core machine under load. */
const LOOKUP_TEST_MS = 90_000

describe('watchlists from the command line', { timeout: LOOKUP_TEST_MS }, () => {
  it('saves a lookup as a watchlist, lists it, runs it again by name and compares with its previous run, as the app would', async () => {
    const path = await input(300)
    const first = terminal('2025-03-03')
    const firstOutput = join(dir, 'first.json')
    expect(await runLookup([...lookupFlags(path), '--save-watchlist', 'Morning check', '--output', firstOutput], first)).toBe(0)
    expect(first.err.join('')).toContain('Saved the watchlist "Morning check" (300 values); run it again with --watchlist "Morning check".')
    expect(first.err.join('')).toContain('Running the watchlist "Morning check" in Demo, 2 stores (100, 101) (run 1 in History)')

    // The app's own watchlist store, on the same folder, reads what the command saved: values, names, stores.
    const store = createWatchlistStore({ dir: join(dir, 'data'), now: Date.now, log: { warn: () => undefined } })
    const [record] = await store.list()
    expect(record).toMatchObject({ name: 'Morning check', environment: 'demo', itemType: 'wm_item_number', items: 300 })
    expect(record?.stores).toEqual({ kind: 'list', stores: [100, 101] })
    const { definition } = await store.get(record?.id ?? '')
    expect(definition.columns).toEqual(['Item name'])
    expect(definition.items[4]).toEqual({ input: '10000148', cells: ['Item 4'] })

    // A week later the Demo's stock has moved: run it by name (any case) and compare with its previous run.
    const second = terminal('2025-03-10')
    const compared = join(dir, 'compare.json')
    const flags = ['--watchlist', 'morning CHECK', '--compare-with', 'previous', '--fail-on', 'newly-out-of-stock', '--output', compared]
    const code = await runLookup(flags, second)
    const document = await documentOf(compared)
    expect(document).toMatchObject({ view: 'compare', run: { id: 2 }, comparedWith: { id: 1 } })
    if (document.view !== 'compare') return
    expect(second.err.join('')).toContain(
      'Running the watchlist "Morning check" (300 values) in Demo, 2 stores (100, 101) (run 2 in History)'
    )

    // Each compared pair against the two runs' own results, written again from History.
    expect(await runLookup(['--resume', '2', '--output', join(dir, 'second.json')], terminal('2025-03-10'))).toBe(0)
    const [then, now] = [await statusesOf(firstOutput), await statusesOf(join(dir, 'second.json'))]
    expect(document.rows).toHaveLength(600)
    for (const row of document.rows) {
      expect(row.then?.status).toBe(then.get(`${row.store}:${row.then?.line ?? 0}`))
      expect(row.now?.status).toBe(now.get(`${row.store}:${row.now?.line ?? 0}`))
    }
    const newlyOut = document.rows.filter((row) => row.comparison === 'newly_out').length
    expect(newlyOut, 'a week later, some Demo items have sold out').toBeGreaterThan(0)
    expect(code).toBe(3)
    expect(second.err.join('')).toContain(`--fail-on: ${newlyOut} newly out of stock; exit status 3.`)

    // The list shows the watchlist with its last run's figures, worked out by the app's "Since the last run".
    const listed = terminal()
    expect(await runLookup(['--watchlists'], listed)).toBe(0)
    const [header, line] = listed.out.join('').trimEnd().split('\n')
    expect(header).toMatch(/^Name\s+Values\s+Stores\s+Environment\s+Schedule\s+Last run\s+In stock\s+Newly out of stock$/)
    expect(line).toMatch(
      new RegExp(
        `^Morning check\\s+300\\s+100, 101\\s+Demo\\s+None\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(run 2\\)\\s+[\\d.]+%\\s+${newlyOut}$`
      )
    )
  })

  it("compares a watchlist's first run with nothing, and says so, keeping the run", async () => {
    const path = await input(5)
    const io = terminal()
    const args = [...lookupFlags(path), '--save-watchlist', 'New list', '--compare-with', 'previous', '--output', join(dir, 'c.json')]
    expect(await runLookup(args, io)).toBe(1)
    expect(io.err.join('')).toContain(
      'Error: there is no earlier run of the watchlist "New list" to compare with (the next run will compare with this one), so nothing was written; this run is kept in History as run 1.'
    )
  })

  it('says in a sentence what is wrong: an unknown name, a name taken, nothing saved yet', async () => {
    const path = await input(3)
    const none = terminal()
    expect(await runLookup(['--watchlists'], none)).toBe(0)
    expect(none.out.join('')).toBe('No watchlists are saved yet.\n')

    const unknown = terminal()
    expect(await runLookup(['--watchlist', 'Evening', '--output', join(dir, 'e.json')], unknown)).toBe(2)
    expect(unknown.err.join('')).toBe('Error: there is no watchlist named "Evening"; list the saved ones with --watchlists.\n')

    expect(await runLookup([...lookupFlags(path), '--save-watchlist', 'Dairy', '--output', join(dir, 'd.json')], terminal())).toBe(0)
    const taken = terminal()
    expect(await runLookup([...lookupFlags(path), '--save-watchlist', 'DAIRY', '--output', join(dir, 'd2.json')], taken)).toBe(2)
    expect(taken.err.join('')).toContain('Error: --save-watchlist: A watchlist named "DAIRY" exists already; choose another name.')
  })
})
