import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import { receiveSheets, sendSheets } from './export-stream'

function sheet(row: number): ExportSheet[] {
  return [{ name: 'Items', columns: [{ label: 'Line', kind: 'number' }], rows: [[row]] }]
}

/** Chunks 1..count, counting how many were asked for; throws after `failAfter` when given. */
function chunks(count: number, failAfter?: number) {
  const pulled = { count: 0 }
  function* generate(): Generator<ExportSheet[]> {
    for (let row = 1; row <= count; row += 1) {
      if (row - 1 === failAfter) throw new Error('the history file could not be read')
      pulled.count += 1
      yield sheet(row)
    }
  }
  return { pulled, generate }
}

describe("an export's sheets sent from the thread that builds them to the one that writes them", () => {
  it('arrive all, in order, and the writer hears the end', async () => {
    const { port1, port2 } = new MessageChannel()
    const rows: unknown[] = []
    const written = receiveSheets(port2, (sheets) => rows.push(sheets[0]?.rows[0]?.[0]))
    expect(await sendSheets(chunks(7).generate(), port1)).toEqual({ chunks: 7 })
    await written
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('tell the writer when building fails, which then rejects instead of finishing the file', async () => {
    const { port1, port2 } = new MessageChannel()
    const rows: unknown[] = []
    const written = receiveSheets(port2, (sheets) => rows.push(sheets[0]?.rows[0]?.[0])).catch((error: unknown) => error)
    await expect(sendSheets(chunks(7, 3).generate(), port1)).rejects.toThrow('could not be read')
    expect(await written).toMatchObject({ code: 'internal', message: expect.stringMatching(/no file was saved/) as unknown })
    expect(rows).toEqual([1, 2, 3])
  })

  it('stop building soon after the writer fails, and the writer rejects with its own failure', async () => {
    const { port1, port2 } = new MessageChannel()
    const written = receiveSheets(port2, (sheets) => {
      if (sheets[0]?.rows[0]?.[0] === 2) throw new Error('the disk is full')
    }).catch((error: unknown) => error)
    const source = chunks(1_000)
    const sent = await sendSheets(source.generate(), port1)
    expect(await written).toMatchObject({ message: 'the disk is full' })
    // No more than two chunks wait for the writer: building stops within a few of the failure.
    expect(sent.chunks).toBeLessThanOrEqual(4)
    expect(source.pulled.count).toBeLessThanOrEqual(5)
  })

  it("end the writer with a sentence when the builder's end goes away before the last chunk", async () => {
    const { port1, port2 } = new MessageChannel()
    const written = receiveSheets(port2, () => undefined).catch((error: unknown) => error)
    port1.postMessage({ kind: 'sheets', sheets: sheet(1) })
    port1.close()
    expect(await written).toMatchObject({ message: expect.stringMatching(/stopped before all its rows were read/) as unknown })
  })

  it("end the builder without error when the writer's end goes away", async () => {
    const { port1, port2 } = new MessageChannel()
    const source = chunks(1_000)
    port2.close()
    expect((await sendSheets(source.generate(), port1)).chunks).toBeLessThanOrEqual(2)
  })
})
