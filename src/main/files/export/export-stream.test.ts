import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import { receiveSheets, sendSheets, type ToWriter } from './export-stream'

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

/** A file already open, writing each chunk with `add`. */
function opened(add: (sheets: ExportSheet[]) => void): Promise<(sheets: ExportSheet[]) => void> {
  return Promise.resolve(add)
}

/** The writer's end of `port`, its file open, keeping the line of each chunk it writes. */
function writing(port: MessagePort): { rows: unknown[]; written: Promise<void> } {
  const rows: unknown[] = []
  return {
    rows,
    written: receiveSheets(
      port,
      opened((sheets) => rows.push(sheets[0]?.rows[0]?.[0]))
    )
  }
}

/**
 * The builder sends `messages` and its end goes away, all of it heard by the writer's end while the
 * file is still being opened; then the file opens. What the writer ended with and the rows it wrote.
 */
async function sentBeforeOpen(messages: ToWriter[]): Promise<{ outcome: unknown; rows: unknown[] }> {
  const { port1, port2 } = new MessageChannel()
  const rows: unknown[] = []
  let open: (add: (sheets: ExportSheet[]) => void) => void = () => undefined
  const opening = new Promise<(sheets: ExportSheet[]) => void>((resolve) => (open = resolve))
  const written = receiveSheets(port2, opening).catch((error: unknown) => error)
  const closed = new Promise((resolve) => port2.once('close', resolve))
  for (const message of messages) port1.postMessage(message)
  port1.close()
  await closed
  open((sheets) => rows.push(sheets[0]?.rows[0]?.[0]))
  return { outcome: await written, rows }
}

describe("an export's sheets sent from the thread that builds them to the one that writes them", () => {
  it('arrive all, in order, and the writer hears the end', async () => {
    const { port1, port2 } = new MessageChannel()
    const { rows, written } = writing(port2)
    expect(await sendSheets(chunks(7).generate(), port1)).toEqual({ chunks: 7 })
    await written
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('tell the writer when building fails, which then rejects instead of finishing the file', async () => {
    const { port1, port2 } = new MessageChannel()
    const { rows, written } = writing(port2)
    await expect(sendSheets(chunks(7, 3).generate(), port1)).rejects.toThrow('could not be read')
    await expect(written).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/no file was saved/) as unknown })
    expect(rows).toEqual([1, 2, 3])
  })

  it('stop building soon after the writer fails, and the writer rejects with its own failure', async () => {
    const { port1, port2 } = new MessageChannel()
    const written = receiveSheets(
      port2,
      opened((sheets) => {
        if (sheets[0]?.rows[0]?.[0] === 2) throw new Error('the disk is full')
      })
    ).catch((error: unknown) => error)
    const source = chunks(1_000)
    const sent = await sendSheets(source.generate(), port1)
    expect(await written).toMatchObject({ message: 'the disk is full' })
    // No more than two chunks wait for the writer: building stops within a few of the failure.
    expect(sent.chunks).toBeLessThanOrEqual(4)
    expect(source.pulled.count).toBeLessThanOrEqual(5)
  })

  it("end the writer with a sentence when the builder's end goes away before the last chunk", async () => {
    const { port1, port2 } = new MessageChannel()
    const written = receiveSheets(
      port2,
      opened(() => undefined)
    ).catch((error: unknown) => error)
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

  it('write what the builder sent before the file was open, and finish when it ended then', async () => {
    expect(await sentBeforeOpen([{ kind: 'sheets', sheets: sheet(1) }, { kind: 'end' }])).toEqual({ outcome: undefined, rows: [1] })
  })

  it("end the writer with a sentence when the builder's end went away before the file was open", async () => {
    expect(await sentBeforeOpen([{ kind: 'sheets', sheets: sheet(1) }])).toMatchObject({
      outcome: { message: expect.stringMatching(/stopped before all its rows were read/) as unknown },
      rows: [1]
    })
    expect(await sentBeforeOpen([])).toMatchObject({ outcome: { code: 'internal' }, rows: [] })
  })

  it('close the channel with the reason opening the file failed', async () => {
    const { port1, port2 } = new MessageChannel()
    const builderHeard = new Promise((resolve) => port1.once('close', resolve))
    const written = receiveSheets(port2, Promise.reject(new Error('the folder is gone')))
    await expect(written).rejects.toThrow('the folder is gone')
    await builderHeard
  })
})
