import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { startHistoryThread } from './history-thread'
import type { LookupOrigin } from './lookup-origins'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import { NO_FIGURES, sampleLines, sampleLookup, valueFor } from './test-support/sample-lookups'

const NOW = 1_750_000_000_000

let dir: string
let history: DirectHistory
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lookup-origins-'))
  history = createDirectHistory({ dir, log: createMemoryLogger(), now: () => NOW })
})
afterEach(() => {
  history.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A lookup created as the app creates one, labelled with `origin` when given. */
const create = (origin?: LookupOrigin) =>
  history
    .operations()
    .createLookup({ lookup: sampleLookup([]), lines: asLines(validGtins(2)), ...(origin === undefined ? {} : { origin }) }, NOW).id

const run = (finish: boolean, origin?: LookupOrigin) => {
  const id = create(origin)
  if (finish) history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
  return id
}

describe('lookup origins', () => {
  it("label a watchlist's runs, find its latest finished one, and go with their lookup", () => {
    const first = run(true, { watchlistId: 'w1', watchlistName: 'Morning check', follows: null })
    const second = run(true, { watchlistId: 'w1', watchlistName: 'Morning check', follows: first, scheduled: 'missed' })
    run(false, { watchlistId: 'w1', watchlistName: 'Morning check', follows: second })
    expect(history.origin(second)).toEqual({ watchlistId: 'w1', watchlistName: 'Morning check', follows: first, scheduled: 'missed' })
    expect(history.origin(first)).toEqual({ watchlistId: 'w1', watchlistName: 'Morning check', follows: null, scheduled: null })
    expect(history.origin(run(true))).toBeNull()
    const carrying = history.createLookup(sampleLookup(sampleLines(2, { carried: true }), { carriedColumns: ['Description', 'Pack'] }))
    expect(history.inputs(carrying.id)).toEqual([
      { line: 1, input: valueFor(1), cells: ['Description 1', '1'] },
      { line: 2, input: valueFor(2), cells: ['Description 2', '2'] }
    ])
    // The running one is not a finished run to follow.
    expect(history.latestFinishedRun('w1')).toBe(second)
    expect(history.latestFinishedRun('w2')).toBeNull()

    expect(history.delete(second)).toBe(true)
    expect(history.origin(second)).toBeNull()
    expect(history.latestFinishedRun('w1')).toBe(first)
  })

  it("give a watchlist's latest ended runs for its trends, newest first and at most the number asked, not those still running", () => {
    const operations = history.operations()
    // Ended as the app ends a run: with its summary kept, which is what the trends draw.
    const endedRun = (state: 'finished' | 'cancelled', watchlistId?: string) => {
      const id = create(watchlistId === undefined ? undefined : { watchlistId, watchlistName: watchlistId, follows: null })
      operations.finishRun(id, state, { ...NO_FIGURES, valuesPerSecond: 0 }, NOW)
      return id
    }
    const ended = [endedRun('finished', 'w1'), endedRun('finished', 'w1'), endedRun('finished', 'w1')]
    const cancelled = endedRun('cancelled', 'w1')
    run(false, { watchlistId: 'w1', watchlistName: 'w1', follows: null })
    const other = endedRun('finished', 'w2')
    endedRun('finished')

    expect(history.watchlistRuns('w1', 10)).toEqual([cancelled, ...[...ended].reverse()])
    expect(history.watchlistRuns('w1', 2)).toEqual([cancelled, ended[2]])
    expect(history.watchlistRuns('w2', 10)).toEqual([other])
    expect(history.watchlistRuns('nobody', 10)).toEqual([])
  })

  it("are written in their lookup's own transaction: when the origin cannot be written, History keeps neither, on either writer", async () => {
    const path = history.path
    if (path === null) throw new Error('the history file did not open')
    const before = history.list().length
    const origin: LookupOrigin = { watchlistId: 'w1', watchlistName: 'Morning check', follows: null, scheduled: 'scheduled' }
    // A failure injected after the lookup's row and lines are in, where the origin is written.
    const other = new DatabaseSync(path)
    other.exec("CREATE TRIGGER refuse_origins BEFORE INSERT ON lookup_origins BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    other.close()

    expect(() => create(origin)).toThrow('disk full')
    const writer = startHistoryThread({ path, owner: history.owner, now: () => NOW, log: createMemoryLogger() })
    try {
      await expect(writer.createLookup({ lookup: sampleLookup([]), lines: asLines(validGtins(2)), origin })).rejects.toThrow('disk full')
      expect(history.list()).toHaveLength(before)
      expect(history.latestFinishedRun('w1')).toBeNull()

      // Once the origin can be written, it is in History as soon as the lookup is, with no write after.
      const fixed = new DatabaseSync(path)
      fixed.exec('DROP TRIGGER refuse_origins')
      fixed.close()
      const { id } = await writer.createLookup({ lookup: sampleLookup([]), lines: asLines(validGtins(2)), origin })
      expect(history.origin(id)).toEqual(origin)
      expect(history.list()).toHaveLength(before + 1)
    } finally {
      await writer.close()
    }
  })
})
