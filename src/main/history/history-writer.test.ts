import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import { startHistoryThread } from './history-thread'
import { valuesToLookUp } from './test-support/values-to-look-up'
import { answerBatchOf } from './answer-batch'
import type { AnswerBatch, AnswerRow } from './history-types'
import { createInThreadWriter, type HistoryWriter } from './history-writer'
import type { NewLookupRequest } from './lookup-request'
import { NO_FIGURES, sampleItem } from './test-support/sample-lookups'
import { encodeItem } from './item-batch'
import { encodeItemBytes } from './item-bytes'

let dir: string
let clock: number
const opened: { store: DirectHistory; writer: HistoryWriter }[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-writer-'))
  clock = 1_750_000_000_000
})
afterEach(async () => {
  for (const { store, writer } of opened.splice(0)) {
    await writer.close()
    store.close()
  }
  rmSync(dir, { recursive: true, force: true })
})

/** The two writers the app uses: History's thread on the file, and main's own connection for a history in memory. */
const WRITERS = {
  "History's thread": (): { store: DirectHistory; writer: HistoryWriter } => {
    const store = createDirectHistory({ dir, log: createMemoryLogger(), now: () => clock })
    const path = store.path
    if (path === null) throw new Error('the history file did not open')
    return { store, writer: startHistoryThread({ path, owner: store.owner, now: () => clock, log: createMemoryLogger() }) }
  },
  'main, for a history in memory': (): { store: DirectHistory; writer: HistoryWriter } => {
    const store = createDirectHistory({ dir: null, log: createMemoryLogger(), now: () => clock })
    return { store, writer: createInThreadWriter(store.operations(), () => clock) }
  }
}

function request(inputs: string[], overrides: Partial<NewLookupRequest['lookup']> = {}, carried?: (string | null)[]): NewLookupRequest {
  return {
    lookup: {
      environment: 'demo',
      authUrl: 'http://127.0.0.1:9',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'demo-client',
      itemType: 'gtin',
      source: 'app',
      carriedColumns: carried === undefined ? [] : ['Description', 'Case Pack'],
      stores: [1234],
      startedAt: clock,
      ...overrides
    },
    lines: asLines(inputs),
    ...(carried === undefined ? {} : { carried })
  }
}

function answered(lines: readonly { line: number; value: string }[], status: 'found' | 'not_found'): AnswerBatch {
  return answerBatchOf(
    lines.map(({ line, value }): AnswerRow =>
      status === 'found' ? { storeNbr: 1234, line, status, item: encodeItem(sampleItem(value, line)) } : { storeNbr: 1234, line, status }
    )
  )
}

