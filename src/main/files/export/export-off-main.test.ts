import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExportFormat } from '../../../shared/contract'
import { buildExportSheets, defaultExportSpec } from '../../../shared/export/build-export'
import type { ExportViewSpec } from '../../../shared/export/export-spec'
import { ITEM_NAME_COLUMN } from '../../../shared/items/item-name-column'
import { CELL_SEPARATOR } from '../import/imported-table'
import { answerBatchOf } from '../../history/answer-batch'
import { currentInPages, type HistoryReader } from '../../history/history-reader'
import { startHistoryReaderThread, startHistoryThread } from '../../history/history-thread'
import { valuesToLookUp } from '../../history/test-support/values-to-look-up'
import type { AnswerRow } from '../../history/history-types'
import type { HistoryWriter } from '../../history/history-writer'
import { encodeItem } from '../../history/item-batch'
import { createDirectHistory, type DirectHistory } from '../../history/test-support/direct-history'
import { ENDED_WITH_NO_FIGURES, NO_FIGURES, sampleItem, sampleLookup } from '../../history/test-support/sample-lookups'
import { asLines, validGtins } from '../../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../../logging/logger'
import { runningThreads } from '../../workers/thread-census'
import { createWorkerClient, type WorkerClient } from '../../workers/worker-client'
import { journalPath } from '../temp-files'
import { createExportService, type ExportService } from './export-service'
import { exportToFile } from './export-to-file'

const NOW = 1_750_000_000_000
/**
 * Until an export is under way: the files worker and History's reader both start with it, which takes
 * seconds on a busy machine; looked at often, as the export may take well under a second once they run.
 */
const UNDER_WAY = { timeout: 20_000, interval: 10 }
const READER_STOPPED = {
  code: 'internal',
  message: "History's reader stopped unexpectedly; what it was reading was not shown; try again. The details were written to the log."
}
let dir: string
let store: DirectHistory
let writer: HistoryWriter
let reader: HistoryReader
let worker: WorkerClient
let exports: ExportService

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-off-main-'))
  const log = createMemoryLogger()
  store = createDirectHistory({ dir, log, now: () => NOW })
  writer = startHistoryThread({ path: store.path ?? '', owner: store.owner, now: () => NOW, log })
  reader = startHistoryReaderThread({ path: store.path ?? '', owner: store.owner, log })
  worker = createWorkerClient({ log })
  exports = createExportService({ history: store, reader, worker, journalDir: dir, redactor: log.redactor, now: () => NOW })
})
afterEach(async () => {
  await worker.close()
  await reader.close()
  await writer.close()
  store.close()
  await rm(dir, { recursive: true, force: true })
})

/** A finished lookup of `count` values in stores 1 and 2 with an item name and a carried column; store 2 has no answer for every fifth line. */
async function storedLookup(count: number): Promise<number> {
  const inputs = validGtins(count)
  const created = await writer.createLookup({
    lookup: sampleLookup([], { carriedColumns: [ITEM_NAME_COLUMN, 'Case Pack'], stores: [1, 2], startedAt: NOW }),
    lines: asLines(inputs),
    carried: inputs.map((_value, index) => (index % 4 === 0 ? null : `Milk ${index}${CELL_SEPARATOR}${index % 12}`))
  })
  for (const storeNbr of [1, 2]) {
    const rows = valuesToLookUp(created)
      .filter((_line, index) => storeNbr === 1 || index % 5 !== 0)
      .map(({ line, value }, index): AnswerRow =>
        index % 7 === 3
          ? { storeNbr, line, status: 'not_found' }
          : { storeNbr, line, status: 'found', item: encodeItem(sampleItem(value, line)) }
      )
    for (let start = 0; start < rows.length; start += 1_000)
      await writer.appendResults(created.id, [answerBatchOf(rows.slice(start, start + 1_000))], NO_FIGURES)
  }
  await writer.finishRun(created.id, 'finished', ENDED_WITH_NO_FIGURES, NOW)
  return created.id
}

/** The file the export wrote before it moved off main: every result read at once, built in one go on main, written by the worker. */
async function builtOnMain(id: number, spec: ExportViewSpec, format: ExportFormat): Promise<string> {
  const lookup = store.lookup(id)
  if (lookup === null) throw new Error('the lookup is gone')
  const results = (await currentInPages(reader, id, { carried: true })).map(({ result }) => result)
  const sheets = buildExportSheets({ ...lookup, results }, spec)
  const path = join(dir, `on-main.${format}`)
  await exportToFile(worker, { path, format, csvSeparator: 'comma', chunks: [sheets], journalDir: dir, redact: [] })
  return readFile(path, 'utf8')
}

async function leftovers(): Promise<string[]> {
  const files = await readdir(dir)
  return files.filter((name) => name.includes('.tmp') || name.startsWith('.')).concat(existsSync(journalPath(dir)) ? ['journal'] : [])
}

