import ExcelJS from 'exceljs'
import { afterEach, describe, expect, it } from 'vitest'
import { linesOfColumn } from '../../../shared/import-lines'
import { createMemoryLogger } from '../../logging/logger'
import { unpackCells } from '../../workers/packed-cells'
import { createWorkerClient, type WorkerClient } from '../../workers/worker-client'
import { createImportService, ownBuffer } from './import-service'

let client: WorkerClient | null = null
afterEach(async () => {
  await client?.close()
  client = null
})

function imports() {
  client = createWorkerClient({ log: createMemoryLogger() })
  return createImportService(client)
}

async function workbook(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Items')
  sheet.addRow(['Description', 'UPC', 'Case Pack'])
  sheet.addRow(['Soap', '012345678905', 12])
  sheet.addRow(['Milk "2%"', '4006381333931', 6])
  sheet.addRow(['Tea\ttab', '00012345678905', 24])
  // A fresh array of its own, as a file read from the window or from disk arrives.
  return new Uint8Array(await book.xlsx.writeBuffer())
}

/** What the import gives back: its summary (without its id), the UPC column and the other columns by row. */
async function readBack(service: ReturnType<typeof imports>, bytes: Uint8Array) {
  const { importId, ...summary } = await service.read({ fileName: 'items.xlsx', bytes })
  const source = { importId, column: 1 }
  const lines = linesOfColumn(await service.column(source))
  const numbers = lines.map(({ line }) => line)
  const carried = await service.carried(source, numbers)
  const { rows, ...packed } = await service.carriedPacked(source, Float64Array.from(numbers))
  // The packed form, for a lookup's start, holds the same cells.
  expect({ ...packed, rows: unpackCells(rows) }).toEqual(carried)
  return { summary, lines, carried }
}

describe('the import service', () => {
  it("moves a workbook's bytes to the worker: main's buffer is detached after the hand-over, and the import reads the same", async () => {
    const service = imports()
    const bytes = await workbook()
    const size = bytes.byteLength
    const kept = bytes.slice()

    const read = await readBack(service, bytes)
    expect(bytes.byteLength).toBe(0)
    expect(bytes.buffer.byteLength).toBe(0)
    expect(read.summary).toMatchObject({ fileName: 'items.xlsx', format: 'xlsx', rowCount: 3, hasHeader: true, suggestedColumn: 1 })
    expect(read.lines).toEqual([
      { line: 2, input: '012345678905' },
      { line: 3, input: '4006381333931' },
      { line: 4, input: '00012345678905' }
    ])
    expect(read.carried).toEqual({ columns: ['Description', 'Case Pack'], rows: ['Soap\u000012', 'Milk "2%"\u00006', 'Tea\ttab\u000024'] })

    // A view on a larger buffer is copied instead, leaving the rest of that buffer to its other users; it reads the same.
    const larger = new Uint8Array(size + 64)
    larger.set(kept, 32)
    const view = larger.subarray(32, 32 + size)
    expect(await readBack(service, view)).toEqual(read)
    expect(view.byteLength).toBe(size)
    expect(larger.byteLength).toBe(size + 64)
  })

  it('moves only a buffer a view has to itself', () => {
    const own = new Uint8Array(8)
    expect(ownBuffer(own)).toEqual([own.buffer])
    expect(ownBuffer(own.subarray(0, 4))).toEqual([])
    expect(ownBuffer(own.subarray(4))).toEqual([])
    expect(ownBuffer(new Uint8Array(new SharedArrayBuffer(8)))).toEqual([])
    // Node's small Buffers are views on a shared pool.
    expect(ownBuffer(Buffer.from('0001234567890'))).toEqual([])
  })
})
