import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stockFigures } from '../../shared/stock/stock-figures'
import { startDemoApi, type DemoApiHandle } from '../demo-api/demo-api'
import { parseDemoDate, type DemoDay } from '../demo-api/demo-date'
import { searchInventory } from '../demo-api/demo-inventory'
import { parseDelimited } from '../files/import/delimited-parser'
import { npm, pathWith, run as runProgram } from './test-support/installed-command'

type Record_ = Record<string, string | number | null>

/** The rows of a `--format json` document, by their stable keys. */
function jsonRows(text: string): Record_[] {
  return (JSON.parse(text) as { rows: Record_[] }).rows
}

const FIGURE_LABELS = ['On shelf', 'Backroom', 'On hand', 'On order', 'In transit']
const STOCK_STATUSES = ['In stock', 'Low stock', 'Out of stock', 'Shelf empty, backroom has stock']

/** The command as a user runs it: a separate Node 24 process through tsx, against the built-in Demo API. */
const ROOT = join(import.meta.dirname, '..', '..', '..')
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')
const SECRET = 'demo-secret+/='

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lookup-cli-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function lookup(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [join(ROOT, 'src/main/cli/lookup.ts'), ...args], {
      cwd,
      env: {
        ...process.env,
        PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
        STORE_INVENTORY_DATA_DIR: join(dir, 'data'),
        INVENTORY_CLIENT_SECRET: '',
        INVENTORY_CLIENT_SECRET_FILE: '',
        ...env
      },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

async function csvRows(path: string): Promise<Record<string, string>[]> {
  const text = await readFile(path, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const [header, ...records] = parseDelimited(text.slice(1).replace(/\r\n$/, ''), ',')
  const labels = header?.cells ?? []
  expect(labels[0]).toBe('Stock status')
  expect(labels.slice(2, 7)).toEqual(FIGURE_LABELS)
  expect(labels.at(-1)).toBe('Message')
  return records.map((record) => Object.fromEntries(labels.map((label, i) => [label, record.cells[i] ?? ''])))
}

describe('npm run lookup', () => {
  it('looks up a CSV in Demo and writes the Items view as CSV, one row and one final state per line, exit 0', async () => {
    const input = join(dir, 'items.csv')
    await writeFile(input, 'Name,GTIN\r\nSoap,00012345678905\r\nMilk,614141000036\r\nBad,123\r\nAgain,00012345678905\r\nNo code,\r\n')
    const output = join(dir, 'out.csv')
    const run = await lookup(['--env', 'demo', '--store', '1234', '--input', input, '--output', output])
    expect(run.stderr).toContain('4 lines: 2 found, 0 not found, 1 invalid, 1 duplicate, 0 failed, 0 cancelled')
    expect(run.stderr).toContain('Reading 4 values from "GTIN" in')
    expect(run.stderr).toContain('; skipped 1 row without a value in "GTIN".')
    expect(run.code).toBe(0)
    const rows = await csvRows(output)
    // The file's other column travels with each line, as in the app; it names the items, so it is their Item name.
    expect(rows.map((row) => row['Item name'])).toEqual(['Soap', 'Milk', 'Bad', 'Again'])
    expect(rows[0]).not.toHaveProperty('Name')
    // Line 6 has no GTIN: like the app's import, the command skips it rather than calling it invalid.
    expect(rows.map((row) => row.Line)).toEqual(['2', '3', '4', '5'])
    const [soap, milk, bad, again] = rows
    expect(soap).toMatchObject({ Input: '00012345678905', GTIN: '00012345678905' })
    expect(STOCK_STATUSES).toContain(soap?.['Stock status'])
    expect(Number(soap?.['On hand'])).toBeGreaterThanOrEqual(0)
    expect(milk).toMatchObject({ Message: 'padded to 14 digits' })
    expect(bad).toMatchObject({ 'Stock status': 'Invalid', Message: expect.stringContaining('8, 12, 13 or 14'), 'On hand': '' })
    expect(again).toMatchObject({ 'Stock status': 'Duplicate', Message: 'Duplicate of line 2' })
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.tmp$/))
  }, 60_000)

  it('through npm --prefix from another folder, reads and writes paths relative to that folder, not the checkout', async () => {
    const folder = await mkdtemp(join(dir, 'elsewhere-'))
    await writeFile(join(folder, 'items.csv'), 'GTIN\n00012345678905\n')
    const [command, args] = npm([
      '--prefix',
      ROOT,
      'run',
      'lookup',
      '--',
      '--env',
      'demo',
      '--store',
      '5',
      '--input',
      'items.csv',
      '--output',
      'out.csv'
    ])
    const env = {
      ...process.env,
      PATH: pathWith(),
      STORE_INVENTORY_DATA_DIR: join(dir, 'data'),
      INVENTORY_CLIENT_SECRET: '',
      INVENTORY_CLIENT_SECRET_FILE: ''
    }
    const looked = await runProgram(command, args, { cwd: folder, env })
    expect(looked.code, looked.stderr).toBe(0)
    expect((await csvRows(join(folder, 'out.csv'))).map((row) => row.Input)).toEqual(['00012345678905'])
  }, 60_000)

  it('reads an XLSX with numeric GTIN cells and writes an XLSX of items and their locations, with text identifiers', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('List')
    sheet.addRow(['UPC'])
    sheet.addRow([12345678905])
    sheet.addRow([614141000036])
    const input = join(dir, 'items.xlsx')
    await book.xlsx.writeFile(input)
    const output = join(dir, 'out.xlsx')
    // Kept out of History: the first test's file named these values, and the item catalogue would name them here.
    const run = await lookup(['--env', 'demo', '--store', '77', '--input', input, '--output', output, '--no-save'])
    expect(run.code).toBe(0)
    const result = new ExcelJS.Workbook()
    await result.xlsx.readFile(output)
    expect(result.worksheets.map((worksheet) => worksheet.name)).toEqual(['Items', 'Locations'])
    const rows = result.worksheets[0]?.getSheetValues() ?? []
    expect(rows[1]).toEqual([
      undefined,
      'Stock status',
      'Input',
      ...FIGURE_LABELS,
      'GTIN',
      'Walmart item number',
      'Line',
      'As of',
      'Message'
    ])
    const data = rows.slice(2).filter((row) => Array.isArray(row))
    expect(data).toHaveLength(2)
    const first = data[0] as unknown[]
    expect([first[10], first[2], first[8]]).toEqual([2, '12345678905', '00012345678905'])
    expect(STOCK_STATUSES).toContain(first[1])
    expect(first[5]).toEqual(expect.any(Number))
    // The Demo's lastUpdatedTime, as ISO text in UTC whatever the computer's zone.
    expect(first[11]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(data.map((row) => (row as unknown[])[10])).toEqual([2, 3])
    const locations = result.worksheets[1]?.getSheetValues() ?? []
    expect(locations[1]).toEqual(expect.arrayContaining(['Location area', 'State', 'Quantity', 'Counted as']))
  }, 60_000)

  it('reads a TXT of item numbers and writes the Locations view for scripts with --view locations', async () => {
    const input = join(dir, 'items.txt')
    await writeFile(input, '555000111\n\n555000222\nabc\n')
    const output = join(dir, 'out.json')
    const run = await lookup([
      '--env',
      'demo',
      '--store',
      '5',
      '--item-type',
      'wm_item_number',
      '--view',
      'locations',
      '--input',
      input,
      '--output',
      output
    ])
    expect(run.code).toBe(0)
    const rows = jsonRows(await readFile(output, 'utf8'))
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'store',
      'line',
      'input',
      'gtin',
      'wmItemNumber',
      'itemName',
      'status',
      'statusLabel',
      'locationArea',
      'locationState',
      'quantity',
      'countedAs',
      'onHand',
      'asOf',
      'supplier',
      'message',
      'file'
    ])
    const lines = [...new Set(rows.map((row) => row.line))]
    expect(lines).toEqual([1, 3, 4])
    for (const row of rows.filter((row) => row.line !== 4)) {
      expect([...STOCK_STATUSES, 'Not found']).toContain(row.statusLabel)
      expect(row.wmItemNumber).toBe(row.input)
      if (row.status !== 'not_found') expect(row.asOf).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    }
    expect(rows.find((row) => row.line === 4)).toMatchObject({ status: 'invalid', statusLabel: 'Invalid', input: 'abc' })
    const view = await lookup(['--env', 'demo', '--store', '5', '--view', 'rows', '--input', input, '--output', output])
    expect(view.code).toBe(2)
    expect(view.stderr).toContain('--view rows is not a view; use items, by-item, locations, stores, matrix.')
  }, 60_000)

  it('prints the usage and exits 2 when a flag is missing or wrong, and 0 for --help', async () => {
    const missing = await lookup(['--env', 'demo', '--input', 'x.csv', '--output', 'y.csv'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--store is required')
    expect(missing.stderr).toContain('Usage: inventory-lookup')
    const format = await lookup(['--env', 'demo', '--store', '1', '--input', 'x.csv', '--output', 'y.txt'])
    expect(format.code).toBe(2)
    expect(format.stderr).toContain('must end in .json, .ndjson, .csv or .xlsx, or --format must say the format.')
    const help = await lookup(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--item-type gtin|wm_item_number')
    expect(help.stdout).toContain('--view items|by-item|locations')
  }, 60_000)

  it('exits 2 with a sentence for an unreadable or missing input file, writing nothing', async () => {
    const input = join(dir, 'broken.xlsx')
    await writeFile(input, randomBytes(2048))
    const output = join(dir, 'never.csv')
    const broken = await lookup(['--env', 'demo', '--store', '1', '--input', input, '--output', output])
    expect(broken.code).toBe(2)
    expect(broken.stderr).toMatch(/not a valid Excel workbook/)
    const missing = await lookup(['--env', 'demo', '--store', '1', '--input', join(dir, 'nope.csv'), '--output', output])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/does not exist/)
    expect(await readdir(dir)).not.toContain('never.csv')
  }, 60_000)

  it("answers with the Demo stock of STORE_INVENTORY_DEMO_DATE's day, and exits 2 with a sentence for a date it cannot read", async () => {
    const values = Array.from({ length: 40 }, (_, i) => String(30_000_000 + i * 7))
    const input = join(dir, 'dated.txt')
    await writeFile(input, `${values.join('\n')}\n`)
    const output = join(dir, 'dated.json')
    const args = ['--env', 'demo', '--store', '31', '--item-type', 'wm_item_number', '--input', input, '--output', output, '--no-save']
    const day = parseDemoDate('2024-11-02') as DemoDay
    const run = await lookup(args, { STORE_INVENTORY_DEMO_DATE: '2024-11-02' })
    expect(run.code).toBe(0)
    const demo = searchInventory({ storeNbr: 31, itemType: 'wm_item_number', values }, 0, day).items
    const expected = new Map(demo.map((item) => [item.wm_item_number, stockFigures(item.inventory_locations).onHand]))
    const rows = jsonRows(await readFile(output, 'utf8'))
    const found = rows.filter((row) => STOCK_STATUSES.includes(String(row.statusLabel)))
    expect(found.length).toBe(expected.size)
    for (const row of found) expect(row.onHand, String(row.input)).toBe(expected.get(String(row.wmItemNumber)))

    const bad = await lookup(args, { STORE_INVENTORY_DEMO_DATE: 'tomorrow' })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('STORE_INVENTORY_DEMO_DATE is "tomorrow", which is not a date: write it as YYYY-MM-DD')
  }, 60_000)

  it('exits 2 when a remote environment has no credentials', async () => {
    const input = join(dir, 'creds.txt')
    await writeFile(input, '00012345678905\n')
    const run = await lookup(['--env', 'production', '--store', '1', '--input', input, '--output', join(dir, 'creds.csv')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('No client ID is set for Production')
    expect(run.stderr).toContain('--client-id')
  }, 60_000)

  describe('against a server that always fails', () => {
    let demo: DemoApiHandle
    beforeAll(async () => {
      demo = await startDemoApi({ faults: { serverErrorRate: 1 } })
    })
    afterAll(async () => {
      await demo.close()
    })

    it('records every failure in the output, never prints the secret, and exits 1', async () => {
      const input = join(dir, 'fail.csv')
      await writeFile(input, 'gtin\n00012345678905\n00614141000036\n')
      const output = join(dir, 'fail.csv.json')
      const run = await lookup(
        [
          '--env',
          'sandbox',
          '--store',
          '9',
          '--input',
          input,
          '--output',
          output,
          '--client-id',
          'demo-client',
          '--auth-url',
          demo.url,
          '--base-url',
          demo.url
        ],
        { INVENTORY_CLIENT_SECRET: SECRET }
      )
      expect(run.stderr).toContain('2 failed')
      expect(run.code).toBe(1)
      expect(run.stderr + run.stdout).not.toContain(SECRET)
      const rows = jsonRows(await readFile(output, 'utf8'))
      expect(rows.map((row) => [row.line, row.statusLabel])).toEqual([
        [2, 'Failed'],
        [3, 'Failed']
      ])
      for (const row of rows) expect(row.message).toMatch(/\S/)
      expect(demo.stats().searchRequests).toBeGreaterThan(1)
    }, 90_000)
  })

  it.skipIf(process.platform === 'win32')(
    'with an empty XDG_CONFIG_HOME keeps its data under ~/.config, created private, never in the current directory (POSIX modes)',
    async () => {
      const home = join(dir, 'home')
      const cwd = join(dir, 'cwd')
      await mkdir(home)
      await mkdir(cwd)
      const run = await lookup(['--history'], { HOME: home, XDG_CONFIG_HOME: '', STORE_INVENTORY_DATA_DIR: '' }, cwd)
      expect(run.stdout).toBe('No runs are saved in History yet.\n')
      expect(run.code).toBe(0)
      const data = join(home, '.config', 'Store Inventory Lookup')
      expect((await stat(join(home, '.config'))).mode & 0o777).toBe(0o700)
      expect((await stat(data)).mode & 0o777).toBe(0o700)
      expect((await stat(join(data, 'history.sqlite'))).mode & 0o777).toBe(0o600)
      expect(await readdir(cwd)).toEqual([])
    },
    60_000
  )

  it('refuses a relative STORE_INVENTORY_DATA_DIR in a sentence, exit 2', async () => {
    const run = await lookup(['--history'], { STORE_INVENTORY_DATA_DIR: 'data' })
    expect(run.stderr).toBe(
      'Error: STORE_INVENTORY_DATA_DIR is "data", which is not a full path; set it to a full path (one that starts at the root of a drive or folder tree) or leave it unset.\n'
    )
    expect(run.code).toBe(2)
  }, 60_000)
})
