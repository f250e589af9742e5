import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { exportToFile } from '../files/export/export-to-file'
import { existsSync } from 'node:fs'
import { journalPath } from '../files/temp-files'
import { AppError } from '../../shared/domain/app-error'
import { createLogger } from '../logging/logger'
import { createWorkerClient, type WorkerClient } from './worker-client'
import { linesOfColumn } from '../../shared/import-lines'
import { PART_ITEMS } from './worker-tasks'
import { runningThreads } from './thread-census'

const utf8 = (text: string) => new TextEncoder().encode(text)
let client: WorkerClient | null = null
const logLines: string[] = []

function worker(): WorkerClient {
  client = createWorkerClient({ log: createLogger((line) => logLines.push(line)) })
  return client
}

afterEach(async () => {
  await client?.close()
  client = null
})

describe('the worker thread', () => {
  it('reads an import, keeps its table, and gives one column and the other columns by row number', async () => {
    const files = worker()
    const summary = await files.run('import', {
      fileName: 'items.csv',
      bytes: utf8('Description,UPC,Case Pack\nSoap,012345678905,12\n\nMilk,,6\nTea,4006381333931,24\n')
    })
    expect(summary).toMatchObject({
      fileName: 'items.csv',
      hasHeader: true,
      suggestedColumn: 1,
      rowCount: 3,
      blankRows: { count: 1, lines: [3] }
    })
    expect(summary.importId).toMatch(/\S/)
    const source = { importId: summary.importId, column: 1 }
    expect(await files.run('column', source)).toEqual({
      lines: [2, 5],
      values: '012345678905\u00004006381333931',
      emptyRows: { count: 1, lines: [4] }
    })
    expect(await files.run('carried', { source, lines: [5, 2, 99] })).toEqual({
      columns: ['Description', 'Case Pack'],
      rows: ['Tea\u000024', 'Soap\u000012', null]
    })
  })

  it('sends long lists in parts and puts them back together in order', async () => {
    const files = worker()
    const rows = PART_ITEMS * 2 + 17
    const text = `gtin\n${Array.from({ length: rows }, (_, index) => String(index).padStart(14, '0')).join('\n')}\n`
    const summary = await files.run('import', { fileName: 'long.txt', bytes: utf8(text) })
    const column = await files.run('column', { importId: summary.importId, column: 0 })
    const lines = linesOfColumn(column)
    expect(lines).toHaveLength(rows)
    expect(lines.at(-1)).toEqual({ line: rows + 1, input: String(rows - 1).padStart(14, '0') })
    expect(lines[PART_ITEMS]).toEqual({ line: PART_ITEMS + 2, input: String(PART_ITEMS).padStart(14, '0') })
  })

  it('fails a task with the AppError the worker threw, and keeps serving', async () => {
    const files = worker()
    const error = await files.run('import', { fileName: 'empty.csv', bytes: new Uint8Array() }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'file_unreadable', message: expect.stringMatching(/empty/) })
    const gone = await files.run('column', { importId: 'no-such-import', column: 0 }).catch((caught: unknown) => caught)
    expect(gone).toMatchObject({ code: 'not_found', message: expect.stringMatching(/import it again/) })
    expect(await files.run('import', { fileName: 'one.txt', bytes: utf8('00012345678905\n') })).toMatchObject({ rowCount: 1 })
  })

  it('starts a new thread after the old one was stopped, and fails what was under way', async () => {
    const files = worker()
    const running = files.run('import', { fileName: 'one.txt', bytes: utf8('00012345678905\n') })
    const outcome = expect(running).rejects.toMatchObject({ code: 'cancelled' })
    await files.close()
    await outcome
    expect(await files.run('import', { fileName: 'one.txt', bytes: utf8('00012345678905\n') })).toMatchObject({ rowCount: 1 })
  })

  it('fails the tasks under way with a sentence when its thread dies mid-task, and runs the next task on a new thread', async () => {
    const problems: string[] = []
    client = createWorkerClient({ log: createLogger((line) => logLines.push(line)), onStopped: (error) => problems.push(error.message) })
    const files = client
    const text = `gtin\n${Array.from({ length: 50_000 }, (_, index) => String(index).padStart(14, '0')).join('\n')}\n`
    expect(await files.run('import', { fileName: 'one.txt', bytes: utf8('00012345678905\n') })).toMatchObject({ rowCount: 1 })
    const threads = runningThreads('Files and checks')
    expect(threads).toHaveLength(1)
    const first = files.run('import', { fileName: 'long.txt', bytes: utf8(text) }).catch((error: unknown) => error)
    // One task at a time: the second waits behind the first and cannot be answered before the thread ends.
    const second = files.run('import', { fileName: 'long.txt', bytes: utf8(text) }).catch((error: unknown) => error)
    await threads[0]?.terminate()
    const sentence =
      'The background worker for files stopped unexpectedly; the task it was doing was stopped; try it again. The details were written to the log.'
    expect(await second).toMatchObject({ code: 'internal', message: sentence })
    expect(await first).toSatisfy(
      (outcome) => (outcome as { message?: string }).message === sentence || (outcome as { rowCount?: number }).rowCount === 50_000
    )
    expect(problems).toEqual([sentence])
    expect(await files.run('import', { fileName: 'long.txt', bytes: utf8(text) })).toMatchObject({ rowCount: 50_000 })
    expect(runningThreads('Files and checks')[0]).not.toBe(threads[0])
  })

  it('writes an export sent in chunks, redacting every text with the values main knows, and notes its temporary file while it exists', async () => {
    const files = worker()
    const dir = await mkdtemp(join(tmpdir(), 'worker-export-'))
    try {
      const columns = [
        { label: 'Line', kind: 'number' as const },
        { label: 'Message', kind: 'text' as const }
      ]
      const journaled: boolean[] = []
      function* chunks() {
        for (const chunk of [0, 1, 2]) {
          if (chunk > 0) journaled.push(existsSync(journalPath(dir)))
          yield [{ name: 'Items', columns, rows: [[chunk + 2, `The server said: token s3cr3t-T0KEN-value, chunk ${chunk}`]] }]
        }
      }
      const path = join(dir, 'out.csv')
      const saved = await exportToFile(files, {
        path,
        format: 'csv',
        csvSeparator: 'semicolon',
        chunks: chunks(),
        journalDir: dir,
        redact: ['s3cr3t-T0KEN-value']
      })
      expect(saved).toEqual({ rows: 3 })
      const text = await readFile(path, 'utf8')
      expect(text).not.toContain('s3cr3t')
      // Semicolons between fields, as chosen: the comma in the text needs no quotes then.
      expect(text.split('\r\n').slice(1, 4)).toEqual(
        [0, 1, 2].map((chunk) => `${chunk + 2};The server said: token [redacted], chunk ${chunk}`)
      )
      // While it was written its temporary file was in the journal; once in place, neither is left.
      expect(journaled).toEqual([true, true])
      expect(await readdir(dir)).toEqual(['out.csv'])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('fails an export with the sentence for its cause, and logs the cause', async () => {
    const files = worker()
    const path = join(tmpdir(), 'no-such-folder-for-exports', 'out.xlsx')
    const failed = exportToFile(files, { path, format: 'xlsx', csvSeparator: 'comma', chunks: [], journalDir: null, redact: [] })
    await expect(failed).rejects.toMatchObject({ code: 'file_write_failed', message: expect.stringMatching(/no longer exists/) })
    expect(logLines.join('\n')).toMatch(/a file could not be written.*ENOENT/)
  })
})
