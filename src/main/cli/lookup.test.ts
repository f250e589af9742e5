import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi, type DemoApiHandle } from '../demo-api/demo-api'
import { parseDelimited } from '../files/delimited-text'
import { RESULT_COLUMNS, type ResultRow } from '../files/result-rows'

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

function lookup(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src/main/cli/lookup.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
        STORE_INVENTORY_DATA_DIR: join(dir, 'data'),
        INVENTORY_CLIENT_SECRET: '',
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
  expect(header?.cells).toEqual([...RESULT_COLUMNS])
  return records.map((record) => Object.fromEntries(RESULT_COLUMNS.map((column, i) => [column, record.cells[i] ?? ''])))
}

describe('npm run lookup', () => {
  it('looks up a CSV in Demo and writes CSV, one final state per line, exit 0', async () => {
    const input = join(dir, 'items.csv')
    await writeFile(input, 'Name,GTIN\r\nSoap,00012345678905\r\nMilk,614141000036\r\nBad,123\r\nAgain,00012345678905\r\nNo code,\r\n')
    const output = join(dir, 'out.csv')
    const run = await lookup(['--env', 'demo', '--store', '1234', '--input', input, '--output', output])
    expect(run.stderr).toContain('4 lines: 2 found, 0 not found, 1 invalid, 1 duplicate, 0 failed, 0 cancelled')
    expect(run.code).toBe(0)
    const rows = await csvRows(output)
    const byLine = new Map<string, Record<string, string>[]>()
    for (const row of rows) byLine.set(row.line ?? '', [...(byLine.get(row.line ?? '') ?? []), row])
    // Line 6 has no GTIN: like the app's import, the command skips it rather than calling it invalid.
    expect([...byLine.keys()]).toEqual(['2', '3', '4', '5'])
    expect(byLine.get('2')?.[0]).toMatchObject({ input: '00012345678905', status: 'found', store_nbr: '1234', gtin: '00012345678905' })
    expect(byLine.get('3')?.every((row) => row.status === 'found' && row.note === 'padded to 14 digits')).toBe(true)
    expect(byLine.get('4')).toEqual([expect.objectContaining({ status: 'invalid', error: expect.stringContaining('8, 12, 13 or 14') })])
    expect(byLine.get('5')).toEqual([expect.objectContaining({ status: 'duplicate', error: 'duplicate of line 2' })])
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.tmp$/))
  }, 60_000)

  it('reads an XLSX with numeric GTIN cells and writes an XLSX with text identifiers', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('List')
    sheet.addRow(['UPC'])
    sheet.addRow([12345678905])
    sheet.addRow([614141000036])
    const input = join(dir, 'items.xlsx')
    await book.xlsx.writeFile(input)
    const output = join(dir, 'out.xlsx')
    const run = await lookup(['--env', 'demo', '--store', '77', '--input', input, '--output', output])
    expect(run.code).toBe(0)
    const result = new ExcelJS.Workbook()
    await result.xlsx.readFile(output)
    const rows = result.worksheets[0]?.getSheetValues() ?? []
    expect(rows[1]).toEqual([undefined, ...RESULT_COLUMNS])
    const data = rows.slice(2).filter((row) => Array.isArray(row))
    expect(data.length).toBeGreaterThanOrEqual(2)
    const first = data[0] as unknown[]
    expect(first.slice(1, 7)).toEqual([2, '12345678905', '00012345678905', 'found', 77, '00012345678905'])
    expect(first[10]).toEqual(expect.any(Number))
    expect(data.map((row) => (row as unknown[])[1])).toContain(3)
  }, 60_000)

  it('reads a TXT of item numbers and writes JSON', async () => {
    const input = join(dir, 'items.txt')
    await writeFile(input, '555000111\n\n555000222\nabc\n')
    const output = join(dir, 'out.json')
    const run = await lookup(['--env', 'demo', '--store', '5', '--item-type', 'wm_item_number', '--input', input, '--output', output])
    expect(run.code).toBe(0)
    const rows = JSON.parse(await readFile(output, 'utf8')) as ResultRow[]
    const lines = [...new Set(rows.map((row) => row.line))]
    expect(lines).toEqual([1, 3, 4])
    for (const row of rows.filter((row) => row.line !== 4)) {
      expect(['found', 'not_found']).toContain(row.status)
      expect(row.wm_item_number).toBe(row.input)
    }
    expect(rows.find((row) => row.line === 4)).toMatchObject({ status: 'invalid', input: 'abc' })
  }, 60_000)

  it('prints the usage and exits 2 when a flag is missing or wrong, and 0 for --help', async () => {
    const missing = await lookup(['--env', 'demo', '--input', 'x.csv', '--output', 'y.csv'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--store is required')
    expect(missing.stderr).toContain('Usage: npm run lookup')
    const format = await lookup(['--env', 'demo', '--store', '1', '--input', 'x.csv', '--output', 'y.txt'])
    expect(format.code).toBe(2)
    expect(format.stderr).toContain('must end in .csv, .xlsx or .json')
    const help = await lookup(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--item-type gtin|wm_item_number')
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
        ['--env', 'sandbox', '--store', '9', '--input', input, '--output', output, '--client-id', 'demo-client', '--auth-url', demo.url, '--base-url', demo.url],
        { INVENTORY_CLIENT_SECRET: SECRET }
      )
      expect(run.stderr).toContain('2 failed')
      expect(run.code).toBe(1)
      expect(run.stderr + run.stdout).not.toContain(SECRET)
      const rows = JSON.parse(await readFile(output, 'utf8')) as ResultRow[]
      expect(rows.map((row) => [row.line, row.status])).toEqual([
        [2, 'failed'],
        [3, 'failed']
      ])
      for (const row of rows) expect(row.error).toMatch(/\S/)
      expect(demo.stats().searchRequests).toBeGreaterThan(1)
    }, 90_000)
  })
})