describe("a lookup's export built on History's reader thread and written by the files worker", () => {
  it('writes exactly the cells the screen shows: chosen columns in their order, filtered rows across stores, item names and carried cells', async () => {
    const id = await storedLookup(1_300)
    const items = defaultExportSpec('items', [ITEM_NAME_COLUMN, 'Case Pack'], 3, [1, 2])
    const lines = [1_200, 2, 5, 5, 641, 1_001, 3, 6]
    const specs: ExportViewSpec[] = [
      { ...items, columns: ['carried:1', 'carried:0', 'status', 'gtin', 'store'], rows: { lines, stores: [2, 1, 1, 2, 2, 1, 2, 2] } },
      { ...defaultExportSpec('locations', [ITEM_NAME_COLUMN, 'Case Pack'], 5, [1, 2]), rows: null },
      { ...defaultExportSpec('matrix', [ITEM_NAME_COLUMN, 'Case Pack'], 3, [1, 2]), rows: { lines: [9, 1_300, 4, 10] } },
      defaultExportSpec('by-item', [ITEM_NAME_COLUMN, 'Case Pack'], 3, [1, 2]),
      { ...defaultExportSpec('stores', [], 3, [1, 2]), rows: { stores: [2, 1] } }
    ]
    for (const spec of specs) {
      for (const format of ['csv', 'json'] as const) {
        const path = join(dir, `off-main.${format}`)
        const { rows } = await exports.writeResults(String(id), spec, path, format)
        const written = await readFile(path, 'utf8')
        expect(written, `${spec.view} as ${format}`).toBe(await builtOnMain(id, spec, format))
        expect(rows).toBeGreaterThan(0)
      }
    }
    const chosen = join(dir, 'chosen.csv')
    await exports.writeResults(String(id), specs[0] ?? items, chosen, 'csv')
    const [header, first] = (await readFile(chosen, 'utf8')).split(/\r?\n/)
    expect(header).toBe('\uFEFFCase Pack,Item name,Stock status,GTIN,Store')
    expect(first).toMatch(/^\d+,Milk 1199,/)
    expect(await leftovers()).toEqual([])
  })

  it("fails with the reader's sentence when its thread ends mid-export, and leaves no temporary file nor journal line", async () => {
    const id = await storedLookup(6_000)
    const path = join(dir, 'interrupted.xlsx')
    const exported = exports.writeResults(String(id), defaultExportSpec('items', [ITEM_NAME_COLUMN, 'Case Pack'], 3, [1, 2]), path, 'xlsx')
    const outcome = exported.catch((error: unknown) => error)
    // The export is under way once the files worker has noted its temporary file.
    await vi.waitFor(() => expect(existsSync(journalPath(dir))).toBe(true), UNDER_WAY)
    await runningThreads('History reads')[0]?.terminate()
    expect(await outcome).toMatchObject(READER_STOPPED)
    expect(existsSync(path)).toBe(false)
    expect(await leftovers()).toEqual([])
    // A thread started afresh exports it whole.
    expect(await exports.writeResults(String(id), defaultExportSpec('items', [], 3, [1, 2]), path, 'xlsx')).toEqual({ rows: 6_000 + 4_800 })
  })

  it("fails with the reader's sentence when its thread ends as soon as the channel's end is posted to it, while the files worker still opens the file", async () => {
    const id = await storedLookup(100)
    // The builder's end is gone before the files worker listens to its own: the worker must hear it anyway.
    const endingReader: Pick<HistoryReader, 'exportSheets'> = {
      exportSheets(lookupId, spec, port) {
        const building = reader.exportSheets(lookupId, spec, port)
        void runningThreads('History reads')[0]?.terminate()
        return building
      }
    }
    const ending = createExportService({
      history: store,
      reader: endingReader,
      worker,
      journalDir: dir,
      redactor: createMemoryLogger().redactor,
      now: () => NOW
    })
    const path = join(dir, 'never-read.csv')
    await expect(ending.writeResults(String(id), defaultExportSpec('items', [], 3, [1, 2]), path, 'csv')).rejects.toMatchObject(
      READER_STOPPED
    )
    expect(existsSync(path)).toBe(false)
    expect(await leftovers()).toEqual([])
    expect(await exports.writeResults(String(id), defaultExportSpec('items', [], 3, [1, 2]), path, 'csv')).toEqual({ rows: 100 + 80 })
  })

  it("fails with the writer's sentence when the file cannot be written, and the reader stops building", async () => {
    const id = await storedLookup(3_000)
    const gone = join(dir, 'gone')
    await expect(
      exports.writeResults(String(id), defaultExportSpec('items', [], 3, [1, 2]), join(gone, 'items.csv'), 'csv')
    ).rejects.toMatchObject({
      code: 'file_write_failed',
      message: `The folder ${gone} no longer exists. Choose another folder and export again.`
    })
    expect(await leftovers()).toEqual([])
    expect((await reader.log(id, 0, 10)).entries).toHaveLength(10)
  })

  it('stops building when the files worker is stopped mid-export (the app closing), and History reads on', async () => {
    const id = await storedLookup(6_000)
    const path = join(dir, 'closing.csv')
    const outcome = exports
      .writeResults(String(id), defaultExportSpec('items', [], 3, [1, 2]), path, 'csv')
      .catch((error: unknown) => error)
    await vi.waitFor(() => expect(existsSync(journalPath(dir))).toBe(true), UNDER_WAY)
    await worker.close()
    expect(await outcome).toMatchObject({ code: 'cancelled', message: 'The app is closing; the task was stopped.' })
    expect(existsSync(path)).toBe(false)
    // The reader's export ended with its writer: the thread answers the next read.
    expect((await reader.log(id, 0, 10)).entries).toHaveLength(10)
  })
})
