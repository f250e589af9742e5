import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import type { AnswerRow } from './history-types'
import { NO_FIGURES, sampleItem, sampleLines, sampleLookup, valueFor } from './test-support/sample-lookups'
import { encodeItem } from './item-batch'

let dir: string
let clock: number
const stores: DirectHistory[] = []

function open(at: string | null = dir): DirectHistory {
  const store = createDirectHistory({ dir: at, log: createMemoryLogger(), now: () => clock })
  stores.push(store)
  return store
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-store-'))
  clock = 1_750_000_000_000
})
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  rmSync(dir, { recursive: true, force: true })
})

function answers(lines: number[], status: 'found' | 'not_found' = 'found'): AnswerRow[] {
  return lines.map((line) =>
    status === 'found'
      ? { storeNbr: 1234, line, status, item: encodeItem(sampleItem(valueFor(line), line)) }
      : { storeNbr: 1234, line, status }
  )
}

describe('history store', () => {
  it('keeps a lookup, its lines and its results, and reads the log back in pages', () => {
    const history = open()
    const lookup = history.createLookup(
      sampleLookup(sampleLines(6, { invalid: [2], duplicates: new Map([[5, 1]]), carried: true }), {
        carriedColumns: ['Description', 'Pack']
      })
    )
    expect(lookup).toMatchObject({ state: 'running', lines: 6, stores: [1234], resultsCount: 2, carriedColumns: ['Description', 'Pack'] })
    expect(lookup.counts).toMatchObject({ invalid: 1, duplicate: 1 })

    history.appendResults(lookup.id, [...answers([1, 3]), ...answers([4], 'not_found')], {
      ...NO_FIGURES,
      requests: 1,
      batchesDone: 1,
      batchesTotal: 2
    })
    history.appendResults(
      lookup.id,
      [{ storeNbr: 1234, line: 6, status: 'failed', error: { code: 'server_error', message: 'The server failed.', status: 503 } }],
      {
        ...NO_FIGURES,
        requests: 4,
        retries: 3,
        batchesDone: 2,
        batchesTotal: 2
      }
    )
    history.finishRun(lookup.id, 'finished', {
      ...NO_FIGURES,
      requests: 4,
      retries: 3,
      batchesDone: 2,
      batchesTotal: 2,
      valuesPerSecond: 12.5
    })

    const stored = history.lookup(lookup.id)
    expect(stored).toMatchObject({ state: 'finished', finishedAt: clock, requests: 4, retries: 3, resultsCount: 6, valuesPerSecond: 12.5 })
    expect(stored?.counts).toEqual({ found: 2, not_found: 1, invalid: 1, duplicate: 1, failed: 1, cancelled: 0 })

    const first = history.log(lookup.id, 0, 4)
    expect(first.next).toBe(4)
    expect(first.entries.map((entry) => [entry.line, entry.status])).toEqual([
      [2, 'invalid'],
      [5, 'duplicate'],
      [1, 'found'],
      [3, 'found']
    ])
    expect(first.entries[0]).toEqual({
      storeNbr: 1234,
      line: 2,
      input: 'bad2',
      value: null,
      status: 'invalid',
      invalidReason: 'characters',
      note: 'bad2 is not a GTIN.',
      carried: ['Description 2', '2']
    })
    expect(first.entries[1]).toMatchObject({ duplicateOf: 1, value: valueFor(1) })
    expect(first.entries[3]?.item).toEqual(sampleItem(valueFor(3), 3))
    const rest = history.log(lookup.id, first.next, 100)
    expect(rest.next).toBe(6)
    expect(rest.entries.map((entry) => entry.status)).toEqual(['not_found', 'failed'])
    expect(rest.entries[1]?.error).toEqual({ code: 'server_error', message: 'The server failed.', status: 503 })
    expect(history.log(lookup.id, 6, 100)).toEqual({ entries: [], next: 6 })

    expect(history.current(lookup.id).map(({ result }) => result.line)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('lets a retried failure and a resumed cancellation replace the earlier result, and nothing else', () => {
    const history = open()
    const { id } = history.createLookup(sampleLookup(sampleLines(3)))
    history.appendResults(
      id,
      [{ storeNbr: 1234, line: 1, status: 'failed', error: { code: 'timeout', message: 'Timed out.' } }, ...answers([2])],
      NO_FIGURES
    )
    history.finishRun(id, 'cancelled', { ...NO_FIGURES, valuesPerSecond: 0 })
    // Line 3 was never answered: stopping gives it a cancelled result.
    expect(history.lookup(id)?.counts).toMatchObject({ failed: 1, found: 1, cancelled: 1 })

    const again = history.linesWith(id, ['failed', 'cancelled'])
    expect(again.map((line) => [line.line, line.status, line.value])).toEqual([
      [1, 'failed', valueFor(1)],
      [3, 'cancelled', valueFor(3)]
    ])
    expect(history.claimRun(id)).toBe('cancelled')
    history.appendResults(
      id,
      again.map((line): AnswerRow => ({
        storeNbr: 1234,
        line: line.line,
        status: 'found',
        item: encodeItem(sampleItem(line.value, 1)),
        replaces: { seq: line.seq, status: line.status }
      })),
      NO_FIGURES
    )
    expect(history.lookup(id)?.counts).toMatchObject({ failed: 0, found: 3, cancelled: 0 })
    // The log keeps what was superseded; the current results have one per line.
    expect(history.log(id, 0, 100).entries.map((entry) => `${entry.line}:${entry.status}`)).toEqual([
      '1:failed',
      '2:found',
      '3:cancelled',
      '1:found',
      '3:found'
    ])
    expect(history.current(id).map(({ result }) => `${result.line}:${result.status}`)).toEqual(['1:found', '2:found', '3:found'])

    // A found line is final: replacing it, or adding a second result for a line, is refused and changes nothing.
    const foundSeq = history.linesWith(id, ['found'])[0]?.seq ?? -1
    expect(() =>
      history.appendResults(
        id,
        [{ storeNbr: 1234, line: 2, status: 'not_found', replaces: { seq: foundSeq, status: 'failed' } }],
        NO_FIGURES
      )
    ).toThrow()
    expect(() => history.appendResults(id, answers([2], 'not_found'), NO_FIGURES)).toThrow(/UNIQUE/)
    expect(history.lookup(id)?.resultsCount).toBe(5)
  })

  it('writes a batch longer than one insert statement row by row in order, each result with its own item, or none of it', () => {
    const history = open()
    const { id } = history.createLookup(sampleLookup(sampleLines(260)))
    history.appendResults(
      id,
      [{ storeNbr: 1234, line: 7, status: 'failed', error: { code: 'timeout', message: 'Timed out.' } }],
      NO_FIGURES
    )
    const failedSeq = history.linesWith(id, ['failed'])[0]?.seq ?? -1
    // 250 answers: two full statements of 100 and 50 one by one; every third not found, line 7 replacing its failure.
    const lines = Array.from({ length: 250 }, (_, index) => index + 1)
    const batch = lines.map((line): AnswerRow => {
      const answer =
        line % 3 === 0
          ? { storeNbr: 1234, line, status: 'not_found' as const }
          : { storeNbr: 1234, line, status: 'found' as const, item: encodeItem(sampleItem(valueFor(line), line)) }
      return line === 7 ? { ...answer, replaces: { seq: failedSeq, status: 'failed' } } : answer
    })
    expect(history.appendResults(id, batch, NO_FIGURES)).toBe(251)
    const entries = history.log(id, 1, 1000).entries
    expect(entries.map((entry) => entry.line)).toEqual(lines)
    for (const entry of entries) {
      expect(entry.status).toBe(entry.line % 3 === 0 ? 'not_found' : 'found')
      expect(entry.item?.gtin).toBe(entry.line % 3 === 0 ? undefined : valueFor(entry.line))
    }
    expect(history.lookup(id)?.counts).toMatchObject({ found: 167, not_found: 83, failed: 0 })

    // A batch with one result the database refuses (line 1 already has one) leaves nothing of it written.
    expect(() => history.appendResults(id, answers([251, 252, 1, 253]), NO_FIGURES)).toThrow(/UNIQUE/)
    expect(history.lookup(id)?.resultsCount).toBe(251)
    expect(history.current(id).filter(({ result }) => result.line > 250)).toEqual([])
  })

  it('marks lookups left running by a process that is gone as interrupted, with every unanswered line cancelled', () => {
    const first = open()
    const { id } = first.createLookup(sampleLookup(sampleLines(4)))
    first.appendResults(id, answers([1, 2]), NO_FIGURES)
    first.close()
    clock += 5_000

    const second = open()
    const lookup = second.lookup(id)
    expect(lookup).toMatchObject({ state: 'interrupted', finishedAt: 1_750_000_000_000 })
    expect(lookup?.counts).toMatchObject({ found: 2, cancelled: 2 })
    expect(second.current(id).map(({ result }) => result.status)).toEqual(['found', 'found', 'cancelled', 'cancelled'])
  })

  it('leaves a lookup another live store is running alone, and refuses to take it over', () => {
    const running = open()
    const { id } = running.createLookup(sampleLookup(sampleLines(2)))
    const other = open()
    expect(other.lookup(id)?.state).toBe('running')
    expect(() => other.claimRun(id)).toThrow(/running in another window/)
    expect(() => other.delete(id)).toThrow(/still running/)
    expect(() => other.appendResults(id, answers([1]), NO_FIGURES)).toThrow(/no longer in History/)
    expect(other.lookup(id)?.resultsCount).toBe(0)
  })

  it('finds lookups newest first by a value however it was typed, a store number, an environment or a state', () => {
    const history = open()
    const gtin12 = '036000291452'
    const a = history.createLookup(sampleLookup([{ line: 1, input: gtin12, value: `00${gtin12}` }], { stores: [1234] })).id
    history.finishRun(a, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
    const b = history.createLookup(sampleLookup(sampleLines(2), { stores: [77], environment: 'sandbox' })).id
    history.finishRun(b, 'cancelled', { ...NO_FIGURES, valuesPerSecond: 0 })
    const c = history.createLookup(sampleLookup(sampleLines(1), { stores: [1234] })).id
    history.finishRun(c, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })

    const ids = (search: string, beforeId?: number) =>
      history.list({ search, ...(beforeId === undefined ? {} : { beforeId }) }).map((lookup) => lookup.id)
    expect(ids('')).toEqual([c, b, a])
    expect(ids(gtin12)).toEqual([a])
    expect(ids(`00${gtin12}`)).toEqual([a])
    expect(ids('1234')).toEqual([c, a])
    expect(ids('1234', c)).toEqual([a])
    expect(ids('Sandbox')).toEqual([b])
    expect(ids('cancelled')).toEqual([b])
    expect(ids(`demo ${valueFor(1)}`)).toEqual([c])
    expect(ids('nothing-like-this')).toEqual([])
  })

  it('names the previous lookup of the same environment, stores and item type', () => {
    const history = open()
    const make = (overrides: Parameters<typeof sampleLookup>[1]) => {
      const { id } = history.createLookup(sampleLookup(sampleLines(1), overrides))
      history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
      return id
    }
    const older = make({})
    make({ stores: [99] })
    make({ environment: 'sandbox' })
    make({ itemType: 'wm_item_number' })
    const latest = make({})
    expect(history.previous(latest)?.id).toBe(older)
    expect(history.previous(older)).toBeNull()

    // Several stores: the same set, in whatever order they were listed; a subset or a superset is another lookup.
    const many = make({ stores: [5, 7] })
    make({ stores: [5] })
    make({ stores: [5, 7, 9] })
    const reordered = make({ stores: [7, 5] })
    expect(history.previous(reordered)?.id).toBe(many)
    expect(history.previous(many)).toBeNull()
  })

  it('deletes a lookup with everything stored for it, and removes stopped lookups older than the retention period', () => {
    const history = open()
    const ids = [0, 1, 2].map((day) => {
      clock = 1_750_000_000_000 + day * 86_400_000
      const { id } = history.createLookup(sampleLookup(sampleLines(2_000), { startedAt: clock }))
      history.appendResults(id, answers(Array.from({ length: 2_000 }, (_, i) => i + 1)), NO_FIGURES)
      history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
      return id
    })
    const sizeWithThree = history.sizeBytes()
    expect(history.delete(ids[1] ?? -1)).toBe(true)
    expect(history.delete(ids[1] ?? -1)).toBe(false)
    expect(history.lookup(ids[1] ?? -1)).toBeNull()
    expect(history.log(ids[1] ?? -1, 0, 10)).toEqual({ entries: [], next: 0 })
    expect(history.purgeStartedBefore(1_750_000_000_000 + 86_400_000)).toBe(1)
    expect(history.list().map((lookup) => lookup.id)).toEqual([ids[2]])
    expect(history.sizeBytes()).toBeLessThan(sizeWithThree)
  })

  it('keeps a draft across a restart', () => {
    const history = open()
    expect(history.loadDraft()).toBeNull()
    history.saveDraft({ text: '123\n456', importNote: null })
    history.close()
    expect(open().loadDraft()).toEqual({ savedAt: clock, draft: { text: '123\n456', importNote: null } })
  })

  it('keeps no file when asked: the lookups last as long as the connection, and nothing is written to the data folder', () => {
    const history = open(null)
    expect(history.path).toBeNull()
    const { id } = history.createLookup(sampleLookup(sampleLines(1)))
    expect(history.lookup(id)?.lines).toBe(1)
    expect(history.sizeBytes()).toBeGreaterThan(0)
    expect(readdirSync(dir)).toEqual([])
    history.close()
    expect(open(null).lookup(id)).toBeNull()
  })
})
