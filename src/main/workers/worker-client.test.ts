import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { createLogger } from '../logging/logger'
import { createWorkerClient, type WorkerClient } from './worker-client'
import { PART_ITEMS } from './worker-tasks'

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
    expect(summary).toMatchObject({ fileName: 'items.csv', hasHeader: true, suggestedColumn: 1, rowCount: 3, blankRows: { count: 1, lines: [3] } })
    expect(summary.importId).toMatch(/\S/)
    const source = { importId: summary.importId, column: 1 }
    expect(await files.run('column', source)).toEqual({
      lines: [2, 5],
      values: ['012345678905', '4006381333931'],
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
    expect(column.values).toHaveLength(rows)
    expect(column.lines.at(-1)).toBe(rows + 1)
    expect(column.values.at(-1)).toBe(String(rows - 1).padStart(14, '0'))
    const { validated } = await files.run('validate', { lines: column.lines, inputs: column.values, itemType: 'wm_item_number' })
    expect(validated).toHaveLength(rows)
    expect(validated[PART_ITEMS]).toMatchObject({ line: PART_ITEMS + 2 })
  })

  it('fails a task with the AppError the worker threw, and keeps serving', async () => {
    const files = worker()
    const error = await files.run('import', { fileName: 'empty.csv', bytes: new Uint8Array() }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'file_unreadable', message: expect.stringMatching(/empty/) })
    const gone = await files.run('column', { importId: 'no-such-import', column: 0 }).catch((caught: unknown) => caught)
    expect(gone).toMatchObject({ code: 'not_found', message: expect.stringMatching(/import it again/) })
    const { validated } = await files.run('validate', { lines: [1], inputs: ['abc'], itemType: 'gtin' })
    expect(validated[0]).toMatchObject({ kind: 'invalid' })
  })

  it('starts a new thread after the old one was stopped, and fails what was under way', async () => {
    const files = worker()
    const running = files.run('validate', { lines: [1], inputs: ['00012345678905'], itemType: 'gtin' })
    const outcome = expect(running).rejects.toMatchObject({ code: 'cancelled' })
    await files.close()
    await outcome
    const { validated } = await files.run('validate', { lines: [1], inputs: ['00012345678905'], itemType: 'gtin' })
    expect(validated[0]).toMatchObject({ kind: 'valid', value: '00012345678905' })
  })
})
