import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compareRowKey } from '../../../shared/compare/compare-columns'
import { defaultExportSpec } from '../../../shared/export/build-export'
import { createCompareService } from '../../history/compare-service'
import { createInThreadReader } from '../../history/history-reader'
import { withDirectAccess, type DirectHistory } from '../../history/test-support/direct-history'
import { NO_FIGURES, sampleItem, sampleLines, sampleLookup, valueFor } from '../../history/test-support/sample-lookups'
import { createHistoryStore } from '../../history/history-store'
import { createMemoryLogger } from '../../logging/logger'
import { createWorkerClient, type WorkerClient } from '../../workers/worker-client'
import { createExportService } from './export-service'
import { encodeItem } from '../../history/item-batch'

let dir: string
let history: DirectHistory
let worker: WorkerClient
const NOW = Date.UTC(2025, 0, 10, 9, 0)

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-service-'))
  history = withDirectAccess(createHistoryStore({ dir: null, log: createMemoryLogger(), now: () => NOW }), () => NOW)
  worker = createWorkerClient({ log: createMemoryLogger() })
})
afterEach(async () => {
  await worker.close()
  history.close()
  await rm(dir, { recursive: true, force: true })
})

function service(secret = 'no secret in these rows') {
  const log = createMemoryLogger()
  log.redact(secret)
  const reader = createInThreadReader(history.operations())
  const exports = createExportService({ history, reader, worker, journalDir: dir, redactor: log.redactor, now: () => NOW })
  return { exports, comparisons: createCompareService({ history, reader, lowStockLevel: () => 3 }) }
}

/** A finished lookup of `count` lines in store 1234 with carried columns; line n has n x `perLine` on hand. */
function finished(count: number, perLine: number, startedAt: number): number {
  const { id } = history.createLookup(
    sampleLookup(sampleLines(count, { carried: true }), { carriedColumns: ['Description', 'Case Pack'], startedAt })
  )
  const lines = Array.from({ length: count }, (_, index) => index + 1)
  history.appendResults(
    id,
    lines.map((line) => ({ storeNbr: 1234, line, status: 'found' as const, item: encodeItem(sampleItem(valueFor(line), line * perLine)) })),
    NO_FIGURES
  )
  history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
  return id
}

describe('the export service', () => {
  it("names a lookup's export as the save dialog offers it, and writes what the view shows with the carried cells, slice by slice", async () => {
    const { exports } = service()
    const id = finished(1_201, 1, NOW)
    expect(exports.resultsFileName(String(id), 'items', 'csv')).toBe('inventory-demo-store1234-20250110-0900-items.csv')
    const path = join(dir, 'items.csv')
    const spec = defaultExportSpec('items', ['Description', 'Case Pack'], 3)
    expect(await exports.writeResults(String(id), spec, path, 'csv')).toEqual({ rows: 1_201 })
    const lines = (await readFile(path, 'utf8')).trim().split(/\r?\n/)
    expect(lines).toHaveLength(1_202)
    expect(lines[0]).toContain('Description')
    expect(lines[1_201]).toContain('Description 1201')
    // Redacted on the worker with what main's redactor knows: a cell a server echoed a secret into shows none.
    const guarded = service('Description 1200').exports
    await guarded.writeResults(String(id), spec, path, 'csv')
    const written = await readFile(path, 'utf8')
    expect(written).not.toContain('Description 1200,')
    expect(written).toContain('[redacted]')
    expect(written).toContain('Description 1201')
    expect(() => exports.resultsFileName('999', 'items', 'csv')).toThrow(/no longer in History/)
  })

  it("writes a comparison whole, or only the window's rows and columns in its order", async () => {
    const { exports, comparisons } = service()
    const then = finished(3, 5, NOW)
    const now = finished(3, 6, NOW + 86_400_000)
    const comparison = await comparisons.compare(then, now)
    expect(exports.comparisonFileName(comparison, 'json')).toBe('inventory-compare-demo-store1234-20250110-0900-vs-20250111-0900.json')

    const whole = join(dir, 'whole.json')
    expect(await exports.writeComparison(comparison, whole, 'json')).toEqual({ rows: 3 })
    const chosen = join(dir, 'chosen.json')
    const keys = [comparison.rows[2], comparison.rows[0]].map((row) => (row === undefined ? '' : compareRowKey(row)))
    expect(await exports.writeComparison(comparison, chosen, 'json', { rows: keys, columns: ['value', 'change'] })).toEqual({ rows: 2 })
    const rows = JSON.parse(await readFile(chosen, 'utf8')) as Record<string, unknown>[]
    expect(rows.map((row) => Object.keys(row))).toEqual([
      ['Value', 'Change'],
      ['Value', 'Change']
    ])
    expect(rows.map((row) => row.Value)).toEqual([valueFor(3), valueFor(1)])
  })

  it("separates a CSV's fields with the semicolon when asked, for a lookup and a comparison alike", async () => {
    const { exports, comparisons } = service()
    const then = finished(2, 5, NOW)
    const now = finished(2, 6, NOW + 86_400_000)
    const results = join(dir, 'results.csv')
    await exports.writeResults(String(now), defaultExportSpec('items', [], 3), results, 'csv', 'semicolon')
    const [header = ''] = (await readFile(results, 'utf8')).split(/\r?\n/)
    expect(header.split(';').length).toBeGreaterThan(2)
    expect(header).not.toContain(',')

    const compared = join(dir, 'compared.csv')
    const comparison = await comparisons.compare(then, now)
    await exports.writeComparison(comparison, compared, 'csv', { rows: null, columns: ['value', 'change'] }, 'semicolon')
    expect((await readFile(compared, 'utf8')).split(/\r?\n/)[0]).toBe('\uFEFFValue;Change')
  })
})
