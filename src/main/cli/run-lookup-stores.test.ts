import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LineResult } from '../../shared/domain/line-result'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { createDirectHistory } from '../history/test-support/direct-history'
import { checkJobInvariant } from '../jobs/job-invariant'
import { createMemoryLogger } from '../logging/logger'
import { createAppRoot } from '../composition-root'
import type { LookupIo } from './lookup-io'
import { runLookup } from './run-lookup'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-lookup-stores-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function io(): LookupIo & { err: string[] } {
  const err: string[] = []
  return {
    err,
    env: { STORE_INVENTORY_DATA_DIR: join(dir, 'data') },
    stdout: () => undefined,
    stderr: (text) => err.push(text),
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: () => createMemorySecretStore(),
    startServices: createAppRoot,
    onInterrupt: () => () => undefined
  }
}

async function itemNumbers(count: number): Promise<{ input: string; lines: { line: number; input: string }[] }> {
  const input = join(dir, 'in.txt')
  const values = Array.from({ length: count }, (_, i) => String(10_000_000 + i * 37))
  await writeFile(input, values.join('\n'))
  return { input, lines: values.map((value, i) => ({ line: i + 1, input: value })) }
}

/** Every store's final answer per line, from the History file, after checking each store and line ended once. */
function answersOf(jobId: number, lines: { line: number; input: string }[]): Map<number, Map<number, LineResult>> {
  const history = createDirectHistory({ dir: join(dir, 'data'), log: createMemoryLogger(), now: Date.now })
  try {
    const { entries } = history.log(jobId, 0, Number.MAX_SAFE_INTEGER)
    expect(checkJobInvariant(lines, entries)).toEqual([])
    const byStore = new Map<number, Map<number, LineResult>>()
    for (const entry of entries) {
      const store = byStore.get(entry.storeNbr) ?? new Map<number, LineResult>()
      store.set(entry.line, entry)
      byStore.set(entry.storeNbr, store)
    }
    return byStore
  } finally {
    history.close()
  }
}

type Outcome = 'Out of stock' | 'Shelf empty, backroom has stock' | 'Low stock' | 'In stock' | 'Not found' | 'Failed' | 'other'

/** The stock rules, written out again here so the command is not checked against its own code (low stock: 3 or fewer). */
function outcomeOf(result: LineResult): { outcome: Outcome; onHand: number | null } {
  if (result.status === 'not_found') return { outcome: 'Not found', onHand: null }
  if (result.status === 'failed') return { outcome: 'Failed', onHand: null }
  if (result.status !== 'found') return { outcome: 'other', onHand: null }
  const sum = (area: string | null, state: string) =>
    (result.item?.inventory_locations ?? [])
      .filter((location) => (area === null || location.location_area.toLowerCase() === area) && location.state.toLowerCase() === state)
      .reduce((total, location) => total + location.quantity, 0)
  const onShelf = sum('store', 'available')
  const backroom = sum('backroom', 'available')
  const onHand = sum(null, 'available')
  const outcome =
    onHand <= 0 ? 'Out of stock' : onShelf <= 0 && backroom > 0 ? 'Shelf empty, backroom has stock' : onHand <= 3 ? 'Low stock' : 'In stock'
  return { outcome, onHand }
}

const FOUND: ReadonlySet<Outcome> = new Set(['Out of stock', 'Shelf empty, backroom has stock', 'Low stock', 'In stock'])
const rate = (found: number, withStock: number) => (found === 0 ? null : Math.round((withStock / found) * 1000) / 10)

