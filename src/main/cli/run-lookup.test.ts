import { existsSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { createDirectHistory } from '../history/test-support/direct-history'
import { checkJobInvariant } from '../jobs/job-invariant'
import { createMemoryLogger } from '../logging/logger'
import { createAppRoot } from '../composition-root'
import type { LookupIo } from './lookup-io'
import { UsageError } from './lookup-args'
import { runCommandLine, runLookup } from './run-lookup'
import { parseDelimited } from '../files/import/delimited-parser'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-lookup-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The Demo's day in these runs, so runs compared here never fall on two days. */
const DEMO_DATE = '2025-03-14'

function io(
  onInterrupt: LookupIo['onInterrupt'] = () => () => undefined,
  demoDate = DEMO_DATE
): LookupIo & { err: string[]; out: string[] } {
  const err: string[] = []
  const out: string[] = []
  return {
    err,
    out,
    env: { STORE_INVENTORY_DATA_DIR: join(dir, 'data'), STORE_INVENTORY_DEMO_DATE: demoDate },
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: () => createMemorySecretStore(),
    startServices: createAppRoot,
    onInterrupt
  }
}

async function itemNumbers(count: number): Promise<{ input: string; lines: { line: number; input: string }[] }> {
  const input = join(dir, 'in.txt')
  const values = Array.from({ length: count }, (_, i) => String(10_000_000 + i))
  await writeFile(input, values.join('\n'))
  return { input, lines: values.map((value, i) => ({ line: i + 1, input: value })) }
}

/** Reads the run back from the History file, as the app would, and checks every line ended once. */
function historyOf(jobId: number, lines: { line: number; input: string }[]) {
  const history = createDirectHistory({ dir: join(dir, 'data'), log: createMemoryLogger(), now: Date.now })
  try {
    const lookup = history.lookup(jobId)
    const { entries } = history.log(jobId, 0, Number.MAX_SAFE_INTEGER)
    expect(checkJobInvariant(lines, entries)).toEqual([])
    return { lookup, entries }
  } finally {
    history.close()
  }
}

/** The rows of a `--format json` document, by their stable keys. */
const readRows = async (path: string) => (JSON.parse(await readFile(path, 'utf8')) as { rows: Array<Record<string, unknown>> }).rows

/** A CSV's rows by the screen's column labels, as people read it. */
async function readCsv(path: string): Promise<Array<Record<string, string>>> {
  const [header, ...records] = parseDelimited((await readFile(path, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n$/, ''), ',')
  const labels = header?.cells ?? []
  return records.map((record) => Object.fromEntries(labels.map((label, i) => [label, record.cells[i] ?? ''])))
}

describe('runCommandLine', () => {
  it('acts on the command line it is handed, as read on the thread, without reading the arguments again', async () => {
    const refused = io()
    expect(await runCommandLine({ ok: false, error: new UsageError('--store is required.') }, refused)).toBe(2)
    expect(refused.err.join('')).toMatch(/^Error: --store is required\.\n\nUsage: inventory-lookup/)
    const help = io()
    expect(await runCommandLine({ ok: true, command: { kind: 'help' } }, help)).toBe(0)
    expect(help.out.join('')).toContain('Usage: inventory-lookup')
    await expect(runCommandLine({ ok: false, error: new Error('a fault in reading') }, io())).rejects.toThrow('a fault in reading')
  })
})

describe('runLookup', () => {
  it('stops on Ctrl+C, SIGTERM or SIGHUP: writes every line, marks the run interrupted, exits 1, and --resume last finishes it', async () => {
    const { input, lines } = await itemNumbers(500)
    const output = join(dir, 'out.json')
    let unregistered = false
    const terminal = io((stop) => {
      stop()
      return () => {
        unregistered = true
      }
    })
    const code = await runLookup(
      ['--env', 'demo', '--store', '3', '--item-type', 'wm_item_number', '--input', input, '--output', output],
      terminal
    )
    expect(code).toBe(1)
    expect(unregistered).toBe(true)
    expect(terminal.err.join('')).toContain('Stopping: what arrived is written, and the rest can be looked up later with --resume 1.')
    expect(terminal.err.join('')).toMatch(/values were not looked up: finish them with --resume 1\./)
    const rows = await readRows(output)
    expect(rows).toHaveLength(500)
    expect(new Set(rows.map((row) => row.line)).size).toBe(500)
    expect(rows.some((row) => row.status === 'cancelled')).toBe(true)
    expect(historyOf(1, lines).lookup).toMatchObject({ state: 'interrupted', source: 'cli' })

    const again = io()
    const resumed = join(dir, 'resumed.json')
    expect(await runLookup(['--resume', 'last', '--output', resumed], again)).toBe(0)
    expect(again.err.join('')).toMatch(/Resuming run 1 in Demo, store 3: \d+ values to look up/)
    const all = await readRows(resumed)
    expect(all).toHaveLength(500)
    expect(all.some((row) => row.status === 'cancelled')).toBe(false)
    expect(historyOf(1, lines).lookup).toMatchObject({ state: 'finished', counts: { cancelled: 0 } })
  }, 60_000)

  it('when the output cannot be written, says how to write it again from History, and --resume ID does', async () => {
    const { input, lines } = await itemNumbers(120)
    const blocked = join(dir, 'taken.csv')
    await mkdir(blocked)
    const terminal = io()
    expect(
      await runLookup(['--env', 'demo', '--store', '3', '--item-type', 'wm_item_number', '--input', input, '--output', blocked], terminal)
    ).toBe(1)
    expect(terminal.err.join('')).toContain(
      'The results are kept in History as run 1: write them again with inventory-lookup --resume 1 --output NEW_FILE.'
    )
    expect(historyOf(1, lines).lookup).toMatchObject({ state: 'finished' })

    const again = io()
    const output = join(dir, 'again.json')
    expect(await runLookup(['--resume', '1', '--output', output], again)).toBe(0)
    expect(again.err.join('')).toContain('Run 1 (Demo, store 3) has no values left to look up; writing its results.')
    expect(await readRows(output)).toHaveLength(120)
  }, 60_000)

  it("answers with the Demo stock of STORE_INVENTORY_DEMO_DATE's day, and refuses a date it cannot read in a sentence", async () => {
    const { input } = await itemNumbers(300)
    const FIGURES = ['status', 'onShelf', 'backroom', 'onHand', 'onOrder', 'inTransit']
    const stockOn = async (date: string, name: string) => {
      const output = join(dir, name)
      const argv = ['--env', 'demo', '--store', '12', '--item-type', 'wm_item_number', '--input', input, '--output', output, '--no-save']
      expect(await runLookup(argv, io(undefined, date))).toBe(0)
      return (await readRows(output)).map((row) => JSON.stringify(FIGURES.map((label) => row[label])))
    }
    const first = await stockOn('2025-03-14', 'first.json')
    expect(first.filter((row) => row.includes('in_stock')).length).toBeGreaterThan(100)
    expect(await stockOn('2025-03-14', 'again.json')).toEqual(first)
    const nextDay = await stockOn('2025-03-15', 'next.json')
    const changed = nextDay.filter((row, index) => row !== first[index]).length
    expect(changed).toBeGreaterThan(0)
    expect(changed).toBeLessThan(first.length * 0.2)

    const bad = io(undefined, '2025-02-30')
    expect(await runLookup(['--env', 'demo', '--store', '12', '--input', input, '--output', join(dir, 'bad.csv')], bad)).toBe(2)
    expect(bad.err.join('')).toBe(
      'Error: STORE_INVENTORY_DEMO_DATE is "2025-02-30", which is not a date: write it as YYYY-MM-DD (for example 2025-03-14), or leave it unset for today.\n'
    )
  }, 90_000)

  it('lists saved runs with --history, and keeps a --no-save run out of it', async () => {
    const { input } = await itemNumbers(5)
    const output = join(dir, 'out.csv')
    const argv = ['--env', 'demo', '--store', '77', '--item-type', 'wm_item_number', '--input', input, '--output', output]
    expect(await runLookup(argv, io())).toBe(0)
    expect(await runLookup([...argv, '--no-save'], io())).toBe(0)

    const listing = io()
    expect(await runLookup(['--history'], listing)).toBe(0)
    const [header, ...rows] = listing.out.join('').trimEnd().split('\n')
    expect(header).toMatch(
      /^ID\s+Started\s+Environment\s+Store\s+Values\s+Found\s+Not found\s+Invalid\s+Failed\s+Not answered\s+State\s+From$/
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatch(/^ *1\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+Demo\s+77\s+5\s+\d+\s+\d+\s+0\s+0\s+0\s+finished\s+command$/)
  }, 60_000)

  it.each(['csv', 'json', 'ndjson'])(
    'writes the same %s with --no-save as when the run is saved',
    async (format) => {
      const { input } = await itemNumbers(40)
      const flags = ['--env', 'demo', '--store', '77,78', '--item-type', 'wm_item_number', '--input', input]
      // Only the two runs' own start and end times may differ (JSON's header gives them).
      const written = async (name: string) =>
        (await readFile(join(dir, name), 'utf8')).replace(/"(startedAt|finishedAt)":"[^"]+"/g, '"$1":"…"')
      expect(await runLookup([...flags, '--output', join(dir, `saved.${format}`)], io())).toBe(0)
      expect(await runLookup([...flags, '--output', join(dir, `unsaved.${format}`), '--no-save'], io())).toBe(0)
      const saved = await written(`saved.${format}`)
      expect(saved.split('\n').length).toBeGreaterThan(40)
      expect(await written(`unsaved.${format}`)).toBe(saved)
    },
    60_000
  )

  it('reads a CSV with a quote that never closes line by line, and warns naming the row', async () => {
    const input = join(dir, 'quote.csv')
    const gtins = ['00012345678905', '04006381333931', '00036000291452', '00614141000036']
    await writeFile(
      input,
      `GTIN,Note\n${gtins[0]},"12 inch pizza\n${gtins
        .slice(1)
        .map((gtin) => `${gtin},12" pizza`)
        .join('\n')}\n`
    )
    const output = join(dir, 'quote.json')
    const terminal = io()
    expect(await runLookup(['--env', 'demo', '--store', '3', '--input', input, '--output', output, '--no-save'], terminal)).toBe(0)
    const said = terminal.err.join('')
    expect(said).toContain('Reading 4 values from "GTIN"')
    expect(said).toContain(
      'Warning: Row 2 opens a quote that is never closed: it was read to the end of its line, with the quote kept as a character; check that row in the file.'
    )
    const rows = await readRows(output)
    expect(rows.map((row) => [row.line, row.input, (row.file as Record<string, string>).Note])).toEqual([
      [2, gtins[0], '"12 inch pizza'],
      [3, gtins[1], '12" pizza'],
      [4, gtins[2], '12" pizza'],
      [5, gtins[3], '12" pizza']
    ])
  }, 60_000)

  it.skipIf(process.platform === 'win32')(
    'creates its data folder 0700 and History with its log and shared-memory files 0600 (POSIX modes; Windows has none)',
    async () => {
      const dataDir = join(dir, 'new', 'data')
      const { input } = await itemNumbers(5)
      const modes = new Map<string, number>()
      const terminal = io()
      terminal.env = { STORE_INVENTORY_DATA_DIR: dataDir }
      // Looked at while the run holds History open: SQLite removes its -wal and -shm files when it closes.
      terminal.fetch = async (request, init) => {
        for (const name of ['.', 'history.sqlite', 'history.sqlite-wal', 'history.sqlite-shm']) {
          const path = join(dataDir, name)
          if (!modes.has(name) && existsSync(path)) modes.set(name, statSync(path).mode & 0o777)
        }
        return globalThis.fetch(request, init)
      }
      const output = join(dir, 'private.json')
      expect(
        await runLookup(['--env', 'demo', '--store', '3', '--item-type', 'wm_item_number', '--input', input, '--output', output], terminal)
      ).toBe(0)
      expect(Object.fromEntries(modes)).toEqual({
        '.': 0o700,
        'history.sqlite': 0o600,
        'history.sqlite-wal': 0o600,
        'history.sqlite-shm': 0o600
      })
      expect(statSync(join(dir, 'new')).mode & 0o777).toBe(0o700)
      expect(statSync(output).mode & 0o777).toBe(0o600)
    },
    60_000
  )

  it('refuses to resume a run that does not exist, in a sentence', async () => {
    const terminal = io()
    expect(await runLookup(['--resume', '9', '--output', join(dir, 'x.csv')], terminal)).toBe(2)
    expect(terminal.err.join('')).toContain('Error: there is no run 9 in History; see --history for the runs kept.')
    const last = io()
    expect(await runLookup(['--resume', 'last', '--output', join(dir, 'x.csv')], last)).toBe(2)
    expect(last.err.join('')).toContain('Error: there is no cancelled or interrupted run to resume; see --history.')
  })

  it('--compare-with previous writes one row per value comparing with the latest earlier run of that store', async () => {
    const { input } = await itemNumbers(40)
    const run = (store: string, extra: string[], output: string) =>
      runLookup(
        ['--env', 'demo', '--store', store, '--item-type', 'wm_item_number', '--input', input, '--output', join(dir, output), ...extra],
        io()
      )

    const first = io()
    expect(
      await runLookup(
        [
          '--env',
          'demo',
          '--store',
          '5',
          '--item-type',
          'wm_item_number',
          '--input',
          input,
          '--output',
          join(dir, 'c0.csv'),
          '--compare-with',
          'previous'
        ],
        first
      )
    ).toBe(1)
    expect(first.err.join('')).toContain(
      'Error: there is no earlier run of Demo, store 5 to compare with, so nothing was written; this run is kept in History as run 1.'
    )

    expect(await run('6', [], 'other-store.json')).toBe(0)
    const second = io()
    const output = join(dir, 'compare.csv')
    expect(
      await runLookup(
        [
          '--env',
          'demo',
          '--store',
          '5',
          '--item-type',
          'wm_item_number',
          '--input',
          input,
          '--output',
          output,
          '--compare-with',
          'previous'
        ],
        second
      )
    ).toBe(0)
    expect(second.err.join('')).toMatch(
      /Comparing with run 1 of \d{4}-\d\d-\d\d \d\d:\d\d: 0 newly out of stock, 0 back in stock, 0 changed, 40 unchanged, 0 only in one\./
    )
    const rows = await readCsv(output)
    expect(rows).toHaveLength(40)
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Value',
      'Line',
      'Input',
      'Stock status then',
      'Stock status now',
      'On hand then',
      'On hand now',
      'Change',
      'Compared'
    ])
    expect(new Set(rows.map((row) => row.Compared))).toEqual(new Set(['Unchanged']))

    // The other store's run, named by its ID: the Demo API stocks each store its own way.
    const third = io()
    expect(await runLookup(['--resume', '3', '--output', join(dir, 'vs-other.csv'), '--compare-with', '2'], third)).toBe(0)
    expect(third.err.join('')).toMatch(/Comparing with run 2 of .*: \d+ newly out of stock, \d+ back in stock, [1-9]\d* changed/)
  }, 60_000)

  it('--compare-with previous for several stores compares store and value pairs with the latest earlier run of the same set of stores', async () => {
    const { input } = await itemNumbers(10)
    const run = (stores: string, output: string, err = io()) =>
      runLookup(
        [
          '--env',
          'demo',
          '--store',
          stores,
          '--item-type',
          'wm_item_number',
          '--input',
          input,
          '--output',
          join(dir, output),
          '--compare-with',
          'previous'
        ],
        err
      )

    const first = io()
    expect(await run('5,6', 'm0.csv', first)).toBe(1)
    expect(first.err.join('')).toContain('Error: there is no earlier run of Demo, stores 5, 6 to compare with')
    expect(await run('5', 'm1.csv')).toBe(1)
    const second = io()
    expect(await run('6,5', 'pairs.json', second)).toBe(0)
    expect(second.err.join('')).toMatch(
      /Comparing with run 1 of .*: 0 newly out of stock, 0 back in stock, 0 changed, 20 unchanged, 0 only in one\./
    )
    const rows = await readRows(join(dir, 'pairs.json'))
    expect(Object.keys(rows[0] ?? {})).toEqual(['store', 'value', 'change', 'comparison', 'comparisonLabel', 'then', 'now'])
    expect(new Set(rows.map((row) => row.comparison))).toEqual(new Set(['unchanged']))
    expect(rows.map((row) => row.store)).toEqual([...Array<number>(10).fill(6), ...Array<number>(10).fill(5)])
  }, 60_000)
})