describe.each(Object.entries(WRITERS))('the history writer on %s', (name, open) => {
  function start() {
    const pair = open()
    opened.push(pair)
    return pair
  }

  it('validates and stores a new lookup: invalid lines and duplicates answered at once, the rest given back to look up, carried cells kept', async () => {
    const { store, writer } = start()
    const [first, second] = validGtins(2)
    const carried = [`Oat milk${CELL_SEPARATOR}6`, null, `Rye${CELL_SEPARATOR}12`, `Soap${CELL_SEPARATOR}24`]
    const created = await writer.createLookup(request([first ?? '', 'not a gtin', second ?? '', first ?? ''], {}, carried))
    expect(valuesToLookUp(created)).toEqual([
      { line: 1, value: first },
      { line: 3, value: second }
    ])
    const lookup = store.lookup(created.id)
    expect(lookup).toMatchObject({
      state: 'running',
      lines: 4,
      counts: { invalid: 1, duplicate: 1 },
      carriedColumns: ['Description', 'Case Pack'],
      startedAt: clock
    })
    expect(store.log(created.id, 0, 10).entries.map((entry) => [entry.line, entry.status])).toEqual([
      [2, 'invalid'],
      [4, 'duplicate']
    ])
    expect(store.carriedCells(created.id, [1, 2, 3])).toEqual(
      new Map([
        [1, ['Oat milk', '6']],
        [2, ['', '']],
        [3, ['Rye', '12']]
      ])
    )
  })

  it('keeps the order writes were asked in: answers asked before the cancel are kept, and only the rest are cancelled', async () => {
    const { store, writer } = start()
    const created = await writer.createLookup(request(validGtins(250)))
    const lines = valuesToLookUp(created)
    // Not awaited one by one: main goes on while the thread writes.
    const counts = [
      writer.appendResults(created.id, [answered(lines.slice(0, 100), 'found')], NO_FIGURES),
      writer.appendResults(created.id, [answered(lines.slice(100, 200), 'not_found')], NO_FIGURES)
    ]
    // Written after the answers still on their way, but ended when Cancel was pressed.
    const cancelledAt = clock - 2_000
    const finished = writer.finishRun(created.id, 'cancelled', { ...NO_FIGURES, valuesPerSecond: 0 }, cancelledAt)
    expect(await Promise.all(counts)).toEqual([100, 200])
    await finished
    expect(store.lookup(created.id)).toMatchObject({
      state: 'cancelled',
      finishedAt: cancelledAt,
      resultsCount: 250,
      counts: { found: 100, not_found: 100, cancelled: 50 }
    })
    const statuses = new Map(store.current(created.id).map(({ result }) => [result.line, result.status]))
    expect(statuses.size).toBe(250)
    expect([statuses.get(1), statuses.get(101), statuses.get(201)]).toEqual(['found', 'not_found', 'cancelled'])
  })

  it("writes several batches as one, in order, moving at most their spares: the batches' own bytes stay the caller's", async () => {
    const { store, writer } = start()
    const created = await writer.createLookup(request(validGtins(6)))
    const lines = valuesToLookUp(created)
    /** Found, with its items as a search reply gives them: a spare copy beside the bytes. */
    const replied = (slice: typeof lines): AnswerBatch => ({
      ...answered(slice, 'found'),
      items: encodeItemBytes(slice.map(({ line, value }) => sampleItem(value, line)))
    })
    const batches = [
      replied(lines.slice(0, 2)),
      answered(lines.slice(2, 3), 'not_found'),
      answered(lines.slice(3, 5), 'found'),
      replied(lines.slice(5))
    ]
    const bytesBefore = batches.map((batch) => Buffer.from(batch.items.bytes))
    const spareBytes = batches[0]?.items.spare?.byteLength ?? 0
    expect(await writer.appendResults(created.id, batches, NO_FIGURES)).toBe(6)
    expect(batches.map((batch) => Buffer.from(batch.items.bytes))).toEqual(bytesBefore)
    expect(batches[0]?.items.spare?.byteLength).toBe(name === "History's thread" ? 0 : spareBytes)
    const results = store.current(created.id).map(({ result }) => [result.line, result.status, result.item?.gtin ?? null])
    expect(results).toEqual(lines.map(({ line, value }, index) => [line, index === 2 ? 'not_found' : 'found', index === 2 ? null : value]))
  })

  it('takes a stopped lookup over with the lines to look up again, and leaves one with none as it was', async () => {
    const { store, writer } = start()
    const created = await writer.createLookup(request(validGtins(5)))
    const lines = valuesToLookUp(created)
    await writer.appendResults(created.id, [answered(lines.slice(0, 2), 'found')], NO_FIGURES)
    await writer.finishRun(created.id, 'cancelled', { ...NO_FIGURES, valuesPerSecond: 0 }, clock)
    expect(await writer.claimRun(created.id, ['failed'])).toBeNull()
    expect(store.lookup(created.id)?.state).toBe('cancelled')
    const claimed = await writer.claimRun(created.id, ['cancelled'])
    expect(claimed?.prior).toBe('cancelled')
    expect(claimed?.lines).toEqual(
      lines.slice(2).map(({ line, value }, index) => ({ storeNbr: 1234, line, value, seq: 2 + index, status: 'cancelled' }))
    )
    expect(store.lookup(created.id)?.state).toBe('running')
  })

  it('answers a refused write with its AppError, and carries on with the next', async () => {
    const { store, writer } = start()
    const created = await writer.createLookup(request(validGtins(3)))
    await writer.finishRun(created.id, 'cancelled', { ...NO_FIGURES, valuesPerSecond: 0 }, clock)
    expect(await writer.deleteLookup(created.id)).toBe(true)
    const refused = writer.appendResults(created.id, [answerBatchOf([{ storeNbr: 1234, line: 1, status: 'not_found' }])], NO_FIGURES)
    await expect(refused).rejects.toBeInstanceOf(AppError)
    await expect(refused).rejects.toMatchObject({ code: 'not_found' })
    await writer.saveDraft({ itemType: 'gtin', text: 'kept' })
    expect(store.loadDraft()).toEqual({ savedAt: clock, draft: { itemType: 'gtin', text: 'kept' } })
  })

  it('removes stopped lookups started before the retention cutoff, and no running one', async () => {
    const { store, writer } = start()
    const old = await writer.createLookup(request(validGtins(2), { startedAt: clock - 100 * 86_400_000 }))
    await writer.finishRun(old.id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 }, clock)
    const running = await writer.createLookup(request(validGtins(2), { startedAt: clock - 100 * 86_400_000 }))
    expect(await writer.purgeStartedBefore(clock - 90 * 86_400_000)).toBe(1)
    expect(store.lookup(old.id)).toBeNull()
    expect(store.lookup(running.id)?.state).toBe('running')
  })
})

describe("History's thread", () => {
  it('finishes the writes asked before it was closed, then refuses more', async () => {
    const store = createDirectHistory({ dir, log: createMemoryLogger(), now: () => clock })
    const path = store.path ?? ''
    const writer = startHistoryThread({ path, owner: store.owner, now: () => clock, log: createMemoryLogger() })
    const created = writer.createLookup(request(validGtins(1_000)))
    const closing = writer.close()
    const { id } = await created
    await closing
    expect(store.lookup(id)?.lines).toBe(1_000)
    await expect(writer.saveDraft({})).rejects.toThrow(/closed/)
    store.close()
  })
})