describe('the headless command with many stores', () => {
  it('--stores-file reads the stores column of a file and --view stores writes a row per store with its counts and in-stock rate', async () => {
    const { input, lines } = await itemNumbers(60)
    const storesFile = join(dir, 'district.csv')
    await writeFile(storesFile, ['Manager,Store Nbr', 'Ann,100', 'Bo,101-103', 'Cy,101', 'Di,2001'].join('\n'))
    const output = join(dir, 'stores.json')
    const terminal = io()
    const code = await runLookup(
      [
        '--env',
        'demo',
        '--stores-file',
        storesFile,
        '--item-type',
        'wm_item_number',
        '--view',
        'stores',
        '--input',
        input,
        '--output',
        output
      ],
      terminal
    )
    expect(terminal.err.join('')).toContain(
      `Reading 5 stores from "Store Nbr" in ${storesFile}. One store was listed twice; it is looked up once.`
    )
    expect(code).toBe(0)

    const stores = [100, 101, 102, 103, 2001]
    const answers = answersOf(1, lines)
    expect([...answers.keys()].sort((a, b) => a - b)).toEqual(stores)
    const document = JSON.parse(await readFile(output, 'utf8')) as { view: string; rows: Array<Record<string, unknown>> }
    expect(document.view).toBe('stores')
    const rows = document.rows
    expect(rows.map((row) => row.store)).toEqual(stores)
    const rates = new Set<number | null>()
    for (const row of rows) {
      const outcomes = [...(answers.get(row.store as number)?.values() ?? [])].map(outcomeOf)
      const count = (outcome: Outcome) => outcomes.filter((one) => one.outcome === outcome).length
      const found = outcomes.filter((one) => FOUND.has(one.outcome))
      const withStock = found.filter((one) => (one.onHand ?? 0) > 0).length
      // For scripts the rate is a fraction of the counts (1 = 100 %), not the screen's rounded percentage.
      const storeRate = found.length === 0 ? null : withStock / found.length
      rates.add(storeRate)
      expect(row).toEqual({
        store: row.store,
        progress: 'done',
        valuesFound: found.length,
        outOfStock: count('Out of stock'),
        shelfEmpty: count('Shelf empty, backroom has stock'),
        lowStock: count('Low stock'),
        notFound: count('Not found'),
        failed: 0,
        cancelled: 0,
        inStockRate: storeRate
      })
    }
    expect(rates.size, 'the Demo API stocks each store its own way').toBeGreaterThan(1)
  }, 120_000)

  it('a --stores-file with a bad entry exits 2 naming it, and writes nothing', async () => {
    const { input } = await itemNumbers(5)
    const storesFile = join(dir, 'bad.csv')
    await writeFile(storesFile, ['Store', '100', '12a', '0'].join('\n'))
    const output = join(dir, 'never.json')
    const terminal = io()
    expect(
      await runLookup(['--env', 'demo', '--stores-file', storesFile, '--view', 'matrix', '--input', input, '--output', output], terminal)
    ).toBe(2)
    expect(terminal.err.join('')).toContain(`Error: --stores-file ${storesFile}, column "Store": "12a" and "0" are not store numbers`)
    await expect(readFile(output)).rejects.toThrow(/ENOENT/)
  })

  it('--store 100,200-210 --view matrix writes an XLSX with a column per store, On hand filled by status and the rate per item', async () => {
    const { input, lines } = await itemNumbers(40)
    const output = join(dir, 'matrix.xlsx')
    const terminal = io()
    const code = await runLookup(
      [
        '--env',
        'demo',
        '--store',
        '100,200-210',
        '--item-type',
        'wm_item_number',
        '--view',
        'matrix',
        '--input',
        input,
        '--output',
        output
      ],
      terminal
    )
    expect(terminal.err.join('')).toContain('12 stores (100, 200-210)')
    expect(code).toBe(0)
    const stores = [100, ...Array.from({ length: 11 }, (_, i) => 200 + i)]
    const answers = answersOf(1, lines)

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(output)
    const sheet = workbook.worksheets[0]
    expect(sheet?.name).toBe('Matrix')
    const header = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1)
    expect(header).toEqual(['Input', 'Line', 'GTIN', 'Walmart item number', ...stores.map((store) => `Store ${store}`), 'In-stock rate'])
    expect((sheet?.rowCount ?? 0) - 1).toBe(lines.length)

    const fills = new Map<Outcome, string>()
    for (const { line, input: value } of lines) {
      const row = sheet?.getRow(line + 1)
      expect(row?.getCell(1).value).toBe(value)
      expect(row?.getCell(2).value).toBe(line)
      let found = 0
      let withStock = 0
      stores.forEach((store, index) => {
        const result = answers.get(store)?.get(line)
        if (result === undefined) throw new Error(`store ${store} has no answer for line ${line}`)
        const { outcome, onHand } = outcomeOf(result)
        const cell = row?.getCell(5 + index)
        if (FOUND.has(outcome)) {
          found += 1
          if ((onHand ?? 0) > 0) withStock += 1
          expect(cell?.value, `store ${store} line ${line}`).toBe(onHand)
        } else {
          expect(cell?.value, `store ${store} line ${line}`).toBe(outcome)
        }
        const argb = cell?.fill?.type === 'pattern' ? cell.fill.fgColor?.argb : undefined
        expect(argb, `fill of store ${store} line ${line}`).toMatch(/^FF[0-9A-F]{6}$/)
        const known = fills.get(outcome)
        if (known === undefined) fills.set(outcome, argb ?? '')
        else expect(argb, `every "${outcome}" has one fill`).toBe(known)
      })
      expect(row?.getCell(5 + stores.length).value ?? null, `rate of line ${line}`).toBe(rate(found, withStock))
    }
    const foundFills = [...FOUND].flatMap((outcome) => fills.get(outcome) ?? [])
    expect(foundFills.length, 'the Demo API answers more than one stock status').toBeGreaterThan(1)
    expect(new Set(foundFills).size, 'each stock status its own fill').toBe(foundFills.length)
  }, 120_000)
})
